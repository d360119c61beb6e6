import type { ServerSetup } from "@hearth/core";
import { tierSwitchCooldowns } from "@hearth/core";
import { describe, expect, it } from "vitest";
import { canAddTier, cooldownLabels, formToSetupBody, setupFieldOf, setupToForm } from "./setup-form";

const setup: ServerSetup = {
  managerRoleId: "108526986854400010",
  grinderBaseRoleId: null,
  paymentsChannelId: "108528723296256012",
  ticketCategoryId: null,
  logChannelId: null,
  events: { manager: null, pingRole: "108527213346816011" },
  grinders: { switchTierEnabled: false, switchTierCooldown: "24h", paymentPeriod: "weekly" },
  tiers: ["Bronze"],
  payments: [250_000],
  tierRoles: { Bronze: "108527112683520010" },
};

describe("setup form", () => {
  it("round-trips the setup, clearing empty ids with null and leaving tiers out", () => {
    const form = setupToForm(setup);
    expect(form.grinderBaseRoleId).toBe("");
    const body = formToSetupBody({ ...form, paymentsChannelId: "" });
    expect(body).toEqual({
      managerRoleId: "108526986854400010",
      grinderBaseRoleId: null,
      paymentsChannelId: null,
      ticketCategoryId: null,
      logChannelId: null,
      events: { manager: null, pingRole: "108527213346816011" },
      grinders: { switchTierEnabled: false, switchTierCooldown: "24h", paymentPeriod: "weekly" },
    });
    expect(body).not.toHaveProperty("tiers");
  });

  it("offers exactly the spec's cooldowns", () => {
    expect(Object.keys(cooldownLabels)).toEqual([...tierSwitchCooldowns]);
    expect(tierSwitchCooldowns).toEqual(["0s", "12h", "24h", "7d"]);
  });

  it("enables Add tier only with a name, a payment and a role", () => {
    const full = { tierName: "Platinum", tierPayment: "5m", tierRoleId: "108527037186048010" };
    expect(canAddTier(full)).toBe(true);
    expect(canAddTier({ ...full, tierName: "  " })).toBe(false);
    expect(canAddTier({ ...full, tierPayment: "" })).toBe(false);
    expect(canAddTier({ ...full, tierRoleId: "" })).toBe(false);
  });

  it("maps the API's field paths onto the form", () => {
    expect(setupFieldOf("events.pingRole")).toBe("eventsPingRole");
    expect(setupFieldOf("tiers")).toBeNull();
  });
});
