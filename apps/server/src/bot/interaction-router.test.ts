import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  type ButtonData,
  type CommandData,
  Interaction,
  type InteractionTransport,
} from "../discord/port/interaction.ts";
import { DiscordError } from "../discord/port/port.ts";
import { forbidden } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import { fitReply, genericFailure, InteractionRouter } from "./interaction-router.ts";

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
const command = (name: string, options: CommandData["options"] = {}): CommandData => ({
  kind: "command",
  ...base,
  name,
  subcommandGroup: null,
  subcommand: null,
  options,
  resolved: { users: {}, members: {} },
});
const button = (customId: string): ButtonData => ({ kind: "button", ...base, customId, messageId: "4" });

/** A transport that records what Discord would have received, in order. */
function recorder() {
  const calls: string[] = [];
  const transport: InteractionTransport = {
    async respond(response) {
      const detail = "message" in response ? ` ${response.message.content}` : "";
      const ephemeral = "ephemeral" in response && response.ephemeral ? " (ephemeral)" : "";
      calls.push(`${response.type}${detail}${ephemeral}`);
    },
    async editOriginal(message) {
      calls.push(`edit ${message.content}`);
    },
    async deleteOriginal() {
      calls.push("delete");
    },
    async followUp(message, ephemeral) {
      calls.push(`followUp ${message.content}${ephemeral ? " (ephemeral)" : ""}`);
      return { id: "5", channelId: "3" };
    },
  };
  return { calls, transport };
}

/** A router that defers after 30 ms instead of 2.5 s, so the rule is tested quickly. */
async function run(router: InteractionRouter, data: CommandData | ButtonData) {
  const { calls, transport } = recorder();
  await router.handle(new Interaction(data, transport));
  return calls;
}
const fastRouter = () => new InteractionRouter(logger, { deferAfterMs: 30 });

describe("InteractionRouter", () => {
  it("passes a command its options; a quick reply is the only answer", async () => {
    const router = fastRouter();
    let seen: unknown;
    router.onCommand("echo", async (interaction) => {
      seen = interaction.data.options;
      await interaction.reply(String(interaction.data.options.text));
    });
    expect(await run(router, command("echo", { text: "hi" }))).toEqual(["reply hi"]);
    expect(seen).toEqual({ text: "hi" });
  });

  it("defers a slow command for it, with the visibility it declared, and turns its reply into an edit", async () => {
    const router = fastRouter();
    router.onCommand(
      "slow",
      async (interaction) => {
        await sleep(80);
        await interaction.reply("done", { ephemeral: true });
      },
      { ephemeral: true },
    );
    expect(await run(router, command("slow"))).toEqual(["defer (ephemeral)", "edit done"]);
  });

  it("after a public deferral, a private reply replaces the deferral with a private follow-up", async () => {
    const router = fastRouter();
    router.onCommand("slow", async (interaction) => {
      await sleep(80);
      await interaction.reply("only you", { ephemeral: true });
    });
    expect(await run(router, command("slow"))).toEqual(["defer", "delete", "followUp only you (ephemeral)"]);
  });

  it("defers a slow button without a visible change; its reply follows up, its update edits the message", async () => {
    const router = fastRouter();
    router.onButton("vote:", async (interaction) => {
      await sleep(80);
      await interaction.update("Votes: 1");
      await interaction.reply("Counted", { ephemeral: true });
    });
    expect(await run(router, button("vote:yes"))).toEqual([
      "deferUpdate",
      "edit Votes: 1",
      "followUp Counted (ephemeral)",
    ]);
  });

  it("a quick button update edits the message in the first answer", async () => {
    const router = fastRouter();
    router.onButton("vote:", (interaction) => interaction.update("Votes: 2"));
    expect(await run(router, button("vote:no"))).toEqual(["update Votes: 2"]);
  });

  it("the longest matching button prefix wins", async () => {
    const router = fastRouter();
    router.onButton("giveaway:", (interaction) => interaction.reply("general"));
    router.onButton("giveaway:leave:", (interaction) => interaction.reply("leave"));
    expect(await run(router, button("giveaway:leave:7"))).toEqual(["reply leave"]);
    expect(await run(router, button("giveaway:enter:7"))).toEqual(["reply general"]);
    expect(await run(router, button("other"))).toEqual([
      "reply This button no longer does anything. (ephemeral)",
    ]);
  });

  it("an AppError becomes one ephemeral reply with its message, even after a deferral", async () => {
    const router = fastRouter();
    router.onCommand("quick", () => {
      throw forbidden("Only managers can do that.");
    });
    router.onCommand("late", async () => {
      await sleep(80);
      throw forbidden("Only managers can do that.");
    });
    expect(await run(router, command("quick"))).toEqual(["reply Only managers can do that. (ephemeral)"]);
    expect(await run(router, command("late"))).toEqual([
      "defer",
      "delete",
      "followUp Only managers can do that. (ephemeral)",
    ]);
  });

  it("an error text over Discord's 2,000 characters is cut to fit, at a line break when one is near", async () => {
    const router = fastRouter();
    const lines = Array.from(
      { length: 60 },
      (_, index) => `Role ${index} was skipped: it sits above my role.`,
    );
    router.onCommand("long", () => {
      throw forbidden(lines.join("\n"));
    });
    const [answer] = await run(router, command("long"));
    const text = (answer ?? "").replace(/^reply /, "").replace(/ \(ephemeral\)$/, "");
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text.endsWith("above my role.…")).toBe(true);
    expect(fitReply("short")).toBe("short");
    expect(fitReply("x".repeat(2500))).toBe(`${"x".repeat(1999)}…`);
  });

  it("Discord's refusals read as friendly text; a bug as the generic reply, never its message", async () => {
    const router = fastRouter();
    router.onCommand("role", () => {
      throw new DiscordError("missing_permissions", "Missing Permissions");
    });
    router.onCommand("bug", () => {
      throw new TypeError("cannot read properties of undefined");
    });
    expect(await run(router, command("role"))).toEqual([
      "reply I don't have the permissions I need for that here. (ephemeral)",
    ]);
    expect(await run(router, command("bug"))).toEqual([`reply ${genericFailure} (ephemeral)`]);
  });

  it("an error after the reply is a follow-up; an unknown command is refused", async () => {
    const router = fastRouter();
    router.onCommand("half", async (interaction) => {
      await interaction.reply("started");
      throw forbidden("but not finished");
    });
    expect(await run(router, command("half"))).toEqual([
      "reply started",
      "followUp but not finished (ephemeral)",
    ]);
    expect(await run(router, command("nope"))).toEqual([
      "reply This command isn't available right now. (ephemeral)",
    ]);
  });

  it("refuses a second handler for the same command or prefix", () => {
    const router = fastRouter();
    router.onCommand("ping", () => {});
    router.onButton("b:", () => {});
    expect(() => router.onCommand("ping", () => {})).toThrow(/already registered/);
    expect(() => router.onButton("b:", () => {})).toThrow(/already registered/);
    expect(router.commandNames()).toEqual(["ping"]);
  });
});
