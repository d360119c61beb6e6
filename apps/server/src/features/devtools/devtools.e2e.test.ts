import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { bindFeatures } from "../../composition.ts";
import type { AppContext } from "../../context.ts";
import { defineFeature } from "../feature.ts";
import { features } from "../index.ts";
import { timers } from "../timers/index.ts";
import { devtools } from "./index.ts";
import { forgetGlobalState, globalState } from "./service.ts";
import * as store from "./store.ts";

// The developer tools through the real discord.js client and the Discord stand-in: who may use
// them, the lockdown, the block list in front of commands, buttons and events, eval and reset.

let standIn: DiscordStandIn;
let harness: StandInBot;
let ctx: AppContext;
let home: StoredGuild;
let elsewhere: StoredGuild;
let doomed: StoredGuild;
let shady: StoredGuild;
let dev: StoredUser;
let alice: StoredUser;
let bob: StoredUser;
const heard: string[] = [];

const subcommands: Record<string, Record<string, string>> = {
  ban: { id: "123456789012345678" },
  unban: { id: "123456789012345678" },
  cache: {},
  eval: { code: "1 + 1" },
  lockdown: { reason: "test" },
  liftlock: {},
  notifyusers: { message: "Hello owners" },
  reset: { server_id: "123456789012345678" },
};

function run(guild: StoredGuild, user: StoredUser, subcommand: string, options: Record<string, string> = {}) {
  return standIn.runCommand({ guildId: guild.id, userId: user.id, name: "dev", subcommand, options });
}

