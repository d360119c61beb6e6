import fs from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createBot } from "../src/bot/bot.ts";
import { bindFeatures, seedFeatureDemos } from "../src/composition.ts";
import { loadConfig } from "../src/config.ts";
import type { AppContext } from "../src/context.ts";
import type { BotEventMap } from "../src/discord/port/events.ts";
import { type CommandData, Interaction, type InteractionTransport } from "../src/discord/port/interaction.ts";
import type { UserInfo } from "../src/discord/port/port.ts";
import { gameEvents } from "../src/features/event-helper/fixtures.ts";
import { rumbleMessages } from "../src/features/rumble/fixtures.ts";
import { seededRandom } from "../src/lib/seeded-random.ts";
import { serverConfigLoads } from "../src/lib/server-config-cache.ts";
import { makeSnowflake } from "../src/lib/snowflake.ts";
import { createTestContext } from "../test/helpers.ts";
import { countQueries } from "../test/query-counter.ts";
import { discordStandInOnSqlite } from "./discord-stand-in.ts";
import { topFrames } from "./harness.ts";
import { type BenchServer, seedBenchServers } from "./message-servers.ts";

const serverCount = Number(process.env.BENCH_SERVERS ?? 1000);
const warmMs = 2000;
const runMs = Number(process.env.BENCH_MESSAGE_MS ?? 5000);
const concurrency = 20;
/** One slash command every this many ms while messages flow. */
const commandEveryMs = 20;
const targets = { perSecond: 10_000, handlerP99Ms: 5, ackP99Ms: 50 };

/** What members type in a busy grinding server: mostly chat that matches nothing. */
const chat = [
  "anyone up for a heist later?",
  "lol nice",
  "gg",
  "brb 5 min",
  "who has a lifesaver to sell",
  "that was close",
  "thanks for hosting!",
  "where do i sell fish",
  "omg",
  "how do i get the booster role",
  "ty",
  "rip my streak",
  "can someone carry me",
  "ok",
  "wait what happened",
  "anyone trading a gold bar for 2m?",
];
const sums = ["1.5m*3", "(250k+1.2m)/4", "15% of 2b"];
const prices = ["pc gold bar", "what's a trophy worth?", "price check lifesaver"];

type Event = { kind: string } & (
  | { name: "messageCreate"; payload: BotEventMap["messageCreate"] }
  | { name: "messageUpdate"; payload: BotEventMap["messageUpdate"] }
);

/**
 * Realistic traffic over every server: per 100 events about 72 chat lines (10 of them in the
 * sticky's channel), 4 sums, 3 price questions, 3 trigger keywords, 2 highlight keywords, 1
 * auto-responder phrase, 1 mention of an AFK member, 2 game-bot posts (events, rumble rounds; a
 * rumble win now and then), 4 edits (boards re-read edited originals).
 */
function traffic(servers: BenchServer[], users: Map<string, UserInfo>) {
  const random = seededRandom(20261126);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  let sequence = 0;
  const bot = (id: string): UserInfo => ({
    id,
    username: "gamebot",
    globalName: null,
    avatar: null,
    bot: true,
    createdAt: 0,
  });
  return (): Event => {
    const server = pick(servers);
    const roll = random() * 100;
    const id = makeSnowflake();
    const chatter = pick(server.chatters);
    const user = (userId: string) => users.get(userId) as UserInfo;
    const message = (
      kind: string,
      content: string,
      from = chatter,
      extra: Partial<BotEventMap["messageCreate"]> = {},
    ): Event => ({
      kind,
      name: "messageCreate",
      payload: {
        id,
        channelId: server.general,
        guildId: server.guildId,
        author: user(from.userId),
        content,
        memberRoleIds: from.roleIds,
        mentionUserIds: [],
        attachments: [],
        embeds: [],
        webhookId: null,
        createdAt: Date.now(),
        ...extra,
      },
    });
    sequence++;
    if (roll < 62) return message("chat", pick(chat));
    if (roll < 72) return message("sticky channel", pick(chat), chatter, { channelId: server.trading });
    if (roll < 76) return message("sum", pick(sums));
    if (roll < 79) return message("price question", pick(prices));
    if (roll < 82) return message("trigger", pick(["heist at 8?", "read the rules pls"]));
    if (roll < 84) return message("highlight", pick(["giveaway in 5", "ember is the best"]));
    if (roll < 85) return message("auto-responder", "raid night tonight?");
    if (roll < 86)
      return message("AFK mention", `<@${server.afkUserId}> you there?`, chatter, {
        mentionUserIds: [server.afkUserId],
      });
    if (roll < 88) {
      const game =
        sequence % 500 === 0
          ? rumbleMessages.winner
          : pick([gameEvents.typeEmbed, gameEvents.reverse, rumbleMessages.round, rumbleMessages.lobby]);
      return message(game === rumbleMessages.winner ? "rumble win" : "game bot", game.content, chatter, {
        author: bot(game.authorId),
        memberRoleIds: [],
        embeds: [...game.embeds],
      });
    }
    if (roll < 96) return message("VIP chat", pick(chat), server.vip);
    return {
      kind: "edit",
      name: "messageUpdate",
      payload: { guildId: server.guildId, channelId: server.general, messageId: id },
    };
  };
}

