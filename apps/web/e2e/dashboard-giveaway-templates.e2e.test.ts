import type { GiveawayListItem, GiveawaySchedule, GiveawayTemplate } from "@hearth/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotPath, viewports } from "./browser";
import { channelMessages, eventually, sandboxWorld } from "./dashboard-pages-support";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// Giveaway templates, bulk creation and the public pages of scheduled giveaways (issue 27, items 8
// and 9): one journey per flow, through the real UI.

const suite = dashboardSuite();

async function open(path: string): Promise<Page> {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewports.desktop),
  );
  await opened.page.goto(path);
  return opened.page;
}

const server = () => suite.fixture.demoServerId;
const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  api<T>(suite.server, suite.fixture.demoToken, path, init);
const get = async <T>(path: string) => (await call<T>(path)).body;
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true }).waitFor();

describe("giveaway templates and bulk", () => {
  it("saves the create form's giveaway as a template, with the host defaulting to the token's member", async () => {
    const page = await open("/dashboard?tab=giveaways");
    await page.getByRole("tabpanel").waitFor();
    const form = page.getByRole("form", { name: "Create giveaway" });
    await form.getByLabel("Prize").fill("E2E Template Prize");
    await form.getByRole("combobox", { name: "Channel", exact: true }).fill("giveaways");
    await page
      .getByRole("option", { name: /^giveaways\b/ })
      .first()
      .click();
    await form.getByLabel("Winners").fill("2");
    // The host: the member the token was made for, shown before anything is posted.
    const host = form.getByRole("combobox", { name: "Host" });
    await expect.poll(async () => (await host.inputValue()).length).toBeGreaterThan(0);
    const save = page.getByRole("form", { name: "Save as template" });
    await save.getByLabel("Save as template").fill("E2E Weekly");
    await save.getByRole("button", { name: "Save template" }).click();
    await toast(page, "Template saved");
    const card = page.getByRole("list", { name: "Giveaway templates" });
    await card
      .getByRole("listitem")
      .filter({ hasText: "E2E Weekly" })
      .getByText(/E2E Template Prize · 1d · 2 winners · #giveaways/)
      .waitFor();
    const templates = await get<GiveawayTemplate[]>(`/api/giveaways/${server()}/templates`);
    const saved = templates.find((template) => template.name === "E2E Weekly");
    expect(saved?.settings).toMatchObject({ prize: "E2E Template Prize", winnerCount: 2, duration: 86_400 });
    expect(saved?.settings.hostId).toMatch(/^\d{17,20}$/);

    // A second save under the same name (any case) is refused next to the name (a 409 on purpose).
    suite.allow([/status of 409 \(Conflict\)/, /API Error: 409 Conflict/]);
    await save.getByLabel("Save as template").fill("e2e weekly");
    await save.getByRole("button", { name: "Save template" }).click();
    await save
      .getByRole("alert")
      .getByText(/already has a giveaway template named/)
      .waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-giveaways-templates"), fullPage: true });

    // Editing the template: its channel is a picker, chosen by name from the keyboard.
    await card.getByRole("button", { name: "Edit E2E Weekly" }).click();
    const channel = card.getByRole("combobox", { name: "Channel", exact: true });
    await expect.poll(() => channel.inputValue()).toBe("#giveaways");
    await channel.fill("general");
    const first = page.getByRole("listbox", { name: "Channel", exact: true }).getByRole("option").first();
    await expect.poll(async () => (await first.textContent())?.includes("general")).toBe(true);
    await channel.press("ArrowDown");
    await channel.press("Enter");
    await expect.poll(() => channel.inputValue()).toBe("#general");
    await card.getByRole("button", { name: "Save template" }).click();
    await toast(page, "Template updated");
    const { channel: channelOf } = await sandboxWorld(suite);
    const edited = (await get<GiveawayTemplate[]>(`/api/giveaways/${server()}/templates`)).find(
      (template) => template.name === "E2E Weekly",
    );
    expect(edited?.settings.channelId).toBe(channelOf("general"));
  });

  it("creates three giveaways at once from a template's table, each cell checked inline", async () => {
    await call(`/api/giveaways/${server()}/templates`, {
      method: "POST",
      body: {
        name: "E2E Bulk",
        settings: {
          channelId: (await get<GiveawayTemplate[]>(`/api/giveaways/${server()}/templates`))[0]?.settings
            .channelId,
          prize: "Bulk base",
          duration: 3600,
          winnerCount: 1,
          pingRoleId: null,
        },
      },
    });
    const page = await open("/dashboard?tab=giveaways");
    await page.getByRole("tabpanel").waitFor();
    await page.getByRole("button", { name: "Bulk create from E2E Bulk" }).click();
    const table = page.getByRole("form", { name: "Bulk create from E2E Bulk" });
    await table.getByRole("button", { name: "Add row" }).click();
    await table.getByRole("button", { name: "Add row" }).click();
    await table.getByLabel("Prize of row 1").fill("E2E Bulk Nitro");
    await table.getByLabel("Prize of row 2").fill("E2E Bulk Steam key");
    await table.getByLabel("Prize of row 3").fill("E2E Bulk Badge");
    await table.getByLabel("Duration of row 2").fill("soon");
    await table.getByLabel("Winners of row 3").fill("3");
    // Row 3 goes to another channel than the template's: its channel picker, from the keyboard.
    const { channel } = await sandboxWorld(suite);
    const memes = channel("memes");
    const templateChannel = (await get<GiveawayTemplate[]>(`/api/giveaways/${server()}/templates`)).find(
      (template) => template.name === "E2E Bulk",
    )?.settings.channelId;
    expect(templateChannel).not.toBe(memes);
    const row3 = table.getByRole("combobox", { name: "Channel of row 3" });
    await row3.fill("memes");
    const first = page.getByRole("listbox", { name: "Channel of row 3" }).getByRole("option").first();
    await expect.poll(async () => (await first.textContent())?.includes("memes")).toBe(true);
    await row3.press("ArrowDown");
    await row3.press("Enter");
    await expect.poll(() => row3.inputValue()).toBe("#memes");
    await table.getByRole("button", { name: "Create 3 giveaways" }).click();
    // The wrong cell says so where it is; nothing was sent.
    await table.getByText("Write it like 30m, 12h, 2d or 1w").waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-giveaways-bulk"), fullPage: true });
    await table.getByLabel("Duration of row 2").fill("2d");
    await expect.poll(() => table.getByText("Write it like 30m, 12h, 2d or 1w").count()).toBe(0);
    await table.getByRole("button", { name: "Create 3 giveaways" }).click();
    await toast(page, "3 giveaways started");

    for (const prize of ["E2E Bulk Nitro", "E2E Bulk Steam key", "E2E Bulk Badge"]) {
      await page.getByRole("link", { name: prize, exact: true }).first().waitFor();
    }
    const created = (await get<GiveawayListItem[]>(`/api/giveaways/${server()}`)).filter((giveaway) =>
      giveaway.prize.startsWith("E2E Bulk "),
    );
    expect(created.map((giveaway) => [giveaway.prize, giveaway.winners]).sort()).toEqual([
      ["E2E Bulk Badge", 3],
      ["E2E Bulk Nitro", 1],
      ["E2E Bulk Steam key", 1],
    ]);
    // The bot posted row 3's giveaway in #memes.
    await eventually("the row 3 giveaway in #memes", async () =>
      (await channelMessages(suite, memes)).some((message) =>
        JSON.stringify(message).includes("E2E Bulk Badge"),
      ),
    );
  });
});

describe("scheduled giveaways on the public pages", () => {
  it("lists a scheduled and a weekly giveaway as Scheduled, with a countdown and no Enter, and opens one", async () => {
    const channelId = (await get<GiveawayTemplate[]>(`/api/giveaways/${server()}/templates`))[0]?.settings
      .channelId;
    const startsAt = Date.now() + 3 * 3_600_000;
    const once = await call<GiveawaySchedule>("/api/giveaways/create", {
      method: "POST",
      body: { channelId, prize: "E2E Public Later", duration: 7200, startsAt, winnerCount: 2 },
    });
    expect(once.status).toBe(202);
    await call<GiveawaySchedule>("/api/giveaways/create", {
      method: "POST",
      body: {
        channelId,
        prize: "E2E Public Weekly",
        duration: 3600,
        startsAt: startsAt + 3_600_000,
        recurrence: { every: 1, unit: "weeks" },
      },
    });

    const page = await open("/giveaways");
    const section = page.getByRole("region", { name: "Scheduled & recurring" });
    const later = section.getByRole("article", { name: "E2E Public Later" });
    await later.getByText("Scheduled", { exact: true }).waitFor();
    await later.getByText(/^Starts in [23]h \d+m$/).waitFor();
    expect(await later.getByText(/Participants|Enter/).count()).toBe(0);
    const weekly = section.getByRole("article", { name: "E2E Public Weekly" });
    await weekly.getByText("Repeats every week").waitFor();
    await page.screenshot({ path: screenshotPath("giveaways-scheduled-list"), fullPage: true });

    await later.getByRole("link", { name: "View Details: E2E Public Later" }).click();
    await page.getByRole("heading", { level: 1, name: "E2E Public Later" }).waitFor();
    await page.getByText("This giveaway hasn't been posted yet.", { exact: false }).waitFor();
    await page
      .getByTestId("upcoming-status")
      .getByText(/^Starts in [23] hours/)
      .waitFor();
    expect(await page.getByText("Entries", { exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Enter/ }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath("giveaways-scheduled-detail"), fullPage: true });
  });
});
