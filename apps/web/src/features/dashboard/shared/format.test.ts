import { describe, expect, it } from "vitest";
import { abbreviate, percentOf, perPeriod, readableMentions } from "./format";

describe("dashboard formatting", () => {
  it.each([
    [999, "999"],
    [1500, "1.5K"],
    [28_500_000, "28.5M"],
    [2_000_000_000, "2.0B"],
  ])("abbreviates %d as %s (K, M, B, one decimal)", (value, text) => {
    expect(abbreviate(value)).toBe(text);
  });

  it("computes percentages without dividing by zero", () => {
    expect(percentOf(22, 42)).toBe(52);
    expect(percentOf(0, 0)).toBe(0);
  });

  it("names the payment period", () => {
    expect(perPeriod("weekly")).toBe("per week");
    expect(perPeriod(undefined)).toBe("per period");
  });

  it("makes mentions readable", () => {
    const text = "Heist! <@&108527213346816011> in <#108528849125376013>, ping <@320169679257600007>";
    expect(
      readableMentions(text, {
        roles: [{ id: "108527213346816011", name: "Events Ping" }],
        channels: [{ id: "108528849125376013", name: "events" }],
      }),
    ).toBe("Heist! @Events Ping in #events, ping @user");
  });
});
