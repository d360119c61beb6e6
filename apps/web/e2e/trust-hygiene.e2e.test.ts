import { describe, expect, it } from "vitest";
import { screenshotPath, viewports } from "./browser";
import { dashboardSuite, signedInPage } from "./dashboard-support";

/**
 * Issue 24 §4–6, as a person meets them in the browser: unknown pages, an Overview whose panels fail
 * one at a time, errors in words.
 */
const suite = dashboardSuite();

describe("unknown pages", () => {
  it("answer HTTP 404 with the designed page, in the site and in the docs", async () => {
    suite.allow([/status of 404/]);
    const opened = suite.track(await signedInPage(suite.browser, suite.server, null));
    const { page } = opened;
    for (const [path, inDocs] of [
      ["/no/such/page", false],
      ["/dashboard/1/2", false],
      ["/docs/no-such-guide", true],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      // The designed page is in the HTML itself, before any script runs.
      expect(await response?.text(), path).toContain("Page not found");
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      expect(await page.title()).toBe("Page not found · Hearth");
      if (inDocs) await page.getByRole("navigation", { name: "Documentation" }).waitFor();
    }
    // Client routes of the shell still answer 200.
    for (const path of ["/dashboard", `/giveaways/${suite.fixture.demoServerId}/1`]) {
      expect((await fetch(`${suite.server.baseUrl}${path}`)).status, path).toBe(200);
    }
  });
});

describe("overview", () => {
  it("one failed read doesn't blank the whole Overview: its panels say so, with the 503's 'try again', and retry", async () => {
    suite.allow([/status of 503/, /API Error: 503/]);
    const opened = suite.track(
      await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewports.desktop),
    );
    const { page } = opened;
    let failing = true;
    await page.route("**/api/grinders/*/grinders?*", (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            headers: { "retry-after": "5" },
            body: JSON.stringify({
              error: "Service Unavailable",
              message: "The database is unavailable right now; try again in a few seconds",
            }),
          })
        : route.continue(),
    );
    await page.goto("/dashboard?tab=overview");
    const panel = page.getByRole("tabpanel");
    const alerts = panel
      .getByRole("alert")
      .filter({ hasText: "Failed to load dashboard data. Please try again." });
    await alerts.first().waitFor();
    expect(await alerts.count()).toBeGreaterThanOrEqual(5);
    await alerts
      .first()
      .getByText("The database is unavailable right now; try again in a few seconds")
      .waitFor();
    // The panels fed by other reads stay: the server's card and its member count.
    const serverInfo = panel.getByRole("region", { name: "Server Info" });
    await serverInfo.getByText("Owner").waitFor();
    expect(await serverInfo.getByRole("alert").count()).toBe(0);
    expect(await panel.getByRole("article", { name: "Members" }).textContent()).not.toContain("—");
    await page.screenshot({ path: screenshotPath("overview-one-panel-failed"), fullPage: true });

    failing = false;
    await alerts.first().getByRole("button", { name: "Try again" }).click();
    await panel.getByRole("article", { name: "Total Grinders" }).waitFor();
    await expect.poll(() => alerts.count()).toBe(0);
  });
});
