import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordJsAdapter } from "../../src/discord/discordjs/adapter.ts";
import { AppError } from "../../src/lib/errors.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { startStandInBot } from "../stand-in-bot.ts";
import { DiscordStandIn, type StoredGuild } from "./index.ts";

// The stand-in refuses what Discord refuses, answering as Discord does (400, code 50035 "Invalid
// Form Body" with the error tree; 50006 for an empty message), stores nothing it refused, and the
// stand-in bot harness fails a test whose bot sent such a body even when the product swallowed
// the error.

let standIn: DiscordStandIn;
let guild: StoredGuild;
let channelId: string;
let adapter: DiscordJsAdapter;
const logger = createLogger({ logLevel: "silent" });

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Rules Hollow" });
  channelId = [...guild.channels.keys()][0] ?? "";
  adapter = new DiscordJsAdapter({ token: standIn.token, apiUrl: standIn.apiUrl, gateway: false, logger });
});

afterAll(async () => {
  await standIn?.close();
});

async function post(body: unknown) {
  const response = await fetch(`${standIn.apiUrl}/v10/channels/${channelId}/messages`, {
    method: "POST",
    headers: { authorization: `Bot ${standIn.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe("the stand-in refuses what Discord refuses", () => {
  it("answers an over-long embed title with Discord's Invalid Form Body, and stores nothing", async () => {
    const before = standIn.state.messages.size;
    const answer = await post({ content: "hi", embeds: [{ title: `🎉 ${"p".repeat(256)}` }] });
    expect(answer).toEqual({
      status: 400,
      body: {
        code: 50035,
        message: "Invalid Form Body",
        errors: {
          embeds: {
            0: {
              title: {
                _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 256 or fewer in length." }],
              },
            },
          },
        },
      },
    });
    expect(standIn.state.messages.size).toBe(before);
    expect(standIn.refusals().at(-1)?.refused).toEqual({
      code: 50035,
      problems: ["embeds.0.title: Must be 256 or fewer in length."],
    });
  });

  it("answers an empty message with 50006", async () => {
    expect(await post({ content: " " })).toEqual({
      status: 400,
      body: { code: 50006, message: "Cannot send an empty message" },
    });
  });

  it("the adapters fit a message before Discord sees it, or refuse it with Discord's reason", async () => {
    const before = standIn.requests.length;
    const sent = await adapter.sendMessage(channelId, { content: "x".repeat(2001) });
    expect(standIn.state.messages.get(sent.id)?.content).toBe(`${"x".repeat(1999)}…`);
    const error = await adapter
      .sendMessage(channelId, {
        content: "hi",
        components: [[{ type: "button", style: "primary", label: "y".repeat(81), customId: "b" }]],
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      "Discord would refuse this message: components.0.components.0.label: Must be 80 or fewer in length.",
    );
    // Refused before it was sent: Discord saw the fitted message only.
    expect(standIn.requests.slice(before).map((r) => `${r.method} ${r.status}`)).toEqual(["POST 200"]);
  });

  it("refuses a form Discord would not open, and the interaction stays unanswered", async () => {
    const payload = standIn.slashCommand({ guildId: guild.id, channelId, userId: guild.ownerId, name: "x" });
    await standIn.dispatch("INTERACTION_CREATE", payload);
    const url = `${standIn.apiUrl}/v10/interactions/${payload.id}/${payload.token}/callback`;
    const form = (label: string) => ({
      type: 9,
      data: {
        custom_id: "perks:form",
        title: "Create channel",
        components: [{ type: 1, components: [{ type: 4, custom_id: "members", style: 1, label }] }],
      },
    });
    const refused = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(form("Members besides you (up to 5): mentions or ids")),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 50035,
      errors: {
        data: {
          components: {
            0: { components: { 0: { label: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] } } } },
          },
        },
      },
    });
    expect(standIn.interactions.get(payload.id)?.acknowledged).toBe(false);
    const accepted = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(form("Other members (up to 5): mentions or ids")),
    });
    expect(accepted.status).toBe(204);
    expect(standIn.modals.at(-1)?.fields[0]?.label).toBe("Other members (up to 5): mentions or ids");
  });
});

describe("the stand-in bot harness", () => {
  it("fails the test when the bot sent a refused body, even if the product swallowed the error", async () => {
    const harness = await startStandInBot(standIn, {});
    await harness.ctx.discord.createRole(guild.id, { name: "r".repeat(101) }).catch(() => undefined);
    await expect(harness.stop()).rejects.toThrow(
      /Discord would refuse 1 request\(s\):\nPOST \/guilds\/\d+\/roles: name: Must be 100 or fewer in length\./,
    );
  });

  it("lets a test that sends refused bodies on purpose say so", async () => {
    const harness = await startStandInBot(standIn, {}, { allowRefusals: true });
    await harness.ctx.discord.createRole(guild.id, { name: "r".repeat(101) }).catch(() => undefined);
    await expect(harness.stop()).resolves.toBeUndefined();
  });
});
