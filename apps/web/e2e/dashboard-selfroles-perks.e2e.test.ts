import type { PerksOverview, SelfRolesOverview } from "@hearth/core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import {
  channelMessages,
  confirmWith,
  eventually,
  pick,
  sandboxWorld,
  toast,
} from "./dashboard-pages-support";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

// The Self-roles and Perks pages (More → Self-roles, More → Perks) through the real UI: the panel the
// bot posts is seen in the sandbox channel; perk tiers are created, edited and deleted.

const suite = dashboardSuite();

async function open(
  page: string,
  heading: string,
  viewport: { width: number; height: number } = viewports.desktop,
) {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto(`/dashboard?page=${page}`);
  await opened.page.getByRole("heading", { name: heading }).waitFor();
  return opened.page;
}

const read = async <T>(path: string) => (await api<T>(suite.server, suite.fixture.demoToken, path)).body;

describe("dashboard: Self-roles page", () => {
  it("whitelists a role, posts a panel with its preview (seen in the sandbox), edits it (the message redrawn), deletes it", async () => {
    const { channel } = await sandboxWorld(suite);
    const page = await open("selfroles", "Post a self-role panel");
    await expectNoAxeViolations(page, '[data-testid="more-page-selfroles"]');
    await pick(page, "Role to allow on panels", "Member");
    await page
      .getByRole("form", { name: "Whitelist a role" })
      .getByRole("button", { name: "Whitelist" })
      .click();
    await toast(page, "Role whitelisted");
    await page
      .getByRole("list", { name: "Whitelisted roles" })
      .getByText("@Member", { exact: true })
      .waitFor();

    const form = page.getByRole("form", { name: "Create self-role panel" });
    await form.getByRole("textbox", { name: "Panel name" }).fill("E2E Pings");
    await form.getByRole("textbox", { name: "Title" }).fill("Pick your pings");
    await form.getByRole("checkbox", { name: "@Member" }).check();
    // The role's emoji is picked by name (the emoji picker: the server's own and Unicode's).
    const emoji = form.getByRole("combobox", { name: "Emoji for @Member" });
    await emoji.click();
    await emoji.fill("party popper");
    await page
      .getByRole("option", { name: /party popper/ })
      .first()
      .click();
    await expect.poll(() => emoji.inputValue()).toBe("🎉 party popper");
    await pick(page, "Channel", "self-roles");
    const preview = page.getByTestId("panel-preview");
    await preview.getByText("Pick your pings").waitFor();
    await preview.getByRole("button", { name: /Member/ }).waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-selfroles-desktop"), fullPage: true });
    await form.getByRole("button", { name: "Post panel" }).click();
    await toast(page, "Panel E2E Pings posted");

    const selfRoles = channel("self-roles");
    const panel = (await read<SelfRolesOverview>(`/api/selfroles/${suite.fixture.demoServerId}`)).panels.find(
      (candidate) => candidate.name === "E2E Pings",
    );
    const messageId = panel?.messages[0]?.messageId;
    const posted = await eventually("the panel in #self-roles", async () =>
      (await channelMessages(suite, selfRoles)).find((message) => message.id === messageId),
    );
    expect(posted.embeds[0]?.title).toBe("Pick your pings");
    expect(posted.components[0]?.[0]).toMatchObject({ type: "button", label: "Member", emoji: "🎉" });

    const panels = page.getByRole("list", { name: "Panels" });
    await panels.getByText("E2E Pings", { exact: true }).waitFor();

    // Edit: the form opens with the saved panel; saving redraws the same message in Discord.
    await panels.getByRole("button", { name: "Edit the panel E2E Pings" }).click();
    const edit = page.getByRole("form", { name: "Edit the panel E2E Pings" });
    await expect
      .poll(() => edit.getByRole("textbox", { name: "Title" }).inputValue())
      .toBe("Pick your pings");
    const editEmoji = edit.getByRole("combobox", { name: "Emoji for @Member" });
    await expect.poll(() => editEmoji.inputValue()).toBe("🎉 party popper");
    await edit.getByRole("textbox", { name: "Title" }).fill("Choose your pings");
    await edit.getByRole("combobox", { name: "Description" }).fill("One menu for every ping");
    await edit.getByRole("combobox", { name: "How members pick" }).selectOption("dropdown");
    await editEmoji.click();
    await editEmoji.fill("megaphone");
    await page
      .getByRole("option", { name: /megaphone/ })
      .first()
      .click();
    await preview.getByText("Choose your pings").waitFor();
    await expectNoAxeViolations(page, '[data-testid="more-page-selfroles"]');
    await page.screenshot({ path: screenshotPath("dashboard-selfroles-edit-desktop"), fullPage: true });
    await edit.getByRole("button", { name: "Save panel" }).click();
    await toast(page, "Panel E2E Pings saved and its message updated");
    await page.getByRole("form", { name: "Create self-role panel" }).waitFor();
    const edited = await eventually("the panel message redrawn", async () => {
      const message = (await channelMessages(suite, selfRoles)).find((m) => m.id === messageId);
      return message?.embeds[0]?.title === "Choose your pings" ? message : undefined;
    });
    expect(edited.embeds[0]?.description).toContain("One menu for every ping");
    expect(edited.components[0]?.[0]).toMatchObject({
      type: "select",
      options: [expect.objectContaining({ label: "Member", emoji: "📣" })],
    });
    await panels.getByText(/Dropdown menu · 📣 @Member/).waitFor();

    await panels.getByRole("button", { name: "Delete the panel E2E Pings" }).click();
    await confirmWith(page, "Delete panel");
    await toast(page, "Panel deleted");
    await panels.getByText("E2E Pings", { exact: true }).waitFor({ state: "detached" });
    await eventually("the panel message deleted", async () =>
      (await channelMessages(suite, selfRoles)).every((message) => message.id !== messageId),
    );
  });
});