/** The text of a deferred answer, once the bot has edited it in. */
async function deferredAnswer(result: { token: string }, after: number): Promise<string> {
  const edit = await standIn.waitForRequest(
    (request) => request.method === "PATCH" && request.path.endsWith(`/${result.token}/messages/@original`),
    { after, timeoutMs: 10_000 },
  );
  return String(edit.body.content);
}

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  home = standIn.state.addGuild({ name: "Dev Hollow" });
  elsewhere = standIn.state.addGuild({ name: "Elsewhere" });
  doomed = standIn.state.addGuild({ name: "Doomed Place" });
  shady = standIn.state.addGuild({ name: "Shady Place" });
  dev = standIn.state.addUser({ username: "dev" });
  alice = standIn.state.addUser({ username: "alice" });
  bob = standIn.state.addUser({ username: "bob" });
  for (const user of [dev, alice, bob]) standIn.state.addMember(home.id, user.id);
  standIn.state.addMember(doomed.id, bob.id);
  standIn.state.addMember(shady.id, bob.id);

  harness = await startStandInBot(
    standIn,
    {},
    {
      listen: false,
      config: {
        developerIds: [dev.id],
        devGuildId: home.id,
        commandsGuildId: undefined,
        devEval: true,
        discordToken: standIn.token,
      },
    },
  );
  ({ ctx } = harness);
  const listener = defineFeature({
    name: "listener",
    tables: [],
    listeners: (bot) => bot.events.on("messageCreate", (message) => void heard.push(message.author.id)),
  });
  await bindFeatures(ctx, harness.bot, [devtools(() => features), timers, listener]);
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("developer tools through the Discord stand-in", () => {
  it("registers /dev only on the developers' server, hidden from non-administrators", () => {
    const global = standIn.state.commands.global as { name: string }[];
    expect(global.map((command) => command.name)).toContain("timer");
    expect(global.map((command) => command.name)).not.toContain("dev");
    const onHome = standIn.state.commands.guilds.get(home.id) as {
      name: string;
      default_member_permissions: string;
    }[];
    expect(onHome.map((command) => command.name)).toEqual(["dev"]);
    expect(onHome[0]?.default_member_permissions).toBe("0");
  });

  it("refuses every /dev subcommand to anyone but the developers, privately and with no effect", async () => {
    for (const [subcommand, options] of Object.entries(subcommands)) {
      const { callback } = await run(home, home.ownerId === alice.id ? bob : alice, subcommand, options);
      expect(callback.body, subcommand).toEqual({
        type: 4,
        data: expect.objectContaining({
          content: `/dev ${subcommand} is a tool for the bot's developers.`,
          flags: 64,
        }),
      });
    }
    expect(await store.listBlocks(ctx.storage.db)).toEqual([]);
    expect(await store.findLockdown(ctx.storage.db)).toBeNull();
    expect(await ctx.storage.db.selectFrom("dev_notices").selectAll().execute()).toEqual([]);
  });

  it("locks every command and button down with the notice until /dev liftlock", async () => {
    const { callback } = await run(home, dev, "lockdown", { reason: "Emergency maintenance" });
    expect(String(callback.body.data.content)).toMatch(/^🔒 Lockdown on since/);
    const notice =
      "🔒 Hearth is paused by its developers (Emergency maintenance). Commands answer again as soon as the pause is lifted; please try again later.";
    const locked = await standIn.runCommand({
      guildId: home.id,
      userId: alice.id,
      name: "timer",
      subcommand: "list",
    });
    expect(locked.callback.body).toEqual({
      type: 4,
      data: expect.objectContaining({ content: notice, flags: 64 }),
    });

    const panel = await ctx.discord.sendMessage([...home.channels.keys()][0] ?? "", {
      components: [[{ type: "button", style: "secondary", label: "Cancel", customId: "dev:reset-cancel" }]],
    });
    const clicked = await standIn.clickButton({
      guildId: home.id,
      userId: alice.id,
      messageId: panel.id,
      customId: "dev:reset-cancel",
    });
    expect(clicked.callback.body).toEqual({
      type: 4,
      data: expect.objectContaining({ content: notice, flags: 64 }),
    });

    // Developers are not locked out (they must be able to lift it).
    const devList = await standIn.runCommand({
      guildId: home.id,
      userId: dev.id,
      name: "timer",
      subcommand: "list",
    });
    expect(String(devList.callback.body.data.content)).not.toContain("paused");

    const lifted = await run(home, dev, "liftlock");
    expect(String(lifted.callback.body.data.content)).toMatch(/^🔓 Lockdown lifted/);
    const open = await standIn.runCommand({
      guildId: home.id,
      userId: alice.id,
      name: "timer",
      subcommand: "list",
    });
    expect(String(open.callback.body.data.content)).toBe(
      "No timers in this server yet. Start one with `/timer create`.",
    );
    expect(await store.findLockdown(ctx.storage.db)).toBeNull();
  });

  it("blocks a user's commands, buttons and events, and lets them back after /dev unban", async () => {
    const banned = await run(home, dev, "ban", { id: alice.id, reason: "spam" });
    expect(String(banned.callback.body.data.content)).toContain(`User <@${alice.id}>`);

    const command = await standIn.runCommand({
      guildId: home.id,
      userId: alice.id,
      name: "timer",
      subcommand: "list",
    });
    expect(command.callback.body.data).toMatchObject({
      content: "You can't use Hearth: your account is blocked by the bot's developers.",
      flags: 64,
    });
    const panel = await ctx.discord.sendMessage([...home.channels.keys()][0] ?? "", {
      components: [[{ type: "button", style: "secondary", label: "Cancel", customId: "dev:reset-cancel" }]],
    });
    const click = await standIn.clickButton({
      guildId: home.id,
      userId: alice.id,
      messageId: panel.id,
      customId: "dev:reset-cancel",
    });
    expect(click.callback.body.data.content).toBe(
      "You can't use Hearth: your account is blocked by the bot's developers.",
    );

    heard.length = 0;
    const channelId = [...home.channels.keys()][0] ?? "";
    await standIn.postMessage({ channelId, authorId: alice.id, content: "hello?" });
    await standIn.postMessage({ channelId, authorId: bob.id, content: "hi" });
    await harness.settle();
    expect(heard).toEqual([bob.id]);

    // Someone else's button is refused to a member who isn't blocked, and works for a developer.
    const bobClick = await standIn.clickButton({
      guildId: home.id,
      userId: bob.id,
      messageId: panel.id,
      customId: "dev:reset-cancel",
    });
    expect(bobClick.callback.body.data.content).toBe("This button is for the bot's developers.");

    const unbanned = await run(home, dev, "unban", { id: alice.id });
    expect(String(unbanned.callback.body.data.content)).toContain("can use Hearth again");
    const again = await standIn.runCommand({
      guildId: home.id,
      userId: alice.id,
      name: "timer",
      subcommand: "list",
    });
    expect(String(again.callback.body.data.content)).toContain("No timers");
  });

  it("leaves a blocked server at once, and a blocked server whose event or command shows up", async () => {
    const after = standIn.requests.length;
    const banned = await run(home, dev, "ban", { id: elsewhere.id, reason: "raids" });
    expect(String(banned.callback.body.data.content)).toContain(
      `Server \`${elsewhere.id}\` is blocked (raids). I left the server.`,
    );
    expect(
      standIn
        .find("DELETE", `/users/@me/guilds/${elsewhere.id}`)
        .filter((r) => standIn.requests.indexOf(r) >= after),
    ).toHaveLength(1);

    // Blocked from another process (the operator CLI): this process hears of it when its copy expires.
    await store.upsertBlock(ctx.storage.db, {
      id: doomed.id,
      kind: "server",
      reason: "scams",
      blockedBy: "cli",
      blockedAt: Date.now(),
    });
    await store.upsertBlock(ctx.storage.db, {
      id: shady.id,
      kind: "server",
      reason: "spam",
      blockedBy: "cli",
      blockedAt: Date.now(),
    });
    forgetGlobalState();
    // An event from the blocked server: no listener hears it, and the bot leaves.
    heard.length = 0;
    await standIn.postMessage({
      channelId: [...doomed.channels.keys()][0] ?? "",
      authorId: bob.id,
      content: "anyone?",
    });
    await harness.settle();
    expect(heard).toEqual([]);
    await standIn.waitForRequest(
      (r) => r.method === "DELETE" && r.path === `/users/@me/guilds/${doomed.id}`,
      { after, timeoutMs: 5000 },
    );
    // A command from a blocked server: the notice, and the bot leaves.
    const command = await standIn.runCommand({
      guildId: shady.id,
      userId: bob.id,
      name: "timer",
      subcommand: "list",
    });
    expect(command.callback.body.data.content).toBe(
      "Hearth is not available in this server: it is blocked by the bot's developers.",
    );
    await standIn.waitForRequest((r) => r.method === "DELETE" && r.path === `/users/@me/guilds/${shady.id}`, {
      after,
      timeoutMs: 5000,
    });
    expect([...(await globalState(ctx)).blocks.keys()].sort()).toEqual(
      [doomed.id, elsewhere.id, shady.id].sort(),
    );
  });

  it("evaluates code for a developer, redacted, only when DEV_EVAL is on", async () => {
    const after = standIn.requests.length;
    const result = await run(home, dev, "eval", { code: "ctx.config.discordToken" });
    expect(result.callback.body.type).toBe(5);
    const answer = await deferredAnswer(result, after);
    expect(answer).toContain("[redacted]");
    expect(answer).not.toContain(standIn.token);
    // Issue 24 §4: said plainly, every time: the code ran with the process's full rights.
    expect(answer).toContain("Ran with the bot process's full rights: not a sandbox");

    const slow = standIn.requests.length;
    const loop = await run(home, dev, "eval", { code: "while (true) {}" });
    expect(await deferredAnswer(loop, slow)).toContain("Timed out after 3000 ms");

    ctx.config.devEval = false;
    const off = await run(home, dev, "eval", { code: "1 + 1" });
    expect(off.callback.body.data.content).toBe(
      "Eval is off on this instance: set DEV_EVAL=true in the bot's environment to turn it on.",
    );
    ctx.config.devEval = true;
  }, 20_000);

  it("starts an announcement to every server owner, each once, as a durable job", async () => {
    const result = await run(home, dev, "notifyusers", { message: "Maintenance on Sunday at 02:00 UTC." });
    const owners = new Set([...standIn.state.guilds.values()].map((guild) => guild.ownerId));
    expect(result.callback.body.data.content).toBe(
      `📣 Notice #1 is on its way to ${owners.size} server owner${owners.size === 1 ? "" : "s"} (each once), paced for Discord's limits. It carries on after a restart; I'll DM you the counts of sent and failed when it's done.`,
    );
    const recipients = await ctx.storage.db.selectFrom("dev_notice_recipients").select("user_id").execute();
    expect(recipients.map((row) => row.user_id).sort()).toEqual([...owners].sort());
    const jobs = await ctx.storage.db
      .selectFrom("jobs")
      .select("kind")
      .where("status", "=", "pending")
      .execute();
    expect(jobs.map((job) => job.kind)).toContain("devtools.notify-owners");
  });

  it("shows and clears the process's caches", async () => {
    const shown = await run(home, dev, "cache");
    const embed = shown.callback.body.data.embeds[0];
    expect(embed.title).toBe("🗄️ Caches of this process");
    expect(embed.description).toContain("`block list and lockdown`");
    expect(embed.description).toContain("`discord REST guilds`");
    const cleared = await run(home, dev, "cache", { action: "clear" });
    expect(String(cleared.callback.body.data.content)).toMatch(
      /^🧹 Cleared \d+ caches \(\d+ entries\) in this process/,
    );
  });

  it("resets one server's data after the confirmation button", async () => {
    const target = home.id;
    await ctx.storage.db
      .insertInto("sticky_messages")
      .values({
        server_id: target,
        channel_id: "900000000000000001",
        message: "x",
        trigger_count: 5,
        created_by: null,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const asked = await run(home, dev, "reset", { server_id: target, feature: "sticky" });
    expect(asked.callback.body.data.embeds[0].description).toBe(
      `This deletes the **sticky** data of **Dev Hollow** (\`${target}\`). It can't be undone.`,
    );
    const wrong = await run(home, dev, "reset", { server_id: target, feature: "nope" });
    expect(String(wrong.callback.body.data.content)).toMatch(
      /^There is no feature called "nope"\. Features: .*sticky/,
    );
    expect(await ctx.storage.db.selectFrom("sticky_messages").selectAll().execute()).toHaveLength(1);

    const messageId = standIn.interactions.get(asked.id)?.originalId ?? "";
    const confirmed = await standIn.clickButton({
      guildId: home.id,
      userId: dev.id,
      messageId,
      customId: `dev:reset:${target}:sticky`,
    });
    expect(confirmed.callback.body.type).toBe(6);
    const edit = await standIn.waitForRequest(
      (r) => r.method === "PATCH" && r.path.includes(confirmed.token),
      { timeoutMs: 5000 },
    );
    expect(edit.body.content).toBe(
      `🗑️ Reset done for \`${target}\` (sticky): 1 rows in 1 tables, 0 dashboard tokens revoked, 0 jobs removed.`,
    );
    expect(await ctx.storage.db.selectFrom("sticky_messages").selectAll().execute()).toEqual([]);
  });
});
