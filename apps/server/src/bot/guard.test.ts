import { describe, expect, it } from "vitest";
import { BotEvents } from "../discord/port/events.ts";
import {
  type ButtonData,
  type CommandData,
  Interaction,
  type InteractionTransport,
} from "../discord/port/interaction.ts";
import { createLogger } from "../lib/logger.ts";
import { InteractionRouter } from "./interaction-router.ts";

// The guard in front of the bot: the router answers its notice instead of running a handler, and the
// event bus drops what the filter refuses; a failing check lets things through.

const logger = createLogger({ logLevel: "silent" });
const user = { id: "1", username: "alice", globalName: null, avatar: null, bot: false, createdAt: 0 };
const base = {
  id: "9",
  guildId: "2",
  channelId: "3",
  user,
  member: null,
  botPermissions: null,
  locale: null,
};
const command: CommandData = {
  kind: "command",
  ...base,
  name: "ping",
  subcommandGroup: null,
  subcommand: null,
  options: {},
  resolved: { users: {}, members: {} },
};
const button: ButtonData = { kind: "button", ...base, customId: "thing:1", messageId: "4" };

function interaction(data: CommandData | ButtonData) {
  const calls: string[] = [];
  const transport: InteractionTransport = {
    async respond(response) {
      const detail = "message" in response ? ` ${response.message.content}` : "";
      calls.push(
        `${response.type}${detail}${"ephemeral" in response && response.ephemeral ? " (ephemeral)" : ""}`,
      );
    },
    async editOriginal() {},
    async deleteOriginal() {},
    async followUp() {
      return { id: "5", channelId: "3" };
    },
  };
  return { calls, interaction: new Interaction(data, transport) };
}

describe("the interaction guard", () => {
  it("answers the guard's notice privately instead of the command or button", async () => {
    const router = new InteractionRouter(logger);
    const ran: string[] = [];
    router.onCommand("ping", (i) => void ran.push(i.data.name));
    router.onButton("thing:", (i) => void ran.push(i.data.customId));
    router.setGuard(async () => "Paused.");
    for (const data of [command, button]) {
      const { calls, interaction: i } = interaction(data);
      await router.handle(i);
      expect(calls).toEqual(["reply Paused. (ephemeral)"]);
    }
    expect(ran).toEqual([]);
  });

  it("lets the interaction through when the guard answers null or fails", async () => {
    const router = new InteractionRouter(logger);
    router.onCommand("ping", (i) => i.reply("pong"));
    router.setGuard(async () => null);
    const first = interaction(command);
    await router.handle(first.interaction);
    expect(first.calls).toEqual(["reply pong"]);
    router.setGuard(async () => {
      throw new Error("database down");
    });
    const second = interaction(command);
    await router.handle(second.interaction);
    expect(second.calls).toEqual(["reply pong"]);
  });
});

describe("the event filter", () => {
  it("drops what it refuses, and lets an event through when it fails", async () => {
    const events = new BotEvents(logger);
    const heard: string[] = [];
    events.on("messageDelete", ({ messageId }) => void heard.push(messageId));
    events.setFilter(async (_name, payload) => (payload as { messageId: string }).messageId !== "blocked");
    await events.emit("messageDelete", { guildId: "2", channelId: "3", messageId: "blocked" });
    await events.emit("messageDelete", { guildId: "2", channelId: "3", messageId: "kept" });
    events.setFilter(() => {
      throw new Error("database down");
    });
    await events.emit("messageDelete", { guildId: "2", channelId: "3", messageId: "through" });
    events.setFilter(null);
    await events.emit("messageDelete", { guildId: "2", channelId: "3", messageId: "unfiltered" });
    expect(heard).toEqual(["kept", "through", "unfiltered"]);
  });
});
