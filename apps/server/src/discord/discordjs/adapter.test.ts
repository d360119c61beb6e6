import { DiscordAPIError, GatewayIntentBits, HTTPError } from "discord.js";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { DiscordError } from "../port/port.ts";
import { botIntents, clientOptions } from "./client.ts";
import { toDiscordError } from "./errors.ts";
import { reactionEvent } from "./gateway-events.ts";
import { interactionFromApi, modalFields } from "./interactions.ts";
import { modalBody } from "./mapping-components.ts";
import { emojiBody, reactionEmojiFromApi, reactionRoute } from "./mapping-emojis.ts";
import { channelFromApi, overwriteBody } from "./mapping-guilds.ts";
import { messageBody, messageFromApi } from "./mapping-messages.ts";

const apiError = (code: number, status: number) =>
  new DiscordAPIError({ code, message: `error ${code}` }, code, status, "POST", "/x", {});

describe("toDiscordError", () => {
  it.each([
    [50007, 403, "dm_closed"],
    [10007, 404, "unknown_member"],
    [10004, 404, "unknown_guild"],
    [10003, 404, "unknown_channel"],
    [10011, 404, "unknown_role"],
    [10008, 404, "unknown_message"],
    [10013, 404, "unknown_user"],
    [50013, 403, "missing_permissions"],
    [50001, 403, "missing_permissions"],
    [0, 429, "rate_limited"],
    [0, 502, "unavailable"],
  ])("Discord's %i (HTTP %i) is %s", (code, status, expected) => {
    const mapped = toDiscordError(apiError(code, status));
    expect(mapped).toBeInstanceOf(DiscordError);
    expect((mapped as DiscordError).code).toBe(expected);
  });

  it("maps outages and unreachable hosts to unavailable, and passes our own bugs on unchanged", () => {
    expect(
      (toDiscordError(new HTTPError(503, "Service Unavailable", "GET", "/x", {})) as DiscordError).code,
    ).toBe("unavailable");
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect((toDiscordError(refused) as DiscordError).code).toBe("unavailable");
    const invalidBody = apiError(50035, 400);
    expect(toDiscordError(invalidBody)).toBe(invalidBody);
    const bug = new TypeError("x is undefined");
    expect(toDiscordError(bug)).toBe(bug);
  });
});

describe("messageBody", () => {
  it("writes select menus, custom emoji and the mentions a message may ping", () => {
    const body = messageBody({
      content: "Pick one",
      components: [
        [
          {
            type: "select",
            customId: "roles",
            maxValues: 2,
            options: [{ label: "Red", value: "r", emoji: "<a:flame:123456789012345678>" }],
          },
        ],
      ],
      allowedMentions: { users: ["1"], everyone: true },
    });
    expect(body.components).toEqual([
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: "roles",
            max_values: 2,
            options: [
              {
                label: "Red",
                value: "r",
                emoji: { id: "123456789012345678", name: "flame", animated: true },
              },
            ],
          },
        ],
      },
    ]);
    expect(body.allowed_mentions).toEqual({ parse: ["everyone"], users: ["1"], roles: [] });
    expect(emojiBody("🎉")).toEqual({ name: "🎉" });
  });

  it("an edit replaces every part, as the sandbox's edit does", () => {
    expect(messageBody({ embeds: [{ title: "Only an embed" }] }, { replace: true })).toMatchObject({
      content: "",
      embeds: [{ title: "Only an embed" }],
      components: [],
    });
  });
});

describe("clientOptions", () => {
  it("asks for the intents features need (message content and reactions for bot part 2), not DMs", () => {
    expect(botIntents).toContain(GatewayIntentBits.GuildMembers);
    expect(botIntents).toContain(GatewayIntentBits.GuildPresences);
    expect(botIntents).toContain(GatewayIntentBits.MessageContent);
    expect(botIntents).toContain(GatewayIntentBits.GuildMessageReactions);
    // Invite tracking (the giveaways' min_invites) hears invites made and deleted.
    expect(botIntents).toContain(GatewayIntentBits.GuildInvites);
    expect(botIntents).not.toContain(GatewayIntentBits.DirectMessages);
    expect(botIntents).not.toContain(GatewayIntentBits.DirectMessageReactions);
  });

  it("takes its REST base and shards from the configuration", () => {
    const auto = clientOptions({});
    expect(auto.shards).toBe("auto");
    const config = loadConfig({
      SHARD_COUNT: "8",
      SHARD_IDS: "2-3",
      DISCORD_API_URL: "http://proxy:8080/api",
    });
    const sharded = clientOptions({
      apiUrl: config.discordApiUrl,
      shardIds: config.shardIds,
      shardCount: config.shardCount,
    });
    expect(sharded).toMatchObject({ shards: [2, 3], shardCount: 8, rest: { api: "http://proxy:8080/api" } });
    expect(clientOptions({ shardCount: 2 }).shards).toEqual([0, 1]);
  });
});

