import type {
  EmbedTemplates,
  MarketItemList,
  SandboxMessagesResponse,
  SandboxServerResponse,
  TriggerList,
} from "@hearth/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// The More pages of pages-b (issue 28): Triggers, Embeds and Market, each driven through the real
// UI, with what the bot then does read back from the sandbox.

const suite = dashboardSuite();
const server = () => suite.fixture.demoServerId;
const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  api<T>(suite.server, suite.fixture.demoToken, path, init);
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text).first().waitFor();
const confirmWith = (page: Page, label: string) =>
  page.getByRole("dialog").getByRole("button", { name: label, exact: true }).click();

async function openPage(id: string, viewport = viewports.desktop): Promise<Page> {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto(`/dashboard?page=${id}`);
  return opened.page;
}

async function sandbox() {
  return (await api<SandboxServerResponse>(suite.server, null, "/api/sandbox/server")).body;
}

async function messagesIn(channelId: string) {
  const { body } = await api<SandboxMessagesResponse>(
    suite.server,
    null,
    `/api/sandbox/channels/${channelId}/messages?limit=30`,
  );
  return body.messages;
}

/** The page's own content (the shell around it is the kit's, scanned by its own tests). */
const scan = (page: Page, id: string) => expectNoAxeViolations(page, `[data-testid="more-page-${id}"]`);

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(`${name}-desktop`), fullPage: true });
  await page.setViewportSize(viewports.mobile);
  await page.waitForTimeout(200);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(viewports.mobile.width);
  await page.screenshot({ path: screenshotPath(`${name}-mobile`), fullPage: true });
  await page.setViewportSize(viewports.desktop);
}

