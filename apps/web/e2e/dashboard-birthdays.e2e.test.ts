import type { BirthdaysOverview, SandboxMessage } from "@hearth/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// The Birthdays page (More → Birthdays): the setup with the bot's own preview, the user's birthday,
// a member's removal, and the announcement the bot then posts, read back from the sandbox.

const suite = dashboardSuite();
const server = () => suite.fixture.demoServerId;
const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  api<T>(suite.server, suite.fixture.demoToken, path, init);
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true }).waitFor();
const confirmWith = (page: Page, label: string) =>
  page.getByRole("dialog").getByRole("button", { name: label, exact: true }).click();

async function openBirthdays(viewport: { width: number; height: number } = viewports.desktop): Promise<Page> {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto("/dashboard?page=birthdays");
  await opened.page.getByRole("region", { name: "Announcements" }).waitFor();
  return opened.page;
}

async function pick(page: Page, label: string, search: string, option: RegExp) {
  const box = page.getByRole("combobox", { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole("option", { name: option }).first().click();
}

describe("dashboard birthdays", () => {
  it("sets up the announcement with its preview, saves a birthday the bot then announces, removes birthdays", async () => {
    const page = await openBirthdays();
    const setup = page.getByRole("form", { name: "Birthday announcements" });
    await pick(page, "Announcement channel", "general", /general/);
    await setup.getByLabel("Message").fill("🎂 Cake for {user.mention} in {server.name}!");
    const preview = setup.getByTestId("message-preview");
    await preview.getByText(/in Ember Hollow!/).waitFor();
    await preview.getByText("Preview — what Hearth will post").waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-birthdays"), fullPage: true });
    await setup.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Birthday announcements saved");
    const saved = (await call<BirthdaysOverview>(`/api/birthdays/${server()}`)).body;
    expect(saved.settings?.message).toBe("🎂 Cake for {user.mention} in {server.name}!");
    const channels = (await call<{ id: string; name: string }[]>("/api/dashboard/channels")).body;
    const general = channels.find((channel) => channel.name === "general")?.id ?? "";
    expect(saved.settings?.channelId).toBe(general);

    // Your birthday: tomorrow, in UTC.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const mine = page.getByRole("form", { name: "Your birthday" });
    await mine.getByLabel("Month").selectOption(String(tomorrow.getUTCMonth() + 1));
    await mine.getByLabel("Day").fill(String(tomorrow.getUTCDate()));
    await mine.getByLabel("Time zone").fill("UTC");
    await mine.getByRole("button", { name: "Save my birthday" }).click();
    await toast(page, "Your birthday is saved");
    await mine.getByText(/^Saved: next celebrated/).waitFor();
    const overview = (await call<BirthdaysOverview>(`/api/birthdays/${server()}`)).body;
    expect(overview.mine).toMatchObject({ month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() });

    // The bot's effect: its announcement job runs (the sandbox's fast-forward) and posts in #general.
    const jobs = (await call<{ jobs: { id: number; kind: string; runAt: number }[] }>("/api/sandbox/jobs"))
      .body.jobs;
    const job = jobs.find(
      (entry) => entry.kind === "birthdays.announce" && entry.runAt === overview.mine?.nextAt,
    );
    expect(job).toBeDefined();
    await call("/api/sandbox/fast-forward", { method: "POST", body: { jobId: job?.id } });
    const posted = (await call<{ messages: SandboxMessage[] }>(`/api/sandbox/channels/${general}/messages`))
      .body;
    expect(posted.messages.at(-1)?.content).toMatch(/^🎂 Cake for <@\d+> in Ember Hollow!$/);

    // Remove a member's birthday from the list, then forget your own.
    const list = page.getByRole("list", { name: "Upcoming birthdays" });
    // The last: the first is now the user's own (tomorrow), which the form below forgets.
    const first = list.getByRole("listitem").last();
    const removeButton = first.getByRole("button", { name: /^Remove .+'s birthday$/ });
    const label = (await removeButton.getAttribute("aria-label")) ?? "";
    await removeButton.click();
    await confirmWith(page, "Remove birthday");
    await toast(page, "Birthday removed");
    await expect.poll(async () => list.getByRole("button", { name: label, exact: true }).count()).toBe(0);
    const after = (await call<BirthdaysOverview>(`/api/birthdays/${server()}`)).body;
    expect(after.total).toBe(overview.total - 1);

    await mine.getByRole("button", { name: "Forget my birthday" }).click();
    await confirmWith(page, "Forget it");
    await toast(page, "Your birthday is forgotten in this server");
    await mine.getByText("You haven't saved a birthday in this server.").waitFor();
    expect((await call<BirthdaysOverview>(`/api/birthdays/${server()}`)).body.mine).toBeNull();

    await expectNoAxeViolations(page, '[data-testid="more-page-birthdays"]');
  }, 240_000);

  it("fits a 390 px phone without sideways scrolling", async () => {
    const page = await openBirthdays(viewports.mobile);
    await page.getByRole("list", { name: "Upcoming birthdays" }).waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-birthdays-mobile"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, '[data-testid="more-page-birthdays"]');
  }, 240_000);
});