/** Counts every query the features send (the sandbox's own reads and writes stand for Discord). */
function countingContext(ctx: AppContext) {
  const counter = { queries: 0, byTable: new Map<string, number>() };
  const plugin = countQueries((key) => {
    counter.queries++;
    counter.byTable.set(key, (counter.byTable.get(key) ?? 0) + 1);
  });
  const storage = { ...ctx.storage, db: ctx.storage.db.withPlugin(plugin) };
  const reset = () => {
    counter.queries = 0;
    counter.byTable.clear();
  };
  return { ctx: { ...ctx, storage }, counter, reset };
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);
interface Latencies {
  all: number[];
  byKind: Map<string, number[]>;
}
function record(latencies: Latencies, kind: string, value: number): void {
  latencies.all.push(value);
  const list = latencies.byKind.get(kind) ?? [];
  if (list.length === 0) latencies.byKind.set(kind, list);
  list.push(value);
}
/** The kinds of event with the slowest handlers, by p99: where the tail comes from. */
function slowestKinds(latencies: Latencies, count: number): string {
  return [...latencies.byKind]
    .map(([kind, list]) => ({ kind, n: list.length, p99: percentile(Float64Array.from(list).sort(), 99) }))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, count)
    .map(({ kind, n, p99 }) => `${kind} ${ms(p99)} (${n.toLocaleString("en")})`)
    .join(", ");
}
const ms = (value: number) => `${value.toFixed(2)} ms`;
const mark = (ok: boolean) => (ok ? "met" : "NOT met");

/**
 * `discordOnDatabase`: leave Discord's stand-in on the product's PostgreSQL, as the sandbox runs
 * in `npm start` (for comparison: a deployed bot's Discord calls never reach its database).
 */