describe("dashboard: Triggers page", () => {
  it("adds a trigger with a live preview, the bot answers it, then edits and deletes it", async () => {
    const page = await openPage("triggers");
    await page.getByRole("heading", { name: "Triggers", exact: true }).waitFor();
    const list = await call<TriggerList>(`/api/triggers/${server()}`);
    await page
      .getByRole("button", { name: list.body.triggers.length > 0 ? "New Trigger" : "Add a Trigger" })
      .click();
    const form = page.getByRole("form", { name: "New trigger" });
    await form.getByLabel("Keyword").fill("moonlit raid");
    await form.getByLabel("Reply").fill("Raids start at 8pm, {user.name}!");
    const preview = page.getByTestId("message-preview");
    await preview.getByText(/Raids start at 8pm, .+!/).waitFor();
    await scan(page, "triggers");
    await screenshots(page, "dashboard-triggers-form");
    await form.getByRole("button", { name: "Add Trigger" }).click();
    await toast(page, "Trigger “moonlit raid” added");
    const row = page
      .getByRole("list", { name: "Triggers" })
      .getByRole("listitem")
      .filter({ hasText: "moonlit raid" });
    await row.waitFor();

    // The bot's effect: a member says the keyword in #general and Hearth answers.
    const sandboxServer = await sandbox();
    const general = sandboxServer.channels.find((channel) => channel.name === "general")?.id as string;
    const member = sandboxServer.identities.find((identity) => identity.key === "member")?.userId as string;
    const said = await api(suite.server, null, "/api/sandbox/messages", {
      method: "POST",
      body: { channelId: general, userId: member, content: "is the moonlit raid on?" },
    });
    expect(said.status).toBe(200);
    await expect
      .poll(
        async () => (await messagesIn(general)).some((m) => /^Raids start at 8pm, .+!$/.test(m.content)),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

    // Edit: an embed reply with a title.
    await row.getByRole("button", { name: "Edit the trigger “moonlit raid”" }).click();
    const edit = page.getByRole("form", { name: "Edit “moonlit raid”" });
    await edit.getByText("Embed", { exact: true }).click();
    await edit.getByLabel("Embed title").fill("Raid night");
    await preview.getByText("Raid night").waitFor();
    await edit.getByRole("button", { name: "Save Trigger" }).click();
    await toast(page, "Trigger “moonlit raid” saved");
    await expect
      .poll(async () => {
        const saved = (await call<TriggerList>(`/api/triggers/${server()}`)).body.triggers;
        return saved.find((trigger) => trigger.keyword === "moonlit raid")?.embedTitle;
      })
      .toBe("Raid night");
    await screenshots(page, "dashboard-triggers-list");

    await row.getByRole("button", { name: "Delete the trigger “moonlit raid”" }).click();
    await confirmWith(page, "Delete Trigger");
    await toast(page, "Trigger deleted successfully");
    await expect
      .poll(async () =>
        (await call<TriggerList>(`/api/triggers/${server()}`)).body.triggers.some(
          (t) => t.keyword === "moonlit raid",
        ),
      )
      .toBe(false);
  }, 150_000);
});

describe("dashboard: Embeds page", () => {
  it("builds an embed with a live preview, sends it to a channel, then edits the posted message", async () => {
    const page = await openPage("embeds");
    const form = page.getByRole("form", { name: "Embed builder" });
    await form.waitFor();
    const picker = form.getByRole("combobox", { name: "Channel" });
    await picker.click();
    await picker.fill("general");
    await page
      .getByRole("option", { name: /general/ })
      .first()
      .click();
    await form.getByLabel("Title", { exact: true }).fill("E2E Season kickoff");
    await form.getByLabel("Description").fill("Hello {server.name}!");
    await form.getByRole("button", { name: /Add Field/ }).click();
    await form.getByLabel("Name", { exact: true }).fill("When");
    await form.getByLabel("Value", { exact: true }).fill("Friday");
    await form.getByRole("button", { name: /Add Link Button/ }).click();
    await form.getByLabel("Label", { exact: true }).fill("Rules");
    await form.getByLabel("Link", { exact: true }).fill("https://example.com/rules");
    const preview = page.getByTestId("message-preview");
    await preview.getByText("E2E Season kickoff").waitFor();
    await preview.getByText("Hello Ember Hollow!").waitFor();
    await scan(page, "embeds");
    await screenshots(page, "dashboard-embeds-builder");

    // Discord's limits in the form: a title over 256 characters is named before anything is sent.
    await form.getByLabel("Title", { exact: true }).fill("x".repeat(257));
    await form.getByText("Title is 257 characters; the limit is 256.").first().waitFor();
    await form.getByLabel("Title", { exact: true }).fill("E2E Season kickoff");

    await form.getByRole("button", { name: "Send Embed" }).click();
    await toast(page, "Embed sent");
    const general = (await sandbox()).channels.find((c) => c.name === "general")?.id as string;
    const posted = async () =>
      (await messagesIn(general)).find((m) => m.embeds[0]?.title?.startsWith("E2E Season"));
    await expect
      .poll(async () => (await posted())?.embeds[0]?.description, { timeout: 15_000 })
      .toBe("Hello Ember Hollow!");
    expect((await posted())?.components[0]?.[0]).toMatchObject({
      style: "link",
      url: "https://example.com/rules",
    });

    // The builder now edits the posted message in place.
    await form.getByText(/Editing Hearth's message in/).waitFor();
    await form.getByLabel("Title", { exact: true }).fill("E2E Season kickoff (moved)");
    await form.getByRole("button", { name: "Remove link button 1" }).click();
    await form.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Message updated");
    await expect
      .poll(async () => (await posted())?.embeds[0]?.title, { timeout: 15_000 })
      .toBe("E2E Season kickoff (moved)");
    const edited = await posted();
    expect(edited?.editedAt).not.toBeNull();
    expect(edited?.components ?? []).toEqual([]);

    // Opening it again by its message link loads the posted embed.
    await page.getByRole("button", { name: "Start a New Message" }).click();
    const link = `https://discord.com/channels/${server()}/${general}/${edited?.id}`;
    await page.getByLabel("Message link").fill(link);
    await page.getByRole("button", { name: "Open Message" }).click();
    await expect
      .poll(() => form.getByLabel("Title", { exact: true }).inputValue())
      .toBe("E2E Season kickoff (moved)");

    // Clearing the message deletes nothing: a message Hearth posted is only deleted in Discord.
  }, 150_000);

  it("loads a built-in template, saves the builder's embed as a template, loads and deletes it", async () => {
    const page = await openPage("embeds");
    const form = page.getByRole("form", { name: "Embed builder" });
    await form.waitFor();
    const templates = page.getByRole("list", { name: "Built-in templates" });
    await templates.getByRole("button", { name: "Load the template Announcement" }).click();
    await expect.poll(() => form.getByLabel("Title", { exact: true }).inputValue()).toBe("📣 Announcement");
    await page.getByTestId("message-preview").getByText("📣 Announcement").waitFor();

    await form.getByLabel("Title", { exact: true }).fill("E2E Weekly news");
    const save = page.getByRole("form", { name: "Save as template" });
    await save.getByRole("textbox", { name: "Template name" }).fill("E2E Weekly");
    await save.getByRole("button", { name: "Save as template" }).click();
    await toast(page, "Template E2E Weekly saved");
    const saved = page.getByRole("list", { name: "Saved templates" });
    await saved.getByText("E2E Weekly", { exact: true }).waitFor();
    const listed = (await call<EmbedTemplates>(`/api/embeds/${server()}/templates`)).body;
    expect(listed.saved.find((t) => t.name === "E2E Weekly")?.draft.title).toBe("E2E Weekly news");
    await scan(page, "embeds");
    await screenshots(page, "dashboard-embeds-templates");

    // Saved again under its name in another case, replacing it (and taking that spelling): still one
    // template (a 409 without "replace" is the route test's).
    await form.getByLabel("Title", { exact: true }).fill("E2E Weekly news, take two");
    await save.getByRole("textbox", { name: "Template name" }).fill("e2e weekly");
    await save.getByRole("checkbox", { name: "Replace a template of that name" }).check();
    await save.getByRole("button", { name: "Save as template" }).click();
    await toast(page, "Template e2e weekly replaced");
    await saved.getByText("e2e weekly", { exact: true }).waitFor();
    expect(await saved.getByText("E2E Weekly", { exact: true }).count()).toBe(0);

    await form.getByLabel("Title", { exact: true }).fill("Something else");
    await saved.getByRole("button", { name: "Load the template e2e weekly" }).click();
    await expect
      .poll(() => form.getByLabel("Title", { exact: true }).inputValue())
      .toBe("E2E Weekly news, take two");
    await saved.getByRole("button", { name: "Delete the template e2e weekly" }).click();
    await confirmWith(page, "Delete template");
    await toast(page, "Template deleted");
    await saved.getByText("e2e weekly", { exact: true }).waitFor({ state: "detached" });
  }, 150_000);
});

describe("dashboard: Market page", () => {
  it("adds, edits and removes items, and imports a CSV after a dry run showing what changes", async () => {
    const page = await openPage("market");
    const add = page.getByRole("form", { name: "Add an item" });
    await add.getByLabel("Item").fill("E2E Crown");
    await add.getByLabel("Price").fill("1.5m");
    await add.getByRole("button", { name: "Add" }).click();
    await toast(page, "Added E2E Crown");
    const list = page.getByRole("list", { name: "Price list" });
    await list.getByRole("listitem").filter({ hasText: "E2E Crown" }).getByText("1,500,000").waitFor();

    await list.getByRole("button", { name: "Edit the price of E2E Crown" }).click();
    const edit = page.getByRole("form", { name: "Edit E2E Crown" });
    await edit.getByLabel("Price").fill("2m");
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(page, "Saved the price of E2E Crown");
    await list.getByRole("listitem").filter({ hasText: "E2E Crown" }).getByText("2,000,000").waitFor();

    // The bot answers /market price with the new price.
    const owner = (await sandbox()).identities.find((identity) => identity.key === "owner")?.userId as string;
    const general = (await sandbox()).channels.find((c) => c.name === "general")?.id as string;
    const asked = await api<{
      answers: { message: { embeds: { description?: string }[]; content: string } | null }[];
    }>(suite.server, null, "/api/sandbox/interactions/command", {
      method: "POST",
      body: { channelId: general, userId: owner, name: "market price", options: { item: "e2e crown" } },
    });
    expect(JSON.stringify(asked.body)).toMatch(/2M|2,000,000/);

    // Import: the dry run shows the changes and the invalid line; nothing changes until applied.
    const importForm = page.getByRole("form", { name: "Import a CSV" });
    await importForm
      .getByLabel("Or paste the lines")
      .fill("item,price\nE2E Crown,3m\nE2E Sword,250k\nBroken line\n");
    await importForm.getByRole("button", { name: "Check File" }).click();
    const plan = page.getByRole("region", { name: "What the import would change" });
    await plan.getByText("Line 4:").waitFor();
    await plan.getByText("E2E Crown: 2,000,000 → 3,000,000").waitFor();
    await plan.getByText("E2E Sword: 250,000").waitFor();
    expect(await importForm.getByRole("button", { name: "Apply Import" }).isDisabled()).toBe(true);
    await scan(page, "market");
    await screenshots(page, "dashboard-market-dry-run");

    await importForm.getByLabel("Or paste the lines").fill("item,price\nE2E Crown,3m\nE2E Sword,250k\n");
    await importForm.getByRole("button", { name: "Check File" }).click();
    await plan.getByText("Invalid lines (0)").waitFor();
    await importForm.getByRole("button", { name: "Apply Import" }).click();
    await toast(page, /Imported: 1 added, 1 changed, 0 removed/);
    await page.getByRole("region", { name: "What the import changed" }).waitFor();
    const items = (await call<MarketItemList>(`/api/market/${server()}/items`)).body.items;
    expect(items.find((item) => item.name === "E2E Crown")?.price).toBe("3000000");
    expect(items.find((item) => item.name === "E2E Sword")?.price).toBe("250000");

    await list.getByRole("button", { name: "Remove E2E Sword" }).click();
    await confirmWith(page, "Remove Item");
    await toast(page, "Removed E2E Sword");
    await expect
      .poll(async () =>
        (await call<MarketItemList>(`/api/market/${server()}/items`)).body.items.some(
          (i) => i.name === "E2E Sword",
        ),
      )
      .toBe(false);
  }, 150_000);
});
