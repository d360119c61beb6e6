import type { AuditPage, TriggerList } from "@hearth/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage, storedSession } from "./dashboard-support";

// The Settings tab's cards that change or remove data: the server's triggers, the audit log that
// records who did it, and the owner's data purge. Their own server: the purge deletes a server's data.

const suite = dashboardSuite();

async function openSettings(token: string): Promise<Page> {
  const opened = suite.track(await signedInPage(suite.browser, suite.server, token, viewports.desktop));
  await opened.page.goto("/dashboard?tab=settings");
  await opened.page.getByRole("tabpanel").waitFor();
  return opened.page;
}

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true }).waitFor();

describe("settings: triggers and the audit log", () => {
  it("deletes a trigger after confirming, and the audit log shows who did it", async () => {
    const triggersPath = `/api/triggers/${suite.fixture.demoServerId}`;
    const before = (await api<TriggerList>(suite.server, suite.fixture.demoToken, triggersPath)).body;
    const [doomed, kept] = before.triggers;
    if (!doomed || !kept) throw new Error("the demo server needs two triggers");

    const page = await openSettings(suite.fixture.demoToken);
    const card = page.getByRole("region", { name: "Server Triggers" });
    const list = card.getByRole("list", { name: "Triggers" });
    await list.getByText(doomed.keyword, { exact: true }).waitFor();
    await card
      .getByText(
        `${before.triggers.length} of ${before.serverLimit} · each member may own ${before.memberLimit};`,
        {
          exact: false,
        },
      )
      .waitFor();

    // Cancelling keeps it.
    await card.getByRole("button", { name: `Delete the trigger “${doomed.keyword}”` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Hearth stops answering this keyword at once.", { exact: false }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(
      (await api<TriggerList>(suite.server, suite.fixture.demoToken, triggersPath)).body.triggers,
    ).toHaveLength(before.triggers.length);

    await card.getByRole("button", { name: `Delete the trigger “${doomed.keyword}”` }).click();
    await dialog.getByRole("button", { name: "Delete Trigger", exact: true }).click();
    await toast(page, "Trigger deleted successfully");
    await list.getByText(doomed.keyword, { exact: true }).waitFor({ state: "detached" });
    await list.getByText(kept.keyword, { exact: true }).waitFor();
    const after = (await api<TriggerList>(suite.server, suite.fixture.demoToken, triggersPath)).body;
    expect(after.triggers.map((trigger) => trigger.id)).not.toContain(doomed.id);
    expect(after.triggers).toHaveLength(before.triggers.length - 1);

    // The audit log, newest first, has the removal with its keyword; filtered to triggers, only theirs.
    const log = page.getByRole("region", { name: "Audit log" });
    await page.reload();
    const entries = log.getByRole("list", { name: "Audit log entries" });
    await entries.waitFor();
    const newest = entries.getByRole("listitem").first();
    await newest.getByText("Remove", { exact: true }).waitFor();
    await newest.getByText(`keyword: ${doomed.keyword}`, { exact: false }).waitFor();
    await log.getByLabel("Feature").selectOption("trigger");
    await expect
      .poll(async () => {
        const badges = await entries.getByRole("listitem").locator("span.inline-flex").allTextContents();
        return badges.length > 0 && badges.every((badge) => badge === "trigger");
      })
      .toBe(true);
    const audit = (
      await api<AuditPage>(
        suite.server,
        suite.fixture.demoToken,
        "/api/dashboard/audit?page=1&pageSize=20&feature=trigger",
      )
    ).body;
    expect(audit.entries[0]).toMatchObject({ action: "trigger.remove", via: "dashboard" });
    // The Member filter is a picker of who is in the log: chosen by name from the keyboard, the
    // list keeps only that member's changes.
    const actor = audit.entries[0]?.actor?.name;
    if (!actor) throw new Error("the removal names no member");
    const who = log.getByRole("combobox", { name: "Member", exact: true });
    await who.fill(actor);
    const first = page.getByRole("listbox", { name: "Member", exact: true }).getByRole("option").first();
    await expect.poll(async () => (await first.textContent())?.startsWith(actor)).toBe(true);
    await who.press("ArrowDown");
    await who.press("Enter");
    await expect.poll(() => who.inputValue()).toBe(actor);
    await expect
      .poll(async () => {
        const texts = await entries.getByRole("listitem").allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes(`by ${actor}`));
      })
      .toBe(true);
    await expectNoAxeViolations(page, '[role="tabpanel"]');
    await log.screenshot({ path: screenshotPath("dashboard-settings-audit") });
  });
});

describe("settings: the danger zone", () => {
  it("is not offered to an administrator", async () => {
    const page = await openSettings(suite.fixture.demoToken);
    await page.getByRole("region", { name: "Audit log" }).waitFor();
    expect(await page.getByRole("heading", { name: "Danger zone" }).count()).toBe(0);
  });

  it("deletes the server's data only after its exact name and a confirmation, and signs the owner out", async () => {
    const page = await openSettings(suite.fixture.otherToken);
    const zone = page.getByRole("region", { name: "Danger zone" });
    const name = zone.getByLabel("Type the server's name to confirm");
    const submit = zone.getByRole("button", { name: "Delete all server data" });
    expect(await submit.isDisabled()).toBe(true);
    await name.fill("Not the server's name");
    expect(await submit.isDisabled()).toBe(true);
    await name.fill(`  ${suite.fixture.otherServerName} `);
    expect(await submit.isDisabled()).toBe(false);
    await zone.screenshot({ path: screenshotPath("dashboard-settings-danger-zone") });

    // Cancelling deletes nothing.
    await submit.click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByText(`Delete all of ${suite.fixture.otherServerName}'s data?`, { exact: true })
      .waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(
      (await api<unknown>(suite.server, suite.fixture.otherToken, "/api/dashboard/token-info")).status,
    ).toBe(200);

    await submit.click();
    await dialog.getByRole("button", { name: "Delete everything", exact: true }).click();
    // Signed out, back on the site, which says what happened.
    await page.waitForURL((url) => url.pathname === "/");
    const notice = page
      .getByRole("status")
      .filter({ hasText: `All of ${suite.fixture.otherServerName}'s data is deleted` });
    await notice
      .getByText(/records removed and \d+ dashboard tokens? revoked\. You are signed out\./)
      .waitFor();
    await page.screenshot({ path: screenshotPath("site-notice-after-purge"), fullPage: false });
    // Every token of the server is revoked, this one included: signed out, and refused from now on.
    await expect.poll(() => storedSession(page)).toEqual([null, null]);
    expect(
      (await api<unknown>(suite.server, suite.fixture.otherToken, "/api/dashboard/token-info")).status,
    ).toBe(401);
    // The other server's data is untouched.
    expect(
      (await api<unknown>(suite.server, suite.fixture.demoToken, "/api/dashboard/token-info")).status,
    ).toBe(200);
  });
});
