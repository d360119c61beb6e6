import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindFeatureCommands, createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { testConfig } from "../../config.ts";
import type { Button, Embed, OutgoingMessage } from "../../discord/port/port.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import type { SandboxInteractionResponse } from "../../discord/sandbox/interaction-answers.ts";
import { readVoteDesign } from "../message-designer/service.ts";
import { votesBot } from "./commands.ts";
import { registerVoteJobs } from "./jobs.ts";
import { findSettings } from "./store.ts";
import { signTimestamped } from "./webhook.ts";

// /votetracker admin setup through the sandbox: the Quick / Custom choice, the AI designer's
// preview (Edit text, Try again, Save, Cancel), the reward role rules, Send test vote and rotation.

let t: TestApp;
let bot: Bot;
let roles: Record<string, string>;
let channels: Record<string, string>;
let member: string;
let host: string;

type Responses = SandboxInteractionResponse[];
const text = (responses: Responses) => JSON.stringify(responses);

const run = (options: Record<string, string | number | boolean> = {}, userId = demoOwnerId) =>
  t.sandbox.simulateCommand({
    guildId: demoGuildId,
    userId,
    name: "votetracker",
    subcommandGroup: "admin",
    subcommand: "setup",
    options,
  });
// Ephemeral replies aren't stored by the sandbox: clicks and forms are hosted on a channel message.
const click = (customId: string, userId = demoOwnerId) =>
  t.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId: host, customId });
const submit = (customId: string, fields: Record<string, string>, userId = demoOwnerId) =>
  t.sandbox.simulateModal({ guildId: demoGuildId, userId, customId, fields, messageId: host });

const buttons = (message: OutgoingMessage | undefined): Button[] =>
  (message?.components ?? []).flat().filter((component): component is Button => component.type === "button");
const buttonId = (message: OutgoingMessage | undefined, label: string) => {
  const found = buttons(message).find((button) => button.label === label)?.customId;
  if (!found) throw new Error(`no ${label} button in ${JSON.stringify(message)}`);
  return found;
};
const last = (responses: Responses) => responses[responses.length - 1];
const note = (message: OutgoingMessage | undefined): Embed | undefined => message?.embeds?.at(-1);
const settings = () => findSettings(t.ctx.storage.db, demoGuildId);