describe("bot part 2 mapping", () => {
  it("reads permission overwrites (type 0 role, 1 member) and writes them back", () => {
    const channel = channelFromApi("1", {
      id: "2",
      type: 0,
      name: "lounge",
      nsfw: true,
      permission_overwrites: [
        { id: "1", type: 0, allow: "0", deny: "1024" },
        { id: "3", type: 1, allow: "1024", deny: "0" },
      ],
    });
    expect(channel).toMatchObject({
      nsfw: true,
      permissionOverwrites: [
        { id: "1", type: "role", allow: "0", deny: "1024" },
        { id: "3", type: "member", allow: "1024", deny: "0" },
      ],
    });
    expect(channelFromApi("1", { id: "4", type: 4 })).toMatchObject({
      nsfw: false,
      permissionOverwrites: [],
    });
    expect(overwriteBody({ id: "3", type: "member", allow: "8", deny: "0" })).toEqual({
      id: "3",
      type: 1,
      allow: "8",
      deny: "0",
    });
  });

  it("names emojis for reaction routes: unicode or name:id, URL-encoded", () => {
    expect(reactionRoute({ id: null, name: "⭐" })).toBe("%E2%AD%90");
    expect(reactionRoute({ id: null, name: "#️⃣" })).toBe(encodeURIComponent("#️⃣"));
    expect(reactionRoute({ id: "123", name: "flame", animated: true })).toBe("flame%3A123");
    expect(reactionEmojiFromApi({ id: null, name: "💀" })).toEqual({ id: null, name: "💀" });
    expect(reactionEmojiFromApi({ id: "9", name: "party", animated: true })).toEqual({
      id: "9",
      name: "party",
      animated: true,
    });
    // A deleted custom emoji may come without its name.
    expect(reactionEmojiFromApi({ id: "9", name: null })).toEqual({ id: "9", name: "" });
  });

  it("maps a REST message: embeds back to the port's shape, attachments, reaction counts, guild from the caller", () => {
    const message = messageFromApi(
      {
        id: "10",
        channel_id: "20",
        author: { id: "30", username: "alice", discriminator: "0", global_name: null, avatar: null },
        content: "hello",
        embeds: [
          {
            title: "T",
            author: { name: "A", icon_url: "https://a" },
            fields: [{ name: "f", value: "v", inline: true }],
            image: { url: "https://i" },
          },
        ],
        attachments: [{ id: "40", url: "https://cdn/x.png", filename: "x.png", content_type: "image/png" }],
        reactions: [{ emoji: { id: null, name: "⭐" }, count: 3 }],
        mention_roles: ["50"],
        webhook_id: "60",
        timestamp: "2025-01-01T00:00:00.000Z",
      },
      "1",
    );
    expect(message).toEqual({
      id: "10",
      channelId: "20",
      guildId: "1",
      author: expect.objectContaining({ id: "30", username: "alice" }),
      content: "hello",
      embeds: [
        {
          title: "T",
          author: { name: "A", iconUrl: "https://a" },
          fields: [{ name: "f", value: "v", inline: true }],
          image: { url: "https://i" },
        },
      ],
      attachments: [{ id: "40", url: "https://cdn/x.png", filename: "x.png", contentType: "image/png" }],
      reactions: [{ emoji: { id: null, name: "⭐" }, count: 3 }],
      mentionRoleIds: ["50"],
      webhookId: "60",
      createdAt: Date.parse("2025-01-01T00:00:00.000Z"),
    });
  });

  it("writes a select menu's default and disabled options, and a form as one row per text input", () => {
    const body = messageBody({
      components: [
        [
          {
            type: "select",
            customId: "s",
            disabled: true,
            options: [
              { label: "A", value: "a", default: true },
              { label: "B", value: "b" },
            ],
          },
        ],
      ],
    });
    expect(body.components?.[0]?.components[0]).toMatchObject({
      type: 3,
      disabled: true,
      options: [
        { label: "A", value: "a", default: true },
        { label: "B", value: "b", default: undefined },
      ],
    });
    expect(
      modalBody({
        customId: "m",
        title: "Form",
        fields: [
          { customId: "a", label: "A", style: "short", required: true, maxLength: 10 },
          { customId: "b", label: "B", style: "paragraph", placeholder: "p", value: "v", minLength: 1 },
        ],
      }),
    ).toEqual({
      custom_id: "m",
      title: "Form",
      components: [
        {
          type: 1,
          components: [{ type: 4, custom_id: "a", label: "A", style: 1, required: true, max_length: 10 }],
        },
        {
          type: 1,
          components: [
            { type: 4, custom_id: "b", label: "B", style: 2, placeholder: "p", value: "v", min_length: 1 },
          ],
        },
      ],
    });
  });

  it("reads a form's text inputs from action rows and from label components", () => {
    expect(
      modalFields([
        { type: 1, components: [{ type: 4, custom_id: "title", value: "Hi" }] },
        { type: 18, component: { type: 4, custom_id: "body", value: "Text" } },
        { type: 10, content: "A text display" },
        { type: 18, component: { type: 3, custom_id: "pick", values: ["x"] } },
      ]),
    ).toEqual({ title: "Hi", body: "Text" });
  });

  it("maps select and modal interactions, and attachment options", () => {
    const user = { id: "7", username: "alice", discriminator: "0", global_name: null, avatar: null };
    const base = {
      id: "1",
      application_id: "2",
      token: "t",
      version: 1,
      guild_id: "3",
      channel_id: "4",
      member: { user, roles: ["5"], joined_at: "2025-01-01T00:00:00.000Z", permissions: "8" },
      app_permissions: "8",
      locale: "en-US",
    };
    const select = interactionFromApi({
      ...base,
      type: 3,
      message: { id: "9" },
      data: { custom_id: "roles:pick", component_type: 3, values: ["a", "b"] },
    } as never);
    expect(select).toMatchObject({
      kind: "select",
      customId: "roles:pick",
      messageId: "9",
      values: ["a", "b"],
    });
    const modal = interactionFromApi({
      ...base,
      type: 5,
      data: {
        custom_id: "form",
        components: [{ type: 1, components: [{ type: 4, custom_id: "x", value: "y" }] }],
      },
    } as never);
    expect(modal).toMatchObject({ kind: "modal", customId: "form", messageId: null, fields: { x: "y" } });
    const command = interactionFromApi({
      ...base,
      type: 2,
      data: {
        id: "11",
        name: "embed",
        type: 1,
        options: [{ type: 1, name: "import", options: [{ type: 11, name: "file", value: "12" }] }],
        resolved: {
          attachments: { "12": { id: "12", url: "https://cdn/e.json", filename: "e.json", size: 5 } },
        },
      },
    } as never);
    expect(command).toMatchObject({
      kind: "command",
      subcommand: "import",
      options: { file: "12" },
      resolved: { attachments: { "12": { id: "12", filename: "e.json", contentType: null } } },
    });
    // Other select kinds (users, roles…) are not routed.
    expect(
      interactionFromApi({
        ...base,
        type: 3,
        message: { id: "9" },
        data: { custom_id: "u", component_type: 5, values: [] },
      } as never),
    ).toBeNull();
  });

  it("reactions outside a guild are not events", () => {
    const raw = { user_id: "1", channel_id: "2", message_id: "3", emoji: { id: null, name: "⭐" } };
    expect(reactionEvent(raw)).toBeNull();
    expect(reactionEvent({ ...raw, guild_id: "4", message_author_id: "5" })).toEqual({
      guildId: "4",
      channelId: "2",
      messageId: "3",
      userId: "1",
      emoji: { id: null, name: "⭐" },
      messageAuthorId: "5",
    });
  });
});
