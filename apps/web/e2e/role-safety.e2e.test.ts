import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

/**
 * Issue 24 §1 as an admin meets it on the Setup tab: roles Hearth won't give are offered disabled
 * with the reason, and a setup saved before the rule is flagged, naming the role and why.
 */
const suite = dashboardSuite();

describe("the role-safety rule on the Setup tab", () => {
  it("shows unsafe roles disabled with their reason, and flags a tier saved with one before the rule", async () => {
    const { demoServerId, demoToken } = suite.fixture;
    const roles = (
      await api<{ id: string; name: string; unsafeReason: string | null }[]>(
        suite.server,
        demoToken,
        "/api/dashboard/roles",
      )
    ).body;
    const admin = roles.find((role) => role.name === "Admin");
    if (!admin) throw new Error("the demo server has no Admin role");
    expect(admin.unsafeReason).toMatch(/has Administrator/);
    // A tier stored with the Admin role, as a setup saved before the rule could hold it.
    const db = new DatabaseSync(suite.server.databaseUrl);
    try {
      db.prepare(
        "INSERT INTO server_tiers (server_id, name, name_key, payment, role_id, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).run(demoServerId, "Legacy", "legacy", 1000, admin.id, 99, Date.now());
    } finally {
      db.close();
    }

    const opened = suite.track(await signedInPage(suite.browser, suite.server, demoToken, viewports.desktop));
    const { page } = opened;
    await page.goto("/dashboard?tab=setup");
    const warning = page.getByRole("alert").filter({ hasText: "can't be given" });
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/Tier Legacy: @Admin: it has Administrator/);
    const tierRow = page
      .getByRole("list", { name: "Tiers" })
      .getByRole("listitem")
      .filter({ hasText: "Legacy" });
    expect(await tierRow.textContent()).toContain("Hearth won't give @Admin");

    // The Add tier form's role picker: the Admin role is listed, disabled, with the reason.
    const picker = page.getByRole("form", { name: "Add tier" }).getByRole("combobox", { name: "Tier role" });
    await picker.fill("Admin");
    const listbox = page.getByRole("listbox", { name: "Tier role" });
    const option = listbox.getByRole("option", { name: /^Admin\b/ });
    await option.waitFor();
    expect(await option.textContent()).toMatch(/^Admin.*has Administrator/);
    expect(await option.getAttribute("aria-disabled")).toBe("true");
    // The open list, its disabled option and reason included, passes the accessibility scan.
    await expectNoAxeViolations(page, '[role="tabpanel"]');
    // Choosing it does nothing: the picker never shows it as chosen.
    await option.click({ force: true });
    expect(await picker.inputValue()).not.toBe("@Admin");
    await picker.fill("Gold");
    const gold = listbox.getByRole("option", { name: /^Gold\b/ });
    await gold.waitFor();
    expect(await gold.getAttribute("aria-disabled")).not.toBe("true");
    await page.screenshot({ path: screenshotPath("setup-unsafe-roles"), fullPage: true });
  });
});