beforeAll(async () => {
  t = await createTestApp();
  registerVoteJobs(t.ctx);
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(bot, t.ctx, votesBot.commands?.(t.ctx) ?? []);
  votesBot.listeners?.(bot, t.ctx);
  await bot.start();
  roles = Object.fromEntries((await t.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  channels = Object.fromEntries((await t.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]));
  const row = await t.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .executeTakeFirstOrThrow();
  member = row.user_id;
  host = (await t.ctx.discord.sendMessage(channels["bot-commands"] ?? "", { content: "host" })).id;
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});

describe("/votetracker admin setup", () => {
  it("without a mode offers Quick Setup and Custom Setup with AI; Quick saves at once", async () => {
    const [choice] = await run({ channel: channels["bot-commands"] ?? "", reward_hours: 12 });
    expect(choice).toMatchObject({ type: "reply", ephemeral: true });
    expect(text([choice as SandboxInteractionResponse])).toContain("Custom Setup with AI");
    expect(await settings()).toBeUndefined();
    const quick = buttonId(choice?.message, "Quick Setup");
    expect(quick).toBe(`votes:setup:quick:${channels["bot-commands"]}:-:12:-`);

    const saved = await click(quick);
    expect(saved[0]?.type).toBe("update");
    expect(text(saved)).toMatch(/\/api\/votes\/[A-Za-z0-9_-]{32}/);
    expect(text(saved)).toContain("the default message");
    expect(await settings()).toMatchObject({
      channel_id: channels["bot-commands"],
      reward_hours: 12,
      design: null,
    });
    expect(buttons(saved[0]?.message).map((button) => button.label)).toEqual([
      "Send test vote",
      "Design message with AI",
      "Signing secret",
      "Rotate secret",
    ]);
  });

  it("enforces the reward role rules with the exact reason, before any choice or form", async () => {
    const reason = async (options: Record<string, string | number>) => text(await run(options));
    expect(await reason({ reward_role: demoGuildId, mode: "custom" })).toContain(
      "@everyone can't be a reward role",
    );
    expect(await reason({ reward_role: roles.Moderator ?? "" })).toContain("can't carry moderation or admin");
    // Owner sits above the bot's role; without its Administrator only the position is wrong.
    await t.ctx.discord.editRole(demoGuildId, roles.Owner ?? "", { permissions: "0" });
    try {
      expect(await reason({ reward_role: roles.Owner ?? "" })).toContain(
        "@Owner: it is not below Hearth's highest role",
      );
    } finally {
      await t.ctx.discord.editRole(demoGuildId, roles.Owner ?? "", { permissions: "8" });
    }
    expect(await reason({ reward_hours: 169, mode: "quick" })).toContain("from 1 to 168");
    const botRole = roles.Hearth ?? "";
    await t.ctx.discord.editRole(demoGuildId, botRole, { permissions: "0" });
    try {
      expect(await reason({ reward_role: roles["Events Ping"] ?? "" })).toContain("Manage Roles permission");
    } finally {
      await t.ctx.discord.editRole(demoGuildId, botRole, { permissions: "8" });
    }
    // A reward role that follows the rules is fine, for ever (0) or 1-168 hours.
    const ok = await run({ reward_role: roles["Events Ping"] ?? "", reward_hours: 0, mode: "quick" });
    expect(text(ok)).toContain("for ever");
  });

  it("is refused to members without Administrator or Manage Server, also on the buttons", async () => {
    expect(text(await run({}, member))).not.toContain("Quick Setup");
    const refused = await click("votes:setup:quick:-:-:-:-", member);
    expect(text(refused)).toContain("Administrator or Manage Server");
    expect(text(await click("votes:rotate:yes", member))).toContain("Administrator or Manage Server");
  });

  describe("Custom Setup with AI", () => {
    let preview: OutgoingMessage | undefined;

    it("opens a form for instructions, then previews the design with sample values; nothing saved", async () => {
      const before = await settings();
      const [form] = await run({ mode: "custom", channel: channels.general ?? "" });
      expect(form).toMatchObject({ type: "modal" });
      expect(form?.modal?.customId).toBe(`votes:setup:form:${channels.general}:-:-:-`);

      const responses = await submit(form?.modal?.customId ?? "", {
        instructions: "Hype and pink, mention the reward and the leaderboard, use our emojis",
      });
      preview = last(responses)?.message;
      expect(last(responses)?.type).toBe("update");
      const rendered = preview?.embeds?.[0];
      expect(rendered?.color).toBe(0xeb459e);
      expect(rendered?.description).toContain("**42**");
      // The demo server's first custom emoji (the designer picks up to 10 of them).
      expect(rendered?.description).toMatch(/<:\w+:\d+>/);
      expect(preview?.content).toContain(`<@${demoOwnerId}>`);
      expect(note(preview)?.title).toBe("👀 Preview: not saved yet");
      expect(note(preview)?.description).toContain("no AI endpoint configured");
      expect(preview?.allowedMentions).toEqual({ users: [], roles: [] });
      expect(buttons(preview).map((button) => button.label)).toEqual([
        "Save",
        "Try again",
        "Edit text",
        "Cancel",
      ]);
      expect(await settings()).toEqual(before);
    });

    it("Edit text opens the texts; a bad colour or an unknown tag is refused by name", async () => {
      const [form] = await click(buttonId(preview, "Edit text"));
      expect(form?.type).toBe("modal");
      const fields = form?.modal?.fields ?? [];
      expect(fields.map((field) => field.customId)).toEqual([
        "content",
        "title",
        "description",
        "color",
        "footer",
      ]);
      const editId = form?.modal?.customId ?? "";
      const values = Object.fromEntries(fields.map((field) => [field.customId, field.value ?? ""]));

      expect(text(await submit(editId, { ...values, color: "orange" }))).toContain("isn't a #RRGGBB colour");
      const unknown = await submit(editId, { ...values, title: "Thanks {user_name}!" });
      expect(text(unknown)).toContain("did you mean {USER_NAME}?");
      const long = await submit(editId, { ...values, title: `${"x".repeat(250)}{SERVER_NAME}` });
      expect(text(long)).toContain("Discord allows 256 characters");

      const edited = await submit(editId, { ...values, title: "Thank you {USER_NAME}!", color: "#123abc" });
      preview = last(edited)?.message;
      expect(preview?.embeds?.[0]).toMatchObject({ title: "Thank you Ember Keeper!", color: 0x123abc });
      expect(note(preview)?.description).toContain("Edited by you");
    });

    it("Try again asks for instructions (pre-filled) and designs another version", async () => {
      const [form] = await click(buttonId(preview, "Try again"));
      expect(form?.modal?.fields[0]?.value).toContain("Hype and pink");
      const again = await submit(form?.modal?.customId ?? "", { instructions: "Formal and professional" });
      const next = last(again)?.message;
      expect(next?.embeds?.[0]?.color).toBe(0x5865f2);
      expect(buttonId(next, "Save")).toBe(buttonId(preview, "Save"));
      preview = next;
    });

    it("Save writes the design and the setup; the next vote is posted with it", async () => {
      const saved = await click(buttonId(preview, "Save"));
      expect(last(saved)?.type).toBe("update");
      expect(text(saved)).toContain("Saved: vote notifications now use this design");
      expect(text(saved)).toContain("your AI-designed message");
      const row = await settings();
      expect(row?.channel_id).toBe(channels.general);
      const design = readVoteDesign(row?.design ?? null);
      expect(design?.color).toBe("#5865F2");

      await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
      const vote = await t.app.inject({
        method: "POST",
        url: `/api/votes/${row?.webhook_id}`,
        headers: { "content-type": "application/json", authorization: row?.secret ?? "" },
        payload: JSON.stringify({ userId: member, platform: "discordbotlist", voteId: "designed-1" }),
      });
      expect(vote.statusCode).toBe(204);
      await t.ctx.jobs.runDue();
      const sent = await t.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .select("payload")
        .where("action", "=", "message.send")
        .execute();
      const message = (JSON.parse(sent.at(-1)?.payload ?? "{}") as { message: OutgoingMessage }).message;
      expect(message.embeds?.[0]?.color).toBe(0x5865f2);
      // The tags are filled in with this vote's values.
      expect(message.embeds?.[0]?.description).toContain(`<@${member}>`);
      expect(message.embeds?.[0]?.description).toContain("**1**");
      expect(JSON.stringify(message)).not.toMatch(/\{[A-Z_]+\}/);
      expect(message.allowedMentions).toEqual({ users: [member] });

      // The preview is gone once saved: a second Save changes nothing.
      expect(text(await click(buttonId(preview, "Save")))).toContain("expired");
    });

    it("Cancel forgets the design and saves nothing", async () => {
      const before = await settings();
      const [form] = await click("votes:setup:custom:-:-:-:-");
      const shown = last(await submit(form?.modal?.customId ?? "", { instructions: "calm" }))?.message;
      const cancelled = await click(buttonId(shown, "Cancel"));
      expect(text(cancelled)).toContain("nothing was saved");
      expect(await settings()).toEqual(before);
      expect(text(await click(buttonId(shown, "Save")))).toContain("expired");
    });

    it("says when the AI endpoint failed and the offline composer wrote the design", async () => {
      const original = t.ctx.config;
      t.ctx.config = testConfig({ aiBaseUrl: "http://127.0.0.1:9/v1", aiApiKey: "k" });
      try {
        const [form] = await click("votes:setup:custom:-:-:-:-");
        const shown = last(await submit(form?.modal?.customId ?? "", { instructions: "hype" }))?.message;
        expect(note(shown)?.description).toContain("offline composer wrote this design");
        expect(shown?.embeds?.[0]?.description).toContain("**42**");
      } finally {
        t.ctx.config = original;
      }
    });
  });

  it("Send test vote posts a marked notification, counting nothing", async () => {
    await t.ctx.storage.db.deleteFrom("sandbox_outbox").execute();
    const reply = await click("votes:testvote");
    expect(text(reply)).toContain(`Sent a test notification to <#${channels.general}>`);
    const sent = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select("payload")
      .where("action", "=", "message.send")
      .execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload).toContain("🧪 Test vote:");
    const stats = await t.ctx.storage.db
      .selectFrom("vote_stats")
      .selectAll()
      .where("user_id", "=", demoOwnerId)
      .execute();
    expect(stats).toEqual([]);
  });

  it("Signing secret saves the listing site's secret (checked by name), used for x-topgg-signature", async () => {
    const form = last(await click("votes:signing:ask"));
    expect(form?.modal?.customId).toBe("votes:signing:form");
    expect(text(await submit("votes:signing:form", { secret: "short" }))).toContain(
      "signing_secret: must be at least 8 characters",
    );
    expect(text(await submit("votes:signing:form", { secret: "whs_two words" }))).toContain(
      "signing_secret:",
    );
    expect((await settings())?.signing_secret).toBeNull();

    const topggSecret = "whs_0123456789abcdefABCDEF";
    const saved = await submit("votes:signing:form", { secret: ` ${topggSecret} ` });
    expect(text(saved)).toContain("Signing secret saved");
    expect(text(saved)).not.toContain(topggSecret);
    const current = await settings();
    expect(current?.signing_secret).toBe(topggSecret);

    const body = JSON.stringify({
      type: "vote.create",
      data: { id: "sig-1", user: { platform_id: member } },
    });
    const send = (signature: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/votes/${current?.webhook_id}`,
        headers: { "content-type": "application/json", "x-topgg-signature": signature },
        payload: body,
      });
    expect((await send(signTimestamped(`${topggSecret}x`, body))).statusCode).toBe(401);
    expect((await send(signTimestamped(topggSecret, body))).statusCode).toBe(204);
    // Hearth's own secret keeps working beside the site's.
    expect((await send(signTimestamped(current?.secret ?? "", body))).statusCode).toBe(204);

    expect(text(await submit("votes:signing:form", { secret: "" }))).toContain("Signing secret forgotten");
    expect((await settings())?.signing_secret).toBeNull();
    expect(text(await click("votes:signing:ask", member))).toContain("Administrator or Manage Server");
  });

  it("Rotate secret asks first; then the old URL is unknown (404) and the new one works", async () => {
    const before = await settings();
    const asked = await click("votes:rotate:ask");
    expect(text(asked)).toContain("stops working");
    expect(await settings()).toEqual(before);
    const cancelled = await click("votes:rotate:no");
    expect(text(cancelled)).toContain("unchanged");

    const rotated = await click("votes:rotate:yes");
    const after = await settings();
    expect(after?.webhook_id).not.toBe(before?.webhook_id);
    expect(after?.secret).not.toBe(before?.secret);
    expect(text(rotated)).toContain(`/api/votes/${after?.webhook_id}`);
    expect(after?.design).toBe(before?.design);

    const body = JSON.stringify({ type: "vote.create", data: { id: "rot-1", user: member } });
    const send = (webhookId: string, secret: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/votes/${webhookId}`,
        headers: { "content-type": "application/json", "x-topgg-signature": signTimestamped(secret, body) },
        payload: body,
      });
    expect((await send(before?.webhook_id ?? "", before?.secret ?? "")).statusCode).toBe(404);
    expect((await send(after?.webhook_id ?? "", before?.secret ?? "")).statusCode).toBe(401);
    expect((await send(after?.webhook_id ?? "", after?.secret ?? "")).statusCode).toBe(204);
  });
});
