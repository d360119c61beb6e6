import type { BoardList } from "@hearth/core";
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

// The Boards page (More → Boards): create, edit and delete a board through the real UI, with the
// post format previewed, and see the bot post a reacted message to the board channel in the sandbox.

const suite = dashboardSuite();

async function openBoards(viewport: { width: number; height: number } = viewports.desktop) {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto("/dashboard?page=boards");
  await opened.page.getByRole("heading", { name: "Create a board" }).waitFor();
  return opened.page;
}

const boards = async () =>
  (await api<BoardList>(suite.server, suite.fixture.demoToken, `/api/boards/${suite.fixture.demoServerId}`))
    .body.boards;

describe("dashboard: Boards page", () => {
  it("creates a board with its post previewed; a reacted message reaches it; edits and deletes it", async () => {
    const { channel, memberId, otherMemberId } = await sandboxWorld(suite);
    const page = await openBoards();
    await expectNoAxeViolations(page, '[data-testid="more-page-boards"]');

    const form = page.getByRole("form", { name: "Create board" });
    await form.getByRole("textbox", { name: "Name" }).fill("Hall of Flames");
    await form.getByRole("combobox", { name: "Type" }).selectOption("custom");
    // The emoji picker: the server's own emojis first, then Unicode's by name, from the keyboard.
    const emoji = form.getByRole("combobox", { name: "Emoji" });
    await emoji.click();
    await emoji.fill("heart");
    await page.getByRole("option", { name: /:ember_heart:/ }).waitFor();
    await page.getByRole("option", { name: /red heart/ }).waitFor();
    // The open list too: it scrolls as the combobox's listbox, which keyboard users reach by the arrows.
    await expectNoAxeViolations(page, '[data-testid="more-page-boards"]');
    await page.screenshot({ path: screenshotPath("dashboard-boards-emoji-picker"), fullPage: true });
    await emoji.fill(":fire:");
    await page.getByRole("option", { name: /^fire ?:fire:$/ }).waitFor();
    await emoji.press("ArrowDown");
    await emoji.press("ArrowDown");
    await emoji.press("Enter");
    await expect.poll(() => emoji.inputValue()).toBe("🔥 fire");
    expect(await form.getByRole("button", { name: "Use 🔥" }).getAttribute("aria-pressed")).toBe("true");
    await expectNoAxeViolations(page, '[data-testid="more-page-boards"]');
    await pick(page, "Board channel", "media");
    await form.getByRole("spinbutton", { name: "Reactions needed" }).fill("1");
    const preview = page.getByTestId("board-preview");
    await preview.getByText("Hall of Flames", { exact: false }).first().waitFor();
    await preview.getByText("🔥", { exact: false }).first().waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-boards-desktop"), fullPage: true });
    await form.getByRole("button", { name: "Create board" }).click();
    await toast(page, "Board Hall of Flames created");
    const list = page.getByRole("list", { name: "Boards" });
    await list.getByText("Hall of Flames").waitFor();
    const ours = async () => (await boards()).find((board) => board.name === "Hall of Flames");
    expect(await ours()).toMatchObject({
      name: "Hall of Flames",
      emoji: "🔥",
      type: "custom",
      minReactions: 1,
    });

    // A member's message gets another member's 🔥: the bot posts it to #media.
    const general = channel("general");
    const sent = await api<{ id: string }>(suite.server, null, "/api/sandbox/messages", {
      method: "POST",
      body: { channelId: general, userId: memberId, content: "the best message of the week" },
    });
    expect(sent.status).toBeLessThan(300);
    const reacted = await api(suite.server, null, "/api/sandbox/reactions", {
      method: "POST",
      body: { channelId: general, messageId: sent.body.id, userId: otherMemberId, emoji: "🔥" },
    });
    expect(reacted.status).toBeLessThan(300);
    const media = channel("media");
    const post = await eventually("the board post in #media", async () =>
      (await channelMessages(suite, media)).find((message) =>
        message.embeds.some((embed) => embed.description?.includes("the best message of the week")),
      ),
    );
    expect(post.content).toBe(`🔥 **1** · <#${general}>`);

    // Edit: the threshold and a switch, by the form.
    await list.getByRole("button", { name: "Edit the board Hall of Flames" }).click();
    const edit = page.getByRole("form", { name: "Edit board Hall of Flames" });
    await edit.getByRole("spinbutton", { name: "Reactions needed" }).fill("4");
    await edit.getByRole("switch", { name: "Count the author's own reaction" }).click();
    await edit.getByRole("button", { name: "Save board" }).click();
    await toast(page, "Board Hall of Flames saved");
    await list
      .getByRole("listitem")
      .filter({ hasText: "Hall of Flames" })
      .getByText("4 reactions needed", { exact: false })
      .waitFor();
    expect(await ours()).toMatchObject({ minReactions: 4, allowSelf: true });

    // Delete: asked first; its post goes from the board channel.
    await list.getByRole("button", { name: "Delete the board Hall of Flames" }).click();
    await confirmWith(page, "Delete board");
    await toast(page, "Board Hall of Flames deleted");
    await list.getByText("Hall of Flames").waitFor({ state: "detached" });
    expect(await ours()).toBeUndefined();
    await eventually("the board post deleted", async () =>
      (await channelMessages(suite, media)).every((message) => message.id !== post.id),
    );
  });

  it("fits a 390 px phone, with errors named at the fields", async () => {
    const page = await openBoards(viewports.mobile);
    const form = page.getByRole("form", { name: "Create board" });
    await form.getByRole("button", { name: "Create board" }).click();
    await form.getByText("Give the board a name.").waitFor();
    await form.getByText("Pick the channel the board posts to.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, '[data-testid="more-page-boards"]');
    await page.screenshot({ path: screenshotPath("dashboard-boards-mobile"), fullPage: true });
  });
});
