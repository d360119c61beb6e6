import type {
  GiveawayBlock,
  GiveawayDetail,
  GiveawayEntrantsPage,
  GiveawayListItem,
  GiveawaySchedule,
} from "@hearth/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// The Giveaways tab beyond the seed (issue 27): one journey per flow, through the real UI.

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
const confirmWith = (page: Page, label: string) =>
  page.getByRole("dialog").getByRole("button", { name: label, exact: true }).click();

/** A datetime-local value `ms` from now, in the browser's (and this process's) time zone. */
function localInput(ms: number): string {
  const at = new Date(Date.now() + ms);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

describe("dashboard giveaways", () => {
  it("schedules a giveaway with its ping shown in the preview, counts down, edits and cancels it", async () => {
    const page = await openGiveaways();
    const form = page.getByRole("form", { name: "Create giveaway" });
    await form.getByLabel("Prize").fill("E2E Later Box");
    await form.getByRole("combobox", { name: "Channel", exact: true }).fill("giveaways");
    await page
      .getByRole("option", { name: /^giveaways\b/ })
      .first()
      .click();
    const preview = page.getByRole("region", { name: "Message preview" });
    await preview.getByText("🎉 E2E Later Box").waitFor();
    await form.getByRole("checkbox", { name: "No ping" }).check();
    await preview.getByText("Pings no one when it is posted").waitFor();
    // The ping role is a picker: "No ping" off again, the role is chosen by name from the keyboard.
    await form.getByRole("checkbox", { name: "No ping" }).uncheck();
    const ping = form.getByRole("combobox", { name: "Ping role" });
    await ping.fill("Giveaway Ping");
    const first = page.getByRole("listbox", { name: "Ping role" }).getByRole("option").first();
    await expect.poll(async () => (await first.textContent())?.startsWith("Giveaway Ping")).toBe(true);
    await ping.press("ArrowDown");
    await ping.press("Enter");
    await expect.poll(() => ping.inputValue()).toBe("@Giveaway Ping");
    await preview.getByTestId("ping-line").getByText("@Giveaway Ping").waitFor();
    await form.getByLabel("When it starts").selectOption("later");
    await form.getByLabel("Start time").fill(localInput(2 * 3_600_000 + 120_000));
    await page.screenshot({ path: screenshotPath("dashboard-giveaways-schedule"), fullPage: true });
    await form.getByRole("button", { name: "Schedule Giveaway" }).click();
    await toast(page, "Giveaway scheduled successfully");

    const card = page.getByRole("region", { name: "Scheduled & Recurring" });
    const item = card.getByRole("listitem").filter({ hasText: "E2E Later Box" });
    await item.getByText(/^in 2 h [01] min$/).waitFor();
    await item.getByText("Scheduled", { exact: true }).waitFor();
    const schedules = await get<GiveawaySchedule[]>(`/api/giveaways/${server()}/schedules`);
    const created = schedules.find((schedule) => schedule.settings.prize === "E2E Later Box");
    const pingRole = (await get<{ id: string; name: string }[]>("/api/dashboard/roles")).find(
      (role) => role.name === "Giveaway Ping",
    );
    expect(created?.pingRoleId).toBe(pingRole?.id);
    expect(created?.settings.pingRoleId).toBe(created?.pingRoleId);
    // Nothing was posted: it isn't among the giveaways yet.
    const list = await get<GiveawayListItem[]>(`/api/giveaways/${server()}`);
    expect(list.some((giveaway) => giveaway.prize === "E2E Later Box")).toBe(false);

    await item.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("form", { name: "Edit E2E Later Box" });
    // The next run's post is previewed as the edit is typed.
    const editPreview = edit.getByRole("region", { name: "Message preview" });
    await editPreview.getByText("🎉 E2E Later Box").waitFor();
    await edit.getByLabel("Prize").fill("E2E Later Crate");
    await edit.getByLabel("Winners").fill("3");
    await editPreview.getByText("🎉 E2E Later Crate").waitFor();
    await editPreview.getByText(/Winners: 3/).waitFor();
    await editPreview.getByTestId("ping-line").getByText("@Giveaway Ping").waitFor();
    await page.screenshot({
      path: screenshotPath("dashboard-giveaways-schedule-edit-preview"),
      fullPage: true,
    });
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(page, "Scheduled giveaway updated");
    const edited = card.getByRole("listitem").filter({ hasText: "E2E Later Crate" });
    await edited.getByText(/3 winners/).waitFor();

    await edited.getByRole("button", { name: "Cancel" }).click();
    await confirmWith(page, "Cancel giveaway");
    await toast(page, "Scheduled giveaway cancelled");
    await edited.waitFor({ state: "detached" });
    const after = await get<GiveawaySchedule[]>(`/api/giveaways/${server()}/schedules`);
    expect(after.some((schedule) => schedule.settings.prize === "E2E Later Crate")).toBe(false);
  });

  it("pauses, resumes and stops a recurring series", async () => {
    const channels = await get<{ id: string; name: string }[]>("/api/dashboard/channels");
    const channel = channels.find((entry) => entry.name === "giveaways");
    const created = await call<GiveawaySchedule>("/api/giveaways/create", {
      method: "POST",
      body: {
        channelId: channel?.id,
        prize: "E2E Daily Coins",
        duration: 3600,
        startsAt: Date.now() + 3 * 3_600_000,
        recurrence: { every: 1, unit: "days" },
        pingRoleId: null,
      },
    });
    expect(created.status).toBe(202);
    const page = await openGiveaways();
    const item = page
      .getByRole("region", { name: "Scheduled & Recurring" })
      .getByRole("listitem")
      .filter({ hasText: "E2E Daily Coins" });
    await item.getByText(/repeats every day/).waitFor();
    await item.getByRole("button", { name: "Pause" }).click();
    await toast(page, "Series paused");
    await item.getByText("Paused", { exact: true }).waitFor();
    await item.getByRole("button", { name: "Resume" }).click();
    await toast(page, "Series resumed");
    await item.getByText("Recurring", { exact: true }).waitFor();
    await item.getByRole("button", { name: "Stop" }).click();
    await confirmWith(page, "Stop series");
    await toast(page, "Series stopped");
    const schedule = await get<GiveawaySchedule>(`/api/giveaways/${server()}/schedules/${created.body.id}`);
    expect(schedule.status).toBe("cancelled");
  });

  it("pauses a running giveaway and resumes it with its end moved", async () => {
    const list = await get<GiveawayListItem[]>(`/api/giveaways/${server()}`);
    const running = list.find((giveaway) => giveaway.active && !giveaway.paused);
    if (!running) throw new Error("no running giveaway in the demo data");
    const page = await openGiveaways();
    const item = page
      .getByRole("list", { name: "Giveaways" })
      .getByRole("listitem")
      .filter({
        has: page.getByRole("link", { name: running.prize, exact: true }),
      });
    await item.getByRole("button", { name: `Pause ${running.prize}` }).click();
    await toast(page, "Giveaway paused");
    await item.getByText("Paused", { exact: true }).waitFor();
    const paused = await get<GiveawayDetail>(`/api/giveaways/${server()}/${running.messageId}`);
    expect(paused.pausedAt).toBeGreaterThan(0);
    await item.getByRole("button", { name: `Resume ${running.prize}` }).click();
    await toast(page, "Giveaway resumed");
    const resumed = await get<GiveawayDetail>(`/api/giveaways/${server()}/${running.messageId}`);
    expect(resumed.pausedAt).toBeNull();
    expect(resumed.endTime).toBeGreaterThan(running.endTime);
  });

  it("searches a running giveaway's entrants and removes one with a reason", async () => {
    const list = await get<GiveawayListItem[]>(`/api/giveaways/${server()}`);
    const running = list
      .filter((giveaway) => giveaway.active && giveaway.entries >= 2)
      .sort((a, b) => b.entries - a.entries)[0];
    if (!running) throw new Error("no running giveaway with entrants in the demo data");
    const first = await get<GiveawayEntrantsPage>(
      `/api/giveaways/${server()}/${running.messageId}/entrants?limit=2`,
    );
    const target = first.entrants[0];
    if (!target) throw new Error("no entrant");
    const page = await openGiveaways();
    await page.getByRole("button", { name: `Entrants of ${running.prize}` }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByText(`${running.entries} entrants`).waitFor();
    await drawer.getByLabel("Search entrants").fill(target.username);
    await drawer.getByText(new RegExp(`^\\d+ entrants? matching "${target.username}"$`)).waitFor();
    const row = drawer
      .getByRole("list", { name: "Entrant list" })
      .getByRole("listitem")
      .filter({ hasText: target.username })
      .first();
    await row.getByRole("button", { name: `Remove ${target.username}` }).click();
    const removeForm = drawer.getByRole("form", { name: `Remove ${target.username}` });
    expect(await removeForm.getByRole("button", { name: "Remove entrant" }).isDisabled()).toBe(true);
    await removeForm.getByLabel(/^Reason/).fill("Duplicate account");
    await page.screenshot({ path: screenshotPath("dashboard-giveaways-entrants"), fullPage: true });
    await removeForm.getByRole("button", { name: "Remove entrant" }).click();
    await toast(page, "Entrant removed");
    const after = await get<GiveawayEntrantsPage>(`/api/giveaways/${server()}/${running.messageId}/entrants`);
    expect(after.total).toBe(running.entries - 1);
    expect(after.removed[0]).toMatchObject({ userId: target.userId, reason: "Duplicate account" });
  });

  it("replaces one winner of an ended giveaway, and blocks and unblocks a member", async () => {
    const list = await get<GiveawayListItem[]>(`/api/giveaways/${server()}`);
    const ended = list.find(
      (giveaway) => !giveaway.active && giveaway.winners >= 1 && giveaway.entries > giveaway.winners + 1,
    );
    if (!ended) throw new Error("no ended giveaway with spare entrants in the demo data");
    const before = await get<GiveawayDetail>(`/api/giveaways/${server()}/${ended.messageId}`);
    const winner = Array.isArray(before.winners) ? before.winners.find((w) => !w.replacedAt) : undefined;
    if (!winner) throw new Error("no standing winner");
    const page = await openGiveaways();
    await page.getByRole("button", { name: `Entrants and winners of ${ended.prize}` }).click();
    const drawer = page.getByRole("dialog");
    await drawer
      .getByRole("button", { name: `Replace ${winner.username}` })
      .first()
      .click();
    await toast(page, "Giveaway rerolled successfully");
    const after = await get<GiveawayDetail>(`/api/giveaways/${server()}/${ended.messageId}`);
    const winners = Array.isArray(after.winners) ? after.winners : [];
    expect(winners.find((w) => w.userId === winner.userId)?.replacedAt).toBeGreaterThan(0);
    const replacement = winners.find((w) => w.replaces === winner.userId);
    expect(replacement).toBeDefined();
    await drawer.getByText(`(replaced ${winner.username})`).waitFor();
    await drawer.getByRole("button", { name: "Close" }).first().click();

    const card = page.getByRole("region", { name: "Blocked Members" });
    // The member is picked by name from the keyboard (no id typed); the list then names them.
    const who = card.getByRole("combobox", { name: "Member", exact: true });
    await who.fill(winner.username);
    const option = page.getByRole("listbox", { name: "Member", exact: true }).getByRole("option").first();
    await expect.poll(async () => (await option.textContent())?.includes(`@${winner.username}`)).toBe(true);
    await who.press("ArrowDown");
    await who.press("Enter");
    await expect.poll(() => who.inputValue()).toContain(`(@${winner.username})`);
    await card.getByLabel("Reason").fill("Prize reselling");
    await card.getByRole("button", { name: "Block", exact: true }).click();
    await toast(page, "Member blocked from giveaways");
    await card
      .getByRole("list", { name: "Blocked members" })
      .getByRole("listitem")
      .filter({ hasText: `@${winner.username}` })
      .filter({ hasText: "Prize reselling" })
      .waitFor();
    const blocks = await get<GiveawayBlock[]>(`/api/giveaways/${server()}/blocks`);
    expect(blocks.map((block) => block.userId)).toContain(winner.userId);
    await card
      .getByRole("button", { name: new RegExp(`^Lift the block of .*\\(@${winner.username}\\)$`) })
      .click();
    await toast(page, "Block lifted");
    await card.getByText("No one is blocked.").waitFor();
  });
});