describe("dashboard: Perks page", () => {
  it("creates, edits and deletes a perk tier; fits a 390 px phone", async () => {
    const page = await open("perks", "Create a perk tier");
    await expectNoAxeViolations(page, '[data-testid="more-page-perks"]');
    const form = page.getByRole("form", { name: "Create perk tier" });
    await form.getByRole("textbox", { name: "Tier name" }).fill("Gold tier");
    await pick(page, "Role", "Gold");
    await form.getByRole("spinbutton", { name: "Auto-reaction emojis" }).fill("3");
    await form.getByRole("spinbutton", { name: "Private channel members" }).fill("10");
    await form.getByRole("button", { name: "Create tier" }).click();
    await toast(page, "Perk tier Gold tier created");
    const tiers = page.getByRole("list", { name: "Perk tiers" });
    await tiers.getByText("Gold tier", { exact: true }).waitFor();
    const path = `/api/perks/${suite.fixture.demoServerId}`;
    const ours = async () =>
      (await read<PerksOverview>(path)).tiers.find((tier) => tier.name === "Gold tier");
    expect(await ours()).toMatchObject({ emojis: 3, channelMembers: 10 });

    await tiers.getByRole("button", { name: "Edit the perk tier Gold tier" }).click();
    const edit = page.getByRole("form", { name: "Edit perk tier Gold tier" });
    await edit.getByRole("spinbutton", { name: "Auto-responders" }).fill("2");
    await edit.getByRole("button", { name: "Save tier" }).click();
    await toast(page, "Perk tier Gold tier saved");
    await eventually("the edited tier", async () => (await ours())?.responders === 2);

    await tiers.getByRole("button", { name: "Delete the perk tier Gold tier" }).click();
    await confirmWith(page, "Delete tier");
    await toast(page, "Perk tier deleted");
    await tiers.getByText("Gold tier", { exact: true }).waitFor({ state: "detached" });
    expect(await ours()).toBeUndefined();

    await page.setViewportSize(viewports.mobile);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath("dashboard-perks-mobile"), fullPage: true });
  });
});
