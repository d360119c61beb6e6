import type { LotteryOverview, RaffleOverview, SandboxMessage, TournamentOverview } from "@hearth/core";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// The Events page (More → Events): the demo's running lottery drawn and a new one started, tickets
// given and the raffle drawn, a result reported in the running tournament, which is then cancelled
// and a new one created; each post previewed first and then read back from the sandbox.

const suite = dashboardSuite();
const server = () => suite.fixture.demoServerId;
const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  api<T>(suite.server, suite.fixture.demoToken, path, init);
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true }).first().waitFor();
const confirmWith = (page: Page, label: string) =>
  page.getByRole("dialog").getByRole("button", { name: label, exact: true }).click();

async function openEvents(viewport: { width: number; height: number } = viewports.desktop): Promise<Page> {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto("/dashboard?page=events");
  await opened.page.getByRole("region", { name: "Lottery" }).waitFor();
  return opened.page;
}

async function pickChannel(page: Page, scope: Locator, name: string) {
  const box = scope.getByRole("combobox", { name: "Channel" });
  await box.click();
  await box.fill(name);
  await page
    .getByRole("option", { name: new RegExp(name) })
    .first()
    .click();
}

async function eventsChannel(): Promise<string> {
  const channels = (await call<{ id: string; name: string }[]>("/api/dashboard/channels")).body;
  return channels.find((channel) => channel.name === "events")?.id ?? "";
}

/** The embeds' titles of the channel's latest messages, newest last. */
async function postedTitles(channelId: string): Promise<string[]> {
  const page = (await call<{ messages: SandboxMessage[] }>(`/api/sandbox/channels/${channelId}/messages`))
    .body;
  return page.messages.flatMap((message) => message.embeds.map((embed) => embed.title ?? ""));
}

describe("dashboard events", () => {
  it("draws the running lottery and starts a new one with its preview", async () => {
    const page = await openEvents();
    const card = page.getByRole("region", { name: "Lottery" });
    await card.getByText("5M coins").waitFor();
    await card.getByRole("list", { name: "Lottery tickets" }).waitFor();
    await card.getByRole("button", { name: "Draw now" }).click();
    await confirmWith(page, "Draw now");
    await toast(page, "Lottery drawn");
    await card.getByText(/^(Winner: |No winner)/).waitFor();

    const form = card.getByRole("form", { name: "Start a lottery" });
    await form.getByLabel("Prize").fill("E2E Golden Egg");
    await form.getByLabel("Runs for").fill("2h");
    await form.getByLabel("Tickets per member").fill("2");
    await pickChannel(page, form, "events");
    await form.getByTestId("message-preview").getByText("🎟️ Lottery: E2E Golden Egg").waitFor();
    await form.getByRole("button", { name: "Start lottery" }).click();
    await toast(page, "Lottery started");
    await card.getByText("E2E Golden Egg").waitFor();
    const lottery = (await call<LotteryOverview>(`/api/lottery/${server()}`)).body.lottery;
    expect(lottery).toMatchObject({ prize: "E2E Golden Egg", maxTickets: 2, status: "running" });
    expect(await postedTitles(await eventsChannel())).toContain("🎟️ Lottery: E2E Golden Egg");
  }, 240_000);

  it("gives raffle tickets, draws the winners and opens a new raffle", async () => {
    const page = await openEvents();
    const card = page.getByRole("region", { name: "Raffle" });
    const before = (await call<RaffleOverview>(`/api/raffle/${server()}`)).body;
    expect(before.raffle?.status).toBe("open");
    const holder = before.holders[0];
    if (!holder?.name) throw new Error("the demo raffle has no named ticket holder");
    const give = card.getByRole("form", { name: "Give raffle tickets" });
    const box = give.getByRole("combobox", { name: "Member" });
    await box.click();
    await box.fill(holder.name);
    await page
      .getByRole("option", { name: new RegExp(holder.name) })
      .first()
      .click();
    await give.getByLabel("Tickets").fill("5");
    await give.getByRole("button", { name: "Give tickets" }).click();
    await toast(page, "Tickets given");
    await expect
      .poll(async () => (await call<RaffleOverview>(`/api/raffle/${server()}`)).body.tickets)
      .toBe(before.tickets + 5);

    await card.getByRole("button", { name: "Draw winners" }).click();
    await confirmWith(page, "Draw winners");
    await toast(page, "Raffle drawn");
    await card.getByRole("list", { name: "Raffle winners" }).waitFor();

    const form = card.getByRole("form", { name: "Open a raffle" });
    await form.getByLabel("Prize").fill("E2E Nitro");
    await form.getByLabel("Winners").fill("2");
    await pickChannel(page, form, "events");
    await form.getByTestId("message-preview").getByText("🎫 Raffle: E2E Nitro").waitFor();
    await form.getByRole("button", { name: "Open raffle" }).click();
    await toast(page, "Raffle opened");
    expect(await postedTitles(await eventsChannel())).toContain("🎫 Raffle: E2E Nitro");
  }, 240_000);

  it("reports a result in the running tournament's bracket, cancels it and opens sign-ups for a new one", async () => {
    const page = await openEvents();
    const card = page.getByRole("region", { name: "Tournament" });
    await card.getByRole("region", { name: "Bracket" }).waitFor();
    const report = card.getByRole("form", { name: "Report a result" });
    const winner = report.getByRole("radio").first();
    await winner.check();
    const winnerId = await winner.getAttribute("value");
    const match = Number(await report.getByLabel("Match").inputValue());
    await report.getByRole("button", { name: "Record result" }).click();
    await toast(page, "Result recorded");
    const running = (await call<TournamentOverview>(`/api/tournaments/${server()}`)).body.tournament;
    const recorded = running?.rounds.flatMap((round) => round.matches).find((m) => m.number === match);
    expect(recorded?.winnerId).toBe(winnerId);
    await page.screenshot({ path: screenshotPath("dashboard-events"), fullPage: true });

    await card.getByRole("button", { name: "Cancel tournament" }).click();
    await confirmWith(page, "Cancel tournament");
    await toast(page, "Tournament cancelled");
    const form = card.getByRole("form", { name: "Create a tournament" });
    await form.getByLabel("Name").fill("E2E Cup");
    await form.getByLabel("Players at most").selectOption("4");
    await pickChannel(page, form, "events");
    await form.getByTestId("message-preview").getByText("🏆 E2E Cup").waitFor();
    await form.getByRole("button", { name: "Open sign-ups" }).click();
    await toast(page, "Tournament created: sign-ups are open");
    await card.getByText("No one yet: members join with the button on its message.").waitFor();
    expect(await postedTitles(await eventsChannel())).toContain("🏆 E2E Cup");
    await expectNoAxeViolations(page, '[data-testid="more-page-events"]');
  }, 240_000);

  it("fits a 390 px phone without sideways scrolling", async () => {
    const page = await openEvents(viewports.mobile);
    await page.getByRole("region", { name: "Tournament" }).waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-events-mobile"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, '[data-testid="more-page-events"]');
  }, 240_000);
});
