import { DiscordAPIError, GatewayIntentBits, HTTPError } from "discord.js";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { botIntents, clientOptions } from "./discordjs-adapter-client.ts";
import { emojiBody, messageBody, toDiscordError } from "./discordjs-adapter-mapping.ts";
import { DiscordError } from "./port.ts";

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
  it("asks for the intents features need, without message content", () => {
    expect(botIntents).toContain(GatewayIntentBits.GuildMembers);
    expect(botIntents).toContain(GatewayIntentBits.GuildPresences);
    expect(botIntents).not.toContain(GatewayIntentBits.MessageContent);
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
