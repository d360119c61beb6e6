import type { ModerationCaseList, SandboxMessage, SandboxServerResponse } from "@hearth/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// The Moderation page (More → Moderation): /mod's actions through the page, the case log with its
// filters and detail, a temporary ban lifted early, and what the bot did, read back from the sandbox.

const suite = dashboardSuite();
const server = () => suite.fixture.demoServerId;
const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  api<T>(suite.server, suite.fixture.demoToken, path, init);
const toast = (page: Page, text: RegExp) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text).first().waitFor();
const confirmWith = (page: Page, label: string) =>
  page.getByRole("dialog").getByRole("button", { name: label, exact: true }).click();

async function openModeration(
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<Page> {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto("/dashboard?page=moderation");
  await opened.page.getByRole("form", { name: "Take action" }).waitFor();
  return opened.page;
}

interface Member {
  id: string;
  username: string;
  /** The name a case records: the global display name, else the username. */
  shown: string;
}

/** Members with no staff role and open DMs (the sandbox's view of the demo server), so /mod may act on them. */
async function plainMembers(): Promise<Member[]> {
  const view = (await api<SandboxServerResponse>(suite.server, null, "/api/sandbox/server")).body;
  const staff = new Set(
    view.roles.filter((role) => /owner|admin|moderator|manager/i.test(role.name)).map((role) => role.id),
  );
  return view.members
    .filter((member) => !member.bot && member.dmOpen && !member.roleIds.some((id) => staff.has(id)))
    .map((member) => ({
      id: member.id,
      username: member.username,
      shown: member.displayName,
    }));
}

async function pickMember(page: Page, form: ReturnType<Page["getByRole"]>, member: Member) {
  const box = form.getByRole("combobox", { name: "Member" });
  await box.click();
  await box.fill(member.username);
  await page
    .getByRole("option", { name: new RegExp(member.username) })
    .first()
    .click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("dashboard moderation", () => {
  it("warns and temp-bans through the page, filters the log, opens a case and lifts the ban early", async () => {
    const members = (await plainMembers()).slice(-4);
    const [warned, banned] = members;
    if (!warned || !banned) throw new Error("the demo server has too few plain members");
    const page = await openModeration();
    const form = page.getByRole("form", { name: "Take action" });

    await pickMember(page, form, warned);
    // The DM the member gets, built by the server as the action builds it, follows the form.
    const dmPreview = form.getByTestId("moderation-dm-preview");
    await dmPreview.getByText("Give the warning's reason to see the DM the member gets.").waitFor();
    await form.getByLabel("Reason").fill("Keep it kind");
    await dmPreview.getByText(/You received a warning in Ember Hollow: Keep it kind$/).waitFor();
    await form.getByLabel("Reason").fill("Keep memes in #memes");
    await dmPreview.getByText(/You received a warning in Ember Hollow: Keep memes in #memes$/).waitFor();
    await form.getByRole("button", { name: "Warn", exact: true }).last().click();
    await toast(page, /^Warned .+ · case #\d+$/);

    await form.getByText("Ban", { exact: true }).click();
    await pickMember(page, form, banned);
    await form.getByLabel("Reason").fill("Scam links");
    await form.getByLabel("Duration").fill("7d");
    await dmPreview.getByText(/^You were banned from Ember Hollow until .+: Scam links$/).waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-moderation"), fullPage: true });
    await form.getByRole("button", { name: "Ban", exact: true }).last().click();
    await confirmWith(page, "Ban");
    await toast(page, /^Banned .+ · case #\d+$/);

    // The bot's effect: the member is gone from the server (the sandbox's view), and their DM says why.
    const dms = (await call<{ messages: SandboxMessage[] }>(`/api/sandbox/channels/dm-${banned.id}/messages`))
      .body;
    expect(dms.messages.at(-1)?.content).toMatch(
      /^You were banned from \*\*Ember Hollow\*\* until .+: Scam links$/,
    );

    const log = page.getByRole("list", { name: "Cases" });
    await page.getByLabel("Only temporary bans still running").check();
    const row = log.getByRole("button", { name: new RegExp(`Ban\\s*${escapeRegExp(banned.shown)}`) });
    await row.waitFor();
    await row.click();
    await page.getByText("Scam links", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Unban now" }).click();
    await confirmWith(page, "Unban");
    await toast(page, /^Unbanned .+ · case #\d+$/);
    await page.getByText("No cases match").waitFor();

    const cases = (await call<ModerationCaseList>(`/api/moderation/${server()}/cases?userId=${banned.id}`))
      .body;
    expect(cases.cases.map((entry) => entry.action)).toEqual(["unban", "ban"]);
    expect(cases.cases[1]?.endedAt).not.toBeNull();
    const audit = (await call<{ entries: { action: string }[] }>("/api/dashboard/audit?feature=moderation"))
      .body;
    expect(audit.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["moderation.warn", "moderation.ban", "moderation.unban"]),
    );

    await page.getByLabel("Only temporary bans still running").uncheck();
    await page.getByRole("combobox", { name: "Action", exact: true }).selectOption("warn");
    await log.getByRole("button", { name: new RegExp(`Warning\\s*${escapeRegExp(warned.shown)}`) }).waitFor();
    await expectNoAxeViolations(page, '[data-testid="more-page-moderation"]');
  }, 240_000);

  it("fits a 390 px phone without sideways scrolling", async () => {
    const page = await openModeration(viewports.mobile);
    await page.getByRole("list", { name: "Cases" }).waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-moderation-mobile"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, '[data-testid="more-page-moderation"]');
  }, 240_000);
});
