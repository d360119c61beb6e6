import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
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

    // The Add tier form's role select: the Admin role is there, disabled, with the reason.
    const select = page.getByRole("form", { name: "Add tier" }).getByLabel("Tier role");
    const option = select.locator("option", { hasText: "@Admin" });
    expect(await option.textContent()).toMatch(/@Admin \(can't be given: it has Administrator/);
    expect(await option.evaluate((element) => (element as HTMLOptionElement).disabled)).toBe(true);
    const gold = select.locator("option", { hasText: "@Gold" });
    expect(await gold.evaluate((element) => (element as HTMLOptionElement).disabled)).toBe(false);
    await page.screenshot({ path: screenshotPath("setup-unsafe-roles"), fullPage: true });
  });
});
