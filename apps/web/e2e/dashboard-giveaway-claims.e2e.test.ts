import type {
  GiveawayDetail,
  GiveawayListItem,
  SandboxAnswersResponse,
  SandboxMessagesResponse,
  SandboxServerResponse,
} from "@hearth/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// The Giveaways tab's claims and control (issue 27 items 5 and 7), through the real UI: a claim
// window and the winners' claim status, ending after N entries, and the last-chance reminder.
// Members press the bot's buttons through the sandbox, and its fast-forward makes the jobs due.

const suite = dashboardSuite();

async function openGiveaways(): Promise<Page> {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewports.desktop),
  );
  await opened.page.goto("/dashboard?tab=giveaways");
  await opened.page.getByRole("tabpanel").waitFor();
  return opened.page;
}

const server = () => suite.fixture.demoServerId;
const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  api<T>(suite.server, suite.fixture.demoToken, path, init);
const get = async <T>(path: string) => (await call<T>(path)).body;
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true }).waitFor();

/** Fills the create form's prize, channel and no ping; `extra` fills the rest. */
async function createThroughForm(
  page: Page,
  prize: string,
  extra: (form: ReturnType<Page["getByRole"]>) => Promise<void>,
) {
  const form = page.getByRole("form", { name: "Create giveaway" });
  await form.getByLabel("Prize").fill(prize);
  await form.getByRole("combobox", { name: "Channel", exact: true }).fill("giveaways");
  await page
    .getByRole("option", { name: /^giveaways\b/ })
    .first()
    .click();
  await form.getByRole("checkbox", { name: "No ping" }).check();
  await extra(form);
  await form.getByRole("button", { name: "Start Giveaway" }).click();
  await toast(page, "Giveaway created successfully");
  const list = await get<GiveawayListItem[]>(`/api/giveaways/${server()}`);
  const created = list.find((giveaway) => giveaway.prize === prize);
  if (!created) throw new Error(`${prize} was not created`);
  return get<GiveawayDetail>(`/api/giveaways/${server()}/${created.messageId}`);
}

/** Human members of the demo server (the bot and the token's own member left out). */
async function members(count: number): Promise<SandboxServerResponse["members"]> {
  const { body } = await api<SandboxServerResponse>(suite.server, null, "/api/sandbox/server");
  return body.members.filter((member) => !member.bot && member.id !== body.botUserId).slice(0, count);
}

const press = (userId: string, messageId: string, customId: string) =>
  api<SandboxAnswersResponse>(suite.server, null, "/api/sandbox/interactions/button", {
    method: "POST",
    body: { userId, messageId, customId },
  });

async function jobsOf(kind: string): Promise<{ id: number; kind: string; runAt: number }[]> {
  const { body } = await api<{ jobs: { id: number; kind: string; runAt: number }[] }>(
    suite.server,
    null,
    "/api/sandbox/jobs",
  );
  return body.jobs.filter((job) => job.kind === kind);
}

const fastForward = (jobId: number) =>
  api<{ ran: number }>(suite.server, null, "/api/sandbox/fast-forward", { method: "POST", body: { jobId } });

const giveawayItem = (page: Page, prize: string) =>
  page
    .getByRole("list", { name: "Giveaways" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: prize, exact: true }) });

