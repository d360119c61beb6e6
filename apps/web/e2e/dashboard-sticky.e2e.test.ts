import type { StickyList } from "@hearth/core";
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

// The Sticky messages page (More → Sticky messages): set, edit and remove a channel's sticky through
// the real UI, and see the bot's message in the sandbox channel, reposted after members talk.

const suite = dashboardSuite();

const stickyCopies = async (channelId: string, text: string) =>
  (await channelMessages(suite, channelId)).filter((message) =>
    message.embeds.some((embed) => embed.description === text && embed.footer?.text === "📌 Sticky message"),
  );

async function openSticky(viewport: { width: number; height: number } = viewports.desktop) {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto("/dashboard?page=sticky");
  await opened.page.getByRole("heading", { name: "Set a sticky message" }).waitFor();
  return opened.page;
}

describe("dashboard: Sticky messages page", () => {
  it("sets a sticky with its preview, the bot posts and reposts it, then edits and removes it", async () => {
    const { channel, memberId } = await sandboxWorld(suite);
    const memes = channel("memes");
    const page = await openSticky();
    await page.getByText("No sticky messages yet").waitFor();
    await expectNoAxeViolations(page, '[data-testid="more-page-sticky"]');

    const form = page.getByRole("form", { name: "Set a sticky message" });
    await pick(page, "Channel", "memes");
    await form.getByLabel("Message", { exact: true }).fill("Trade safely: use a **middleman**.");
    await form.getByRole("spinbutton", { name: "Repost after this many messages" }).fill("2");
    const preview = page.getByTestId("sticky-preview");
    await preview.getByText("Trade safely: use a").waitFor();
    await preview.getByText("📌 Sticky message").waitFor();
    await page.screenshot({ path: screenshotPath("dashboard-sticky-desktop"), fullPage: true });
    await form.getByRole("button", { name: "Post sticky message" }).click();
    await toast(page, "Sticky message posted");

    const list = page.getByRole("list", { name: "Sticky messages" });
    await list.getByText("#memes").waitFor();
    const first = await eventually("the sticky in #memes", async () => {
      const copies = await stickyCopies(memes, "Trade safely: use a **middleman**.");
      return copies.length === 1 ? copies[0] : null;
    });

    // Two members' messages: the sticky moves back to the bottom (a new copy, the old one deleted).
    for (const content of ["anyone trading gems?", "me, dm me"]) {
      const sent = await api(suite.server, null, "/api/sandbox/messages", {
        method: "POST",
        body: { channelId: memes, userId: memberId, content },
      });
      expect(sent.status).toBeLessThan(300);
    }
    const reposted = await eventually("the sticky reposted at the bottom", async () => {
      const messages = await channelMessages(suite, memes);
      const last = messages.at(-1);
      return last && last.id !== first.id && last.embeds[0]?.footer?.text === "📌 Sticky message"
        ? last
        : null;
    });
    expect((await channelMessages(suite, memes)).some((message) => message.id === first.id)).toBe(false);

    // Edit: the text changes, the copy in the channel is replaced.
    await list.getByRole("button", { name: "Edit the sticky message of #memes" }).click();
    const edit = page.getByRole("form", { name: "Edit sticky message" });
    await edit.getByLabel("Message", { exact: true }).fill("Trade safely: always use a middleman.");
    await edit.getByRole("button", { name: "Save and repost" }).click();
    await toast(page, "Sticky message replaced and reposted");
    await eventually("the edited sticky in #memes", async () => {
      const copies = await stickyCopies(memes, "Trade safely: always use a middleman.");
      const old = (await channelMessages(suite, memes)).some((message) => message.id === reposted.id);
      return copies.length === 1 && !old;
    });
    const listed = await api<StickyList>(
      suite.server,
      suite.fixture.demoToken,
      `/api/sticky/${suite.fixture.demoServerId}`,
    );
    expect(listed.body.stickies).toMatchObject([{ channelId: memes, triggerCount: 2 }]);

    // Remove: asked first; the copy goes from the channel.
    await list.getByRole("button", { name: "Remove the sticky message of #memes" }).click();
    await confirmWith(page, "Remove sticky");
    await toast(page, "Sticky message removed");
    await page.getByText("No sticky messages yet").waitFor();
    await eventually("the sticky gone from #memes", async () => {
      return (await stickyCopies(memes, "Trade safely: always use a middleman.")).length === 0;
    });
  });

  it("fits a 390 px phone, with errors named at the fields", async () => {
    const page = await openSticky(viewports.mobile);
    const form = page.getByRole("form", { name: "Set a sticky message" });
    await form.getByRole("button", { name: "Post sticky message" }).click();
    await form.getByText("Pick the channel the message stays at the bottom of.").waitFor();
    await form.getByText("Write the message to keep at the bottom.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, '[data-testid="more-page-sticky"]');
    await page.screenshot({ path: screenshotPath("dashboard-sticky-mobile"), fullPage: true });
  });
});