async function run(dialect: "sqlite" | "postgres", discordOnDatabase = false) {
  // As many PostgreSQL connections as `npm start` opens (DATABASE_POOL_SIZE's default).
  const t = await createTestContext({ dialect, poolSize: loadConfig({}).databasePoolSize });
  let stopStandIn: (() => Promise<void>) | null = null;
  try {
    const seedStarted = performance.now();
    await seedFeatureDemos(t.ctx);
    const demosSeconds = (performance.now() - seedStarted) / 1000;
    const servers = await seedBenchServers(t.ctx, serverCount - 1);
    const users = new Map<string, UserInfo>();
    for (const server of servers) {
      for (const { userId } of [...server.chatters, server.vip]) {
        if (!users.has(userId)) {
          const user = await t.ctx.discord.getUser(userId);
          if (user) users.set(userId, user);
        }
      }
    }
    if (!discordOnDatabase)
      console.log(
        `  ${dialect}: ${servers.length.toLocaleString("en")} servers configured in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (the demo server's seeds ${demosSeconds.toFixed(1)} s)`,
      );
    // On PostgreSQL, Discord's stand-in moves to its own in-process copy (see discord-stand-in.ts).
    const standIn =
      dialect === "postgres" && !discordOnDatabase
        ? await discordStandInOnSqlite(t.ctx.storage.db, t.ctx.logger)
        : null;
    stopStandIn = standIn ? () => standIn.cleanup() : null;
    const discord = standIn?.sandbox ?? t.sandbox;
    const counting = countingContext({ ...t.ctx, discord });
    const bot = createBot(counting.ctx, discord);
    await bindFeatures(counting.ctx, bot);
    await bot.start();
    const next = traffic(servers, users);

    // Slash commands while messages flow: acknowledgement = command in → the bot's first answer out.
    const acks: number[] = [];
    let commandsAnswered = 0;
    const command = (server: BenchServer, index: number): Interaction => {
      const chatter = server.chatters[index % server.chatters.length] as BenchServer["chatters"][number];
      const user = users.get(chatter.userId) as UserInfo;
      const kinds: { name: string; subcommand: string | null; options: Record<string, string> }[] = [
        { name: "calc", subcommand: null, options: { expression: "2.5m*4" } },
        { name: "market", subcommand: "price", options: { item: "gold bar" } },
        { name: "rumble", subcommand: "leaderboard", options: {} },
      ];
      const kind = kinds[index % kinds.length] as (typeof kinds)[number];
      const data: CommandData = {
        kind: "command",
        id: makeSnowflake(),
        guildId: server.guildId,
        channelId: server.general,
        user,
        member: {
          guildId: server.guildId,
          user,
          nick: null,
          roleIds: chatter.roleIds,
          joinedAt: 0,
          permissions: "0",
        },
        botPermissions: "8",
        locale: "en-US",
        name: kind.name,
        subcommandGroup: null,
        subcommand: kind.subcommand,
        options: kind.options,
        resolved: { users: {}, members: {} },
      };
      const started = performance.now();
      let first = true;
      const answered = () => {
        if (first) {
          first = false;
          acks.push(performance.now() - started);
          commandsAnswered++;
        }
        return Promise.resolve();
      };
      const transport: InteractionTransport = {
        respond: answered,
        editOriginal: answered,
        deleteOriginal: answered,
        followUp: async () => {
          await answered();
          return { id: makeSnowflake(), channelId: server.general };
        },
      };
      return new Interaction(data, transport);
    };

    const phase = async (durationMs: number, latencies: Latencies | null, commands: boolean) => {
      let sent = 0;
      let running = true;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const worker = async () => {
        while (running) {
          // Each gateway event arrives in its own turn of the event loop (a socket read), so timers
          // (sticky reposts, the slash commands below) get their turn as they would in production.
          await new Promise((resolve) => setImmediate(resolve));
          const event = next();
          const begun = performance.now();
          await bot.events.emit(event.name, event.payload as never);
          if (latencies) record(latencies, event.kind, performance.now() - begun);
          sent++;
          if (performance.now() - started >= durationMs) running = false;
        }
      };
      let commandIndex = 0;
      const ticker = commands
        ? setInterval(() => {
            const server = servers[commandIndex % servers.length] as BenchServer;
            void bot.events.emit("interactionCreate", command(server, commandIndex++));
          }, commandEveryMs)
        : null;
      await Promise.all(Array.from({ length: concurrency }, worker));
      if (ticker) clearInterval(ticker);
      const cpu = process.cpuUsage(cpuBefore);
      return { sent, elapsed: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
    };

    // Chat that matches nothing (plain members in a plain channel), one message per server a round.
    let quietSent = 0;
    const quietRound = (round: number) =>
      Promise.all(
        servers.map((server, index) => {
          const chatter = server.chatters[
            (index + round) % server.chatters.length
          ] as BenchServer["chatters"][number];
          quietSent++;
          return bot.events.emit("messageCreate", {
            id: makeSnowflake(),
            channelId: server.general,
            guildId: server.guildId,
            author: users.get(chatter.userId) as UserInfo,
            content: chat[(index + round) % 6] ?? "gg",
            memberRoleIds: chatter.roleIds,
            mentionUserIds: [],
            attachments: [],
            embeds: [],
            webhookId: null,
            createdAt: Date.now(),
          });
        }),
      );
    // A running bot has seen every server: one round loads each server's configuration once.
    counting.reset();
    await quietRound(0);
    const primingQueries = counting.counter.queries;
    await phase(warmMs, null, true);
    await bot.events.idle();
    acks.length = 0;
    commandsAnswered = 0;

    // Then matching nothing must cost nothing.
    quietSent = 0;
    counting.reset();
    const loadsBefore = { ...serverConfigLoads };
    for (let round = 1; round <= 3; round++) await quietRound(round);
    const waited =
      serverConfigLoads.missing +
      serverConfigLoads.changed +
      serverConfigLoads.expired -
      loadsBefore.missing -
      loadsBefore.changed -
      loadsBefore.expired;
    const refreshed = serverConfigLoads.refreshed - loadsBefore.refreshed;
    const quietQueries = counting.counter.queries;
    const quietTables = [...counting.counter.byTable].sort((a, b) => b[1] - a[1]).slice(0, 4);

    const profiling = process.env.BENCH_PROFILE ? new Session() : null;
    if (profiling) {
      profiling.connect();
      await profiling.post("Profiler.enable");
      await profiling.post("Profiler.start");
    }
    counting.reset();
    const latencies: Latencies = { all: [], byKind: new Map() };
    const { sent, elapsed, cpuMs } = await phase(runMs, latencies, true);
    const profile = profiling ? (await profiling.post("Profiler.stop")).profile : null;
    const queries = counting.counter.queries;
    const byTable = [...counting.counter.byTable].sort((a, b) => b[1] - a[1]).slice(0, 6);
    await bot.events.idle();
    const perSecond = Math.round((sent / elapsed) * 1000);
    // On a shared machine the process rarely has its core to itself: events per second of CPU the
    // process used is what one dedicated core would do.
    const perCpuSecond = Math.round((sent / cpuMs) * 1000);
    const handler = Float64Array.from(latencies.all).sort();
    const ack = Float64Array.from(acks).sort();
    const handlerP99 = percentile(handler, 99);
    const ackP99 = percentile(ack, 99);
    if (discordOnDatabase) {
      console.log(
        `  ${dialect}, for comparison with Discord's stand-in on the same PostgreSQL (each Discord call round trips to it; no target): ${perSecond.toLocaleString("en")} messages/s, handler p99 ${ms(handlerP99)} (slowest: ${slowestKinds(latencies, 3)}), acknowledgement p99 ${ms(ackP99)}`,
      );
      await bot.stop();
      return { perSecond, perCpuSecond, handlerP99, ackP99 };
    }
    console.log(
      `  ${dialect}: ${sent.toLocaleString("en")} events in ${elapsed.toFixed(0)} ms = ${perSecond.toLocaleString("en")} messages/s wall clock (target ≥ ${targets.perSecond.toLocaleString("en")}: ${mark(perSecond >= targets.perSecond)}); ${perCpuSecond.toLocaleString("en")} per CPU-second of this process (${((cpuMs / elapsed) * 100).toFixed(0)} % of a core used)`,
    );
    console.log(
      `  ${dialect}: handler time p50 ${ms(percentile(handler, 50))}, p99 ${ms(handlerP99)} (target ≤ ${targets.handlerP99Ms} ms: ${mark(handlerP99 <= targets.handlerP99Ms)}), max ${ms(handler[handler.length - 1] ?? 0)}; slowest kinds by p99: ${slowestKinds(latencies, 4)}`,
    );
    console.log(
      `  ${dialect}: slash command acknowledgement under that load (${commandsAnswered} commands): p50 ${ms(percentile(ack, 50))}, p99 ${ms(ackP99)} (target ≤ ${targets.ackP99Ms} ms: ${mark(ackP99 <= targets.ackP99Ms)})`,
    );
    console.log(
      `  ${dialect}: database queries: ${quietQueries} for ${quietSent.toLocaleString("en")} chat messages that match nothing, ${waited} of them configuration loads a message waited on (target 0: ${mark(waited === 0)}), the rest ${refreshed} background reloads of configuration near its time limit (at most one per server and kind per limit) (${primingQueries.toLocaleString("en")} queries to load ${servers.length.toLocaleString("en")} servers' configuration first)${quietTables.length ? ` [${quietTables.map(([k, n]) => `${k} ${n}`).join(", ")}]` : ""}; ${(queries / Math.max(1, sent)).toFixed(3)} per event in the mixed run [${byTable.map(([k, n]) => `${k} ${n}`).join(", ")}]`,
    );
    if (profile) {
      // BENCH_PROFILE=<dir> also keeps the profile, for a flame view (Chrome DevTools, speedscope).
      if (process.env.BENCH_PROFILE !== "1") {
        const file = path.join(process.env.BENCH_PROFILE ?? ".", `message-pipeline-${dialect}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        console.log(`  ${dialect}: profile written to ${file}`);
      }
      console.log(`  ${dialect}: top self-time frames during the run:`);
      for (const line of topFrames(profile, 10)) console.log(`    ${line}`);
      profiling?.disconnect();
    }
    await bot.stop();
    return { perSecond, perCpuSecond, handlerP99, ackP99 };
  } finally {
    await stopStandIn?.();
    await t.cleanup();
  }
}

/**
 * Gateway events per second through the bot's whole message path on one core: every feature bound
 * as the program binds it (guard, commands, listeners), every message feature configured on
 * `BENCH_SERVERS` (1,000) servers through the features' services, the sandbox standing in for
 * Discord. 20 events in flight; a slash command every 20 ms meanwhile. SQLite (the stand-in in the
 * same in-process file), and PostgreSQL when TEST_DATABASE_URL is set: the features on PostgreSQL
 * and the stand-in on an in-process copy (discord-stand-in.ts), then once more with the stand-in
 * on PostgreSQL too, for comparison.
 */
export async function benchMessagePipeline(): Promise<number> {
  console.log(
    `\nMessage pipeline (${serverCount.toLocaleString("en")} servers, every message feature on, sandbox, one core, ${concurrency} in flight)`,
  );
  const sqlite = await run("sqlite");
  if (process.env.TEST_DATABASE_URL) {
    await run("postgres");
    await run("postgres", true);
  } else console.log("  postgres: skipped (set TEST_DATABASE_URL to run it)");
  return sqlite.perSecond;
}
