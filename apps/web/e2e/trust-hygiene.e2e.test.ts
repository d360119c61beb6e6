import { spawn } from "node:child_process";
import path from "node:path";
import type { ServerSetup } from "@hearth/core";
import { describe, expect, it } from "vitest";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";
import { createDemoToken, repoRoot } from "./hearth-server";

/**
 * Issue 24 §4–6, as a person meets them in the browser: unknown pages, an Overview whose panels fail
 * one at a time, errors in words.
 */
const suite = dashboardSuite();
const tokenCli = path.join(repoRoot, "apps", "server", "src", "cli", "token.ts");

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

describe("public giveaways", () => {
  it("a failed list says so with a retry, never 'No giveaways found'", async () => {
    suite.allow([/status of 503/, /API Error: 503/]);
    const { page } = suite.track(await signedInPage(suite.browser, suite.server, null));
    let failing = true;
    await page.route("**/api/giveaways?*", (route) =>
      failing
        ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
        : route.continue(),
    );
    await page.goto("/giveaways");
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load giveaways. Please try again." });
    await alert.waitFor();
    expect(await page.getByRole("heading", { name: "No giveaways found" }).count()).toBe(0);
    failing = false;
    await alert.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("link", { name: "View Details" }).first().waitFor();
    expect(await alert.count()).toBe(0);
  });
});

describe("docs tables", () => {
  it("never break a word mid-word at 390 px: the table scrolls instead", async () => {
    const { page } = suite.track(await signedInPage(suite.browser, suite.server, null, viewports.mobile));
    for (const path of ["/docs/grinder", "/docs/advanced", "/docs/economy", "/docs/votetracker"]) {
      await page.goto(path);
      await page.locator("table").first().waitFor();
      const broken = await page.evaluate(() => {
        const found: string[] = [];
        for (const cell of document.querySelectorAll("main table td, main table th")) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            // Words between spaces and hyphens: a line may end after a hyphen, never inside a word.
            for (const match of text.matchAll(/[^\s-]+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index ?? 0);
              range.setEnd(node, (match.index ?? 0) + match[0].length);
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
              if (lines.size > 1) found.push(match[0]);
            }
          }
        }
        return found;
      });
      expect(broken, path).toEqual([]);
    }
  });
});

describe("dashboard tab strip", () => {
  it("shows at 390 px that there are more tabs to scroll to, on the side they are", async () => {
    const { page } = suite.track(
      await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewports.mobile),
    );
    await page.goto("/dashboard?tab=overview");
    await page.getByRole("tabpanel").waitFor();
    const after = page.getByTestId("tabs-more-after");
    const before = page.getByTestId("tabs-more-before");
    await after.waitFor();
    expect(await before.count()).toBe(0);
    await page.screenshot({ path: screenshotPath("dashboard-tabs-more-mobile") });
    // Pressing the arrow scrolls; at the far end the hint moves to the other side.
    await page.getByRole("tablist").evaluate((list) => {
      list.scrollLeft = list.scrollWidth;
    });
    await before.waitFor();
    await after.waitFor({ state: "detached" });
  });
});

describe("greetings preview", () => {
  it("draws a mention in the embed title as Discord does (plain text), and says why it paused", async () => {
    const { page } = suite.track(
      await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewports.desktop),
    );
    await page.goto("/dashboard?tab=greetings");
    await page.getByRole("tabpanel").waitFor();
    await page.getByLabel("Title").fill("Welcome {user.mention}!");
    await page.getByLabel("Description", { exact: true }).first().fill("Say hi to {user.mention}");
    // The title keeps the raw mention; the description draws it as a pill, as Discord does.
    const title = page.getByText(/^Welcome <@\d+>!$/);
    await title.waitFor();
    expect(await title.locator("span").count()).toBe(0);
    await page
      .getByText(/^Say hi to @/)
      .locator("span")
      .first()
      .waitFor();

    await page.getByLabel("Title").fill("");
    await page.getByLabel("Description", { exact: true }).first().fill("");
    const paused = page.getByRole("status").filter({ hasText: "Preview paused" });
    await paused.waitFor();
    await paused.getByText("Description: the embed needs a title or a description").waitFor();
    await page.screenshot({ path: screenshotPath("greetings-preview-paused") });
    await page.getByLabel("Title").fill("Welcome back");
    await paused.waitFor({ state: "detached" });
  });
});

describe("unsaved changes", () => {
  const leaveDialog = (page: import("playwright-core").Page) =>
    page.getByRole("dialog").filter({ hasText: "Leave without saving?" });

  it("Setup and Greetings ask before another tab replaces them; Stay keeps the edit, Leave goes", async () => {
    const { page } = suite.track(
      await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewports.desktop),
    );
    await page.goto("/dashboard?tab=setup");
    await page.getByRole("tabpanel").waitFor();
    await page.getByRole("switch", { name: "Tier switching" }).click();
    await page.getByText("You have unsaved changes to the setup.").waitFor();
    await page.getByRole("tab", { name: "Greetings" }).click();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole("button", { name: "Stay" }).click();
    expect(page.url()).toContain("tab=setup");
    await page.getByText("You have unsaved changes to the setup.").waitFor();
    await page.getByRole("tab", { name: "Greetings" }).click();
    await leaveDialog(page).getByRole("button", { name: "Leave without saving" }).click();
    await page.waitForURL(/tab=greetings/);

    // Greetings: a link out of the dashboard asks too, and so does closing the page.
    await page.getByLabel("Title").fill("Unsaved greeting");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Commands" }).click();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole("button", { name: "Stay" }).click();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard/);
    // Closing or reloading the page: the beforeunload handler asks the browser to prompt.
    const prompts = await page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prompts).toBe(true);
  });

  it("Settings asks while a typed value isn't saved (refused), and not once it is", async () => {
    const { page } = suite.track(
      await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewports.desktop),
    );
    await page.goto("/dashboard?tab=settings");
    await page.getByRole("tabpanel").waitFor();
    const limit = page.getByLabel("Member trigger limit");
    await limit.fill("500");
    await page.getByRole("tab", { name: "Timers" }).click();
    await leaveDialog(page).getByRole("button", { name: "Stay" }).click();
    expect(page.url()).toContain("tab=settings");
    await limit.fill("4");
    await limit.press("Enter");
    await expect
      .poll(
        async () =>
          (
            await fetch(`${suite.server.baseUrl}/api/settings/fetch`, {
              headers: { authorization: suite.fixture.demoToken },
            }).then((response) => response.json())
          ).memberTriggerLimit,
      )
      .toBe(4);
    await page.getByRole("tab", { name: "Timers" }).click();
    await page.waitForURL(/tab=timers/);
    expect(await leaveDialog(page).count()).toBe(0);
  });
});

