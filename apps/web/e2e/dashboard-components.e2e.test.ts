import type { MessageComponentList } from "@hearth/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import { channelMessages, confirmWith, eventually, sandboxWorld, toast } from "./dashboard-pages-support";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// The Components page (More → Components): create a button with its actions and a live preview,
// post it, see it in the sandbox channel, edit it (the posted copy follows) and delete it.

const suite = dashboardSuite();

async function openComponents(viewport: { width: number; height: number } = viewports.desktop) {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto("/dashboard?page=components");
  await opened.page.getByRole("heading", { name: "Create a component" }).waitFor();
  return opened.page;
}

/** Picks in a combobox inside `scope` (the page has several with the same label). */
async function pickIn(page: Page, scope: ReturnType<Page["locator"]>, label: string, name: string) {
  const box = scope.getByRole("combobox", { name: label });
  await box.click();
  await box.fill(name);
  await page
    .getByRole("option", { name: new RegExp(name) })
    .first()
    .click();
}

const buttonIn = async (channelId: string, content: string) =>
  (await channelMessages(suite, channelId)).find((message) => message.content === content);

describe("dashboard: Components page", () => {
  it("creates a button with actions and a preview, posts it, edits it and deletes it", async () => {
    const { channel } = await sandboxWorld(suite);
    const general = channel("general");
    const page = await openComponents();
    await page.getByRole("list", { name: "Components" }).or(page.getByText("No components yet")).waitFor();
    await expectNoAxeViolations(page, '[data-testid="more-page-components"]');

    const form = page.getByRole("form", { name: "Create a component" });
    await form.getByLabel("Name", { exact: true }).fill("say-hi");
    await form.getByLabel("Message above it", { exact: true }).fill("Press to say hi to the team.");
    await form.getByLabel("Button text", { exact: true }).fill("Say hi");
    await form.getByLabel("Colour").selectOption("success");
    await form.getByRole("button", { name: "Add an action" }).click();
    await pickIn(page, form, "Role", "Events Ping");
    await form.getByRole("button", { name: "Add an action" }).click();
    await form.getByLabel("Action 2", { exact: true }).selectOption("send_message");
    await form.getByLabel("Message", { exact: true }).fill("Hello {user.mention}!");
    await form.getByLabel("Where").selectOption("private");

    const preview = page.getByTestId("component-preview");
    await preview.getByText("Press to say hi to the team.").waitFor();
    await preview.getByRole("button", { name: "Say hi" }).or(preview.getByText("Say hi")).first().waitFor();
    await expectNoAxeViolations(page, '[data-testid="more-page-components"]');
    await page.screenshot({ path: screenshotPath("dashboard-components-desktop"), fullPage: true });
    await form.getByRole("button", { name: "Create component" }).click();
    await toast(page, "Component created");

    const list = page.getByRole("list", { name: "Components" });
    await list.getByText("say-hi", { exact: true }).waitFor();
    const saved = await api<MessageComponentList>(
      suite.server,
      suite.fixture.demoToken,
      `/api/components/${suite.fixture.demoServerId}`,
    );
    const created = saved.body.components.find((component) => component.name === "say-hi");
    expect(created?.definition).toMatchObject({
      label: "Say hi",
      style: "success",
      actions: [
        { kind: "toggle_role" },
        { kind: "send_message", text: "Hello {user.mention}!", target: "private" },
      ],
    });

    // Post it in #general: the bot's message carries the button.
    const row = list.getByRole("listitem").filter({ hasText: "say-hi" });
    await pickIn(page, row, "Post say-hi in", "general");
    await row.getByRole("button", { name: "Post", exact: true }).click();
    await toast(page, "Component posted");
    const posted = await eventually("the button in #general", () =>
      buttonIn(general, "Press to say hi to the team."),
    );
    expect(posted.components?.[0]?.[0]).toMatchObject({ type: "button", label: "Say hi", style: "success" });

    // Edit, renaming it too: the posted copy is redrawn and the list shows the new name.
    await list.getByRole("button", { name: "Edit say-hi" }).click();
    const edit = page.getByRole("form", { name: "Edit say-hi" });
    await edit.getByLabel("Name", { exact: true }).fill("say-hello");
    await edit.getByLabel("Button text", { exact: true }).fill("Say hello");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Saved; 1 posted copy updated");
    await eventually("the posted button redrawn", async () => {
      const message = await buttonIn(general, "Press to say hi to the team.");
      const button = message?.components?.[0]?.[0];
      return button?.type === "button" && button.label === "Say hello";
    });

    await list.getByText("say-hello", { exact: true }).waitFor();

    // Delete: asked first; the posted message loses its button.
    await list.getByRole("button", { name: "Delete say-hello" }).click();
    await confirmWith(page, "Delete component");
    await toast(page, "Component deleted");
    await eventually("the button gone from #general", async () => {
      const message = await buttonIn(general, "Press to say hi to the team.");
      return message !== undefined && (message.components ?? []).length === 0;
    });
    await list.getByText("say-hello", { exact: true }).waitFor({ state: "detached" });
  });

  it("builds a select menu whose options run their own actions; the server's refusal shows at its field", async () => {
    const page = await openComponents();
    const form = page.getByRole("form", { name: "Create a component" });
    await form.getByLabel("Kind").selectOption("select");
    await form.getByLabel("Name", { exact: true }).fill("pings");
    await form.getByLabel("Placeholder").fill("Pick your pings");
    const options = form.getByRole("list", { name: "Options" });
    await form.getByRole("button", { name: /Add an option/ }).click();
    const events = options.getByRole("listitem").nth(0);
    await events.getByLabel("Option 1", { exact: true }).fill("Events");
    await events.getByRole("button", { name: "Add an action" }).click();
    await pickIn(page, events, "Role", "Events Ping");
    await form.getByRole("button", { name: /Add an option/ }).click();
    const news = options.getByRole("listitem").nth(1);
    await news.getByLabel("Option 2", { exact: true }).fill("News");
    await news.getByRole("button", { name: "Add an action" }).click();
    await news.getByLabel("Action 1", { exact: true }).selectOption("send_message");
    await news.getByLabel("Message", { exact: true }).fill("Subscribed, {user.nmae}!");

    const preview = page.getByTestId("component-preview");
    // Drawn by the bot's posting code: the menu with its placeholder and both options.
    await expect
      .poll(() => preview.locator("option").allTextContents(), { timeout: 15_000 })
      .toEqual(["Pick your pings", "Events", "News"]);
    suite.allow([/status of 400 \(Bad Request\)/, /API Error: 400 Bad Request/]);
    await form.getByRole("button", { name: "Create component" }).click();
    // The template check is the bot's: its refusal names definition.options.1.actions.0.text.
    await news.getByRole("alert").filter({ hasText: "{user.nmae}" }).waitFor();
    await news.getByLabel("Message", { exact: true }).fill("Subscribed, {user.name}!");
    await form.getByRole("button", { name: "Create component" }).click();
    await toast(page, "Component created");
    await page.getByRole("list", { name: "Components" }).getByText("pings", { exact: true }).waitFor();
    const saved = await api<MessageComponentList>(
      suite.server,
      suite.fixture.demoToken,
      `/api/components/${suite.fixture.demoServerId}`,
    );
    expect(saved.body.components.find((component) => component.name === "pings")).toMatchObject({
      type: "select",
      incomplete: null,
      definition: {
        placeholder: "Pick your pings",
        options: [
          { label: "Events", value: "events", actions: [{ kind: "toggle_role" }] },
          {
            label: "News",
            value: "news",
            actions: [{ kind: "send_message", text: "Subscribed, {user.name}!", target: "here" }],
          },
        ],
      },
    });
  });

  it("builds a form: its questions, and its answers posted in a channel", async () => {
    const { channel } = await sandboxWorld(suite);
    const page = await openComponents();
    const form = page.getByRole("form", { name: "Create a component" });
    await form.getByLabel("Kind").selectOption("form");
    await form.getByLabel("Name", { exact: true }).fill("join-us");
    await form.getByLabel("Button text", { exact: true }).fill("Join the team");
    await form.getByLabel("Form title").fill("Join the team");
    await form.getByRole("button", { name: /Add a question/ }).click();
    await form.getByLabel("Question 1", { exact: true }).fill("Your time zone");
    await form.getByLabel("Longest answer").fill("40");
    await form.getByRole("button", { name: "Add an action" }).click();
    await form.getByLabel("Action 1", { exact: true }).selectOption("post_answers");
    await pickIn(page, form, "Answers channel", "staff-chat");
    await page.getByTestId("component-preview").getByText("Join the team").first().waitFor();
    await expectNoAxeViolations(page, '[data-testid="more-page-components"]');
    await form.getByRole("button", { name: "Create component" }).click();
    await toast(page, "Component created");
    await page.getByRole("list", { name: "Components" }).getByText("join-us", { exact: true }).waitFor();
    const saved = await api<MessageComponentList>(
      suite.server,
      suite.fixture.demoToken,
      `/api/components/${suite.fixture.demoServerId}`,
    );
    expect(saved.body.components.find((component) => component.name === "join-us")).toMatchObject({
      type: "form",
      incomplete: null,
      definition: {
        label: "Join the team",
        title: "Join the team",
        fields: [{ id: "f1", label: "Your time zone", style: "short", required: true, maxLength: 40 }],
        actions: [{ kind: "post_answers", channelId: channel("staff-chat") }],
      },
    });
  });

  it("fits a 390 px phone, with errors named at the fields", async () => {
    const page = await openComponents(viewports.mobile);
    const form = page.getByRole("form", { name: "Create a component" });
    await form.getByRole("button", { name: "Create component" }).click();
    await form.getByText("Name the component (you and the /components commands use the name).").waitFor();
    await form.getByText("Write the button's text.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, '[data-testid="more-page-components"]');
    await page.screenshot({ path: screenshotPath("dashboard-components-mobile"), fullPage: true });
  });
});