describe("dashboard giveaways: claims and control", () => {
  it("creates a giveaway with a claim window; the host sees Waiting, Claimed ✓ and Expired → replaced", async () => {
    const page = await openGiveaways();
    const created = await createThroughForm(page, "E2E Claim Key", async (form) => {
      await form.getByLabel("Winners").fill("2");
      await form.getByLabel("Claim window", { exact: true }).fill("24");
      await form.getByLabel("Claim window unit").selectOption("hours");
    });
    expect(created.claimWindow).toBe(86_400);
    const people = await members(5);
    for (const member of people) await press(member.id, created.messageId, "giveaway:enter");
    expect((await get<GiveawayDetail>(`/api/giveaways/${server()}/${created.messageId}`)).entriesCount).toBe(
      people.length,
    );

    const item = giveawayItem(page, "E2E Claim Key");
    await item.getByRole("button", { name: "End Now" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End Now", exact: true }).click();
    await toast(page, "Giveaway ended successfully");
    const ended = await get<GiveawayDetail>(`/api/giveaways/${server()}/${created.messageId}`);
    const winners = Array.isArray(ended.winners) ? ended.winners : [];
    expect(winners).toHaveLength(2);
    const [claimer, late] = winners as [(typeof winners)[0], (typeof winners)[0]];

    await item.getByRole("button", { name: "Entrants and winners of E2E Claim Key" }).click();
    const drawer = page.getByRole("dialog");
    await expect.poll(() => drawer.getByText(/^Waiting until /).count()).toBe(2);
    await drawer.getByRole("button", { name: "Close" }).first().click();

    // The winner presses Claim on the announcement in #giveaways.
    const channelId = ended.winnersChannelId ?? ended.channelId;
    const { body: messages } = await api<SandboxMessagesResponse>(
      suite.server,
      null,
      `/api/sandbox/channels/${channelId}/messages?limit=30`,
    );
    const claimId = `giveaway:claim:${server()}:${created.messageId}`;
    const announcement = messages.messages.find((message) =>
      message.components.some((row) => row.some((c) => "customId" in c && c.customId === claimId)),
    );
    if (!announcement) throw new Error("no announcement with a Claim button");
    const answer = await press(claimer.userId, announcement.id, claimId);
    expect(answer.body.answers[0]?.message?.content).toMatch(/Claimed!/);
    const outsider = people.find((member) => !winners.some((winner) => winner.userId === member.id));
    if (outsider) {
      const refused = await press(outsider.id, announcement.id, claimId);
      expect(JSON.stringify(refused.body)).toMatch(/Only the winners of this giveaway can claim it/);
    }

    // The deadline comes for the one who didn't claim: the expiry job redraws their win.
    const job = (await jobsOf("giveaway.claims")).find((entry) => entry.runAt === late.claimDeadline);
    if (!job) throw new Error("no claim expiry job");
    expect((await fastForward(job.id)).body.ran).toBe(1);
    const after = await get<GiveawayDetail>(`/api/giveaways/${server()}/${created.messageId}`);
    const replacement = (Array.isArray(after.winners) ? after.winners : []).find(
      (w) => w.replaces === late.userId,
    );
    if (!replacement) throw new Error("the unclaimed win was not redrawn");

    await item.getByRole("button", { name: "Entrants and winners of E2E Claim Key" }).click();
    await drawer.getByText("Claimed ✓").waitFor();
    await drawer.getByText(`Expired → replaced by ${replacement.username}`).waitFor();
    await expect.poll(() => drawer.getByText(/^Waiting until /).count()).toBe(1);
    await page.screenshot({ path: screenshotPath("dashboard-giveaways-claims"), fullPage: true });
  }, 180_000);

  it("ends a giveaway after its Nth entry", async () => {
    const page = await openGiveaways();
    const created = await createThroughForm(page, "E2E First Two", async (form) => {
      await form.getByLabel("End after entries").fill("2");
    });
    expect(created.maxEntries).toBe(2);
    const people = await members(3);
    const answers = [];
    for (const member of people) answers.push(await press(member.id, created.messageId, "giveaway:enter"));
    expect(JSON.stringify(answers[2]?.body)).toMatch(/full|ended/);
    await expect
      .poll(
        async () => (await get<GiveawayDetail>(`/api/giveaways/${server()}/${created.messageId}`)).active,
        {
          timeout: 10_000,
        },
      )
      .toBe(false);
    const ended = await get<GiveawayDetail>(`/api/giveaways/${server()}/${created.messageId}`);
    expect(ended.entriesCount).toBe(2);
    await page.reload();
    await giveawayItem(page, "E2E First Two")
      .getByRole("button", { name: "Entrants and winners of E2E First Two" })
      .waitFor();
  });

  it("posts the last-chance reminder once, at its time before the end", async () => {
    const page = await openGiveaways();
    const form = page.getByRole("form", { name: "Create giveaway" });
    // A reminder longer than the run is refused in the form, naming the field.
    await form.getByLabel("Prize").fill("E2E Reminder Crate");
    await form.getByLabel("Duration", { exact: true }).fill("1");
    await form.getByLabel("Duration unit").selectOption("hours");
    await form.getByLabel("Last-chance reminder").fill("2");
    await form.getByLabel("Reminder unit").selectOption("hours");
    await form.getByRole("combobox", { name: "Channel", exact: true }).fill("giveaways");
    await page
      .getByRole("option", { name: /^giveaways\b/ })
      .first()
      .click();
    await form.getByRole("button", { name: "Start Giveaway" }).click();
    await form.getByText(/shorter than the duration/).waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-giveaways-control"), fullPage: true });

    const created = await createThroughForm(page, "E2E Reminder Crate", async (again) => {
      await again.getByLabel("Duration", { exact: true }).fill("1");
      await again.getByLabel("Duration unit").selectOption("hours");
      await again.getByLabel("Last-chance reminder").fill("30");
      await again.getByLabel("Reminder unit").selectOption("minutes");
    });
    expect(created.reminderBefore).toBe(1800);
    const job = (await jobsOf("giveaway.remind")).find(
      (entry) => entry.runAt === created.endTime - 1_800_000,
    );
    if (!job) throw new Error("no reminder job");
    expect((await fastForward(job.id)).body.ran).toBe(1);
    const { body } = await api<SandboxMessagesResponse>(
      suite.server,
      null,
      `/api/sandbox/channels/${created.channelId}/messages?limit=20`,
    );
    const reminders = body.messages.filter(
      (message) => message.content.includes("E2E Reminder Crate") && message.content.includes("Last chance"),
    );
    expect(reminders).toHaveLength(1);
    const detail = await get<GiveawayDetail>(`/api/giveaways/${server()}/${created.messageId}`);
    expect(detail.remindedAt).toBeGreaterThan(0);
  });
});