describe("grinder DMs", () => {
  it("ask first naming how many get the DM, then show sent and failed so far while sending", async () => {
    const { page } = suite.track(
      await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewports.desktop),
    );
    await page.goto("/dashboard?tab=grinders");
    await page.getByRole("tabpanel").waitFor();
    const button = page.getByRole("button", { name: /^DM Unpaid Members/ });
    // The count is shown once the roster has loaded ("…" until then).
    await expect.poll(() => button.locator("span").last().textContent()).toMatch(/^\d+$/);
    const count = Number(await button.locator("span").last().textContent());
    expect(count).toBeGreaterThan(1);
    await page.getByLabel("Message", { exact: true }).fill("Payments are due Sunday.");
    await button.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: `DM ${count} unpaid grinders?` }).waitFor();
    await dialog.getByRole("button", { name: `Send to ${count} unpaid grinders` }).click();
    const status = page.getByRole("status").filter({ hasText: /^Sending… \d+ of \d+ sent/ });
    await status.waitFor();
    expect(await status.textContent()).toMatch(new RegExp(`^Sending… \\d+ of ${count} sent`));
    await page.screenshot({ path: screenshotPath("grinders-dm-progress") });
    await page
      .getByRole("region", { name: "Notifications" })
      .getByText("DM sent to unpaid grinders successfully", { exact: true })
      .waitFor({ timeout: 40_000 });
  });
});

/** Revokes the demo owner's live token (made at start-up) with the CLI and makes a new one. */
async function freshOwnerToken(): Promise<string> {
  try {
    return await createDemoToken(suite.server);
  } catch (error) {
    const id = /revoke it first \(id ([0-9a-f]+)\)/.exec(String(error))?.[1];
    if (!id) throw error;
    const child = spawn(process.execPath, ["--import", "tsx", tokenCli, "revoke", id], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: suite.server.databaseUrl, LOG_LEVEL: "silent", DISCORD_TOKEN: "" },
      stdio: "ignore",
    });
    await new Promise((resolve) => child.once("exit", resolve));
    return createDemoToken(suite.server);
  }
}

describe("setup tiers", () => {
  it("can be edited in place (payment and role), not only removed", async () => {
    // The demo server's owner (the role-safety rule lets a member give only roles below their own
    // highest): their start-up token is revoked with the CLI, and a new one made.
    suite.allow([/status of 400/, /API Error: 400/]);
    const owner = await freshOwnerToken();
    const setupPath = `/api/server/${suite.fixture.demoServerId}/setup`;
    const before = (await api<ServerSetup>(suite.server, owner, setupPath)).body;
    const tier = before.tiers[0] ?? "";
    const { page } = suite.track(await signedInPage(suite.browser, suite.server, owner, viewports.desktop));
    await page.goto("/dashboard?tab=setup");
    await page.getByRole("tabpanel").waitFor();
    await page.getByRole("button", { name: `Edit tier ${tier}` }).click();
    const form = page.getByRole("form", { name: `Edit tier ${tier}` });
    await form.getByLabel(`${tier}: payment`).fill("1,5m");
    await form.getByRole("button", { name: "Save tier" }).click();
    await form.getByText(/ambiguous/).waitFor();
    await form.getByLabel(`${tier}: payment`).fill("1.75m");
    // The tier's role picker still shows the saved role, by name.
    const roles = (await api<{ id: string; name: string }[]>(suite.server, owner, "/api/dashboard/roles"))
      .body;
    const saved = roles.find((role) => role.id === before.tierRoles[tier]);
    expect(saved).toBeDefined();
    expect(await form.getByRole("combobox", { name: `${tier}: role` }).inputValue()).toBe(`@${saved?.name}`);
    await form.getByRole("button", { name: "Save tier" }).click();

    await page
      .getByRole("region", { name: "Notifications" })
      .getByText("Tier updated successfully", { exact: true })
      .waitFor();
    const after = (await api<ServerSetup>(suite.server, owner, setupPath)).body;
    expect(after.payments[after.tiers.indexOf(tier)]).toBe(1_750_000);
    expect(after.tierRoles[tier]).toBe(before.tierRoles[tier]);

    // The audit log names what the entry is about: labels and names, not keys and ids.
    await page.getByRole("tab", { name: "Settings" }).click();
    const entries = page.getByRole("list", { name: "Audit log entries" });
    await entries.getByRole("listitem").first().waitFor();
    const latest = (await entries.getByRole("listitem").first().textContent()) ?? "";
    expect(latest).not.toMatch(/\d{17,20}|[a-z][A-Z][a-z]+Id\b/);
  });
});
