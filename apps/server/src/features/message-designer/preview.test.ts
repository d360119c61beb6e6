import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { messageBody } from "../../discord/discordjs/mapping-messages.ts";
import { checkNewMessage } from "../../discord/payload-rules/form-body.ts";
import { embedsCharacters } from "../../discord/payload-rules/message-limits.ts";
import type { Embed, OutgoingMessage, UserInfo } from "../../discord/port/port.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { voteDesignFlow } from "../votes/design-flow.ts";
import { startDesign } from "./preview.ts";

// The designer's preview adds a note to the design; the whole preview must stay a message Discord
// accepts (10 embeds, 6,000 characters across them) whatever the design already takes.

let test: TestContext;
let user: UserInfo;

beforeEach(async () => {
  test = await createTestContext();
  const owner = await test.ctx.discord.getUser(demoOwnerId);
  if (!owner) throw new Error("the demo owner is missing");
  user = owner;
});
afterEach(async () => {
  await test.cleanup();
});

const preview = (design: OutgoingMessage) =>
  startDesign(
    test.ctx,
    { ...voteDesignFlow, render: async () => design },
    {
      serverId: demoGuildId,
      user,
      instructions: "a big one",
      extra: { channelId: null } as never,
    },
  );

const problems = (message: OutgoingMessage) =>
  checkNewMessage(JSON.parse(JSON.stringify(messageBody(message))), { ephemeralAllowed: true }).list();

/** An embed of exactly 6,000 counted characters. */
const fullEmbed: Embed = {
  title: "t".repeat(256),
  description: "d".repeat(4096),
  fields: [{ name: "n".repeat(256), value: "v".repeat(1024) }],
  footer: { text: "f".repeat(368) },
};

describe("the designer's preview", () => {
  it("a design already at 6,000 characters keeps them, and the note shrinks to fit (was 7,340)", async () => {
    expect(embedsCharacters([fullEmbed])).toBe(6000);
    const message = await preview({ embeds: [fullEmbed] });
    expect(problems(message)).toEqual([]);
    expect(message.embeds?.[0]).toEqual(fullEmbed);
    expect(embedsCharacters(message.embeds ?? [])).toBeLessThanOrEqual(6000);
    // The Save, Try again, Edit text and Cancel buttons are still there.
    expect(message.components?.at(-1)?.map((button) => ("label" in button ? button.label : ""))).toEqual([
      "Save",
      "Try again",
      "Edit text",
      "Cancel",
    ]);
  });

  it("a design with room left gets the whole note, its instructions included", async () => {
    const message = await preview({ embeds: [{ title: "Thanks for voting!" }] });
    expect(problems(message)).toEqual([]);
    const note = message.embeds?.[1];
    expect(note?.title).toBe("👀 Preview: not saved yet");
    expect(note?.fields).toEqual([{ name: "Your instructions", value: "a big one" }]);
  });

  it("a design of 10 embeds is shown without the note", async () => {
    const embeds = Array.from({ length: 10 }, (_, index) => ({ title: `Embed ${index + 1}` }));
    const message = await preview({ embeds });
    expect(problems(message)).toEqual([]);
    expect(message.embeds).toEqual(embeds);
  });

  it("shows the design as it would be sent, and the note says what had to change", async () => {
    const thumbnail = `https://cdn.example.com/${"x".repeat(87_034)}`;
    const message = await preview({ embeds: [{ title: "Hi", thumbnail: { url: thumbnail } }] });
    expect(problems(message)).toEqual([]);
    expect(message.embeds?.[0]).toEqual({ title: "Hi" });
    expect(message.embeds?.[1]?.description).toContain(
      "⚠️ The thumbnail URL is 87,058 characters long (Discord's limit is 2,048), so it was left out.",
    );
  });
});
