import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeHeapSnapshot } from "node:v8";
import { Client } from "discord.js";
import { DiscordJsAdapter } from "../src/discord/discordjs/adapter.ts";
import { botIntents } from "../src/discord/discordjs/client.ts";
import { createLogger } from "../src/lib/logger.ts";
import { DiscordStandIn, type StoredGuild } from "../test/discord-stand-in/index.ts";

/**
 * The bot's heap with 1,000 guilds of 1,000 members (every member a distinct user, all delivered in
 * GUILD_CREATE by the Discord stand-in), for Hearth's adapter and for discord.js with its default
 * cache options. Each client runs in a fresh child process, so the two heaps never mix.
 */

interface ChildResult {
  baselineHeapMb: number;
  heapMb: number;
  rssMb: number;
  guilds: number;
  cachedMembers: number;
  cachedUsers: number;
  seconds: number;
}

const variants = { hearth: "Hearth adapter (bounded caches)", defaults: "discord.js defaults" } as const;
type Variant = keyof typeof variants;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function benchBotMemory(
  guildCount = Number(process.env.BENCH_GUILDS ?? 1000),
  membersPerGuild = Number(process.env.BENCH_MEMBERS ?? 1000),
): Promise<Record<Variant, ChildResult>> {
  const index = new Map<string, number>();
  const standIn = await DiscordStandIn.start({
    guildMembers: (guild) => members(guild, index, membersPerGuild),
  });
  for (let i = 0; i < guildCount; i++) index.set(standIn.state.addGuild({ name: `Guild ${i}` }).id, i);

  console.log(
    `\nBot memory: ${guildCount} guilds × ${membersPerGuild} members from the Discord stand-in (heapUsed after GC)`,
  );
  const results = {} as Record<Variant, ChildResult>;
  // BENCH_BOT_VARIANTS=hearth skips discord.js's defaults (at 100,000 guilds they need gigabytes).
  const only = process.env.BENCH_BOT_VARIANTS?.split(",");
  for (const variant of Object.keys(variants) as Variant[]) {
    if (only && !only.includes(variant)) continue;
    const result = await runChild(variant, standIn, guildCount);
    results[variant] = result;
    console.log(
      `  ${variants[variant].padEnd(34)} heap ${String(result.heapMb).padStart(7)} MB   rss ${String(result.rssMb).padStart(7)} MB   (${result.baselineHeapMb} MB before connecting; cached: ${result.cachedMembers} members, ${result.cachedUsers} users; ${result.seconds} s)`,
    );
    if (variant === "hearth") {
      const perGuildKb = ((result.heapMb - result.baselineHeapMb) * 1024) / guildCount;
      // Issue 25's targets: 100,000 × 100 within 300 MB of heap, 10,000 × 1,000 within 100 MB.
      const target = guildCount >= 100_000 ? 300 : guildCount >= 10_000 ? 100 : undefined;
      console.log(
        `    ${perGuildKb.toFixed(2)} KB of heap per guild over the baseline${target ? `; target heap <= ${target} MB: ${result.heapMb <= target ? "OK" : "MISSED"}` : ""}`,
      );
    }
  }
  await standIn.close();
  return results;
}

/** Distinct users for every guild; generated as GUILD_CREATE is sent, so the stand-in holds none. */
function* members(guild: StoredGuild, index: Map<string, number>, count: number) {
  const first = 2_000_000_000_000_000n + BigInt((index.get(guild.id) ?? 0) * count);
  for (let i = 0; i < count; i++) {
    const id = (first + BigInt(i)).toString();
    yield {
      user: { id, username: `member${id.slice(-7)}`, global_name: null, avatar: null, discriminator: "0" },
      nick: null,
      avatar: null,
      banner: null,
      roles: [],
      joined_at: "2024-05-01T12:00:00.000Z",
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
    };
  }
}

async function runChild(variant: Variant, standIn: DiscordStandIn, guilds: number): Promise<ChildResult> {
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--max-old-space-size=8192", "--import", "tsx", fileURLToPath(import.meta.url)],
    {
      env: {
        ...process.env,
        BOT_MEMORY_CHILD: variant,
        BOT_MEMORY_API: standIn.apiUrl,
        BOT_MEMORY_TOKEN: standIn.token,
        BOT_MEMORY_GUILDS: String(guilds),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`the ${variant} child exited with ${code}: ${output}`);
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as ChildResult;
}

/** In the child: connect one client, wait for every guild, collect garbage, report the heap. */
async function measure(variant: Variant): Promise<void> {
  const api = process.env.BOT_MEMORY_API ?? "";
  const token = process.env.BOT_MEMORY_TOKEN ?? "";
  const gc = globalThis.gc as () => void;
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    gc();
    gc();
  };
  const started = Date.now();
  const adapter =
    variant === "hearth"
      ? new DiscordJsAdapter({
          token,
          apiUrl: api,
          gateway: true,
          logger: createLogger({ logLevel: "silent" }),
        })
      : null;
  const client = adapter?.client ?? new Client({ intents: botIntents, rest: { api } });
  await settle();
  const baseline = process.memoryUsage().heapUsed;
  if (adapter) {
    await adapter.start();
  } else {
    const ready = once(client, "clientReady");
    await client.login(token);
    await ready;
  }
  await settle();
  const { heapUsed, rss } = process.memoryUsage();
  // BENCH_HEAP_SNAPSHOT=dir: a heap snapshot of the connected client, to see what each guild costs.
  if (process.env.BENCH_HEAP_SNAPSHOT)
    writeHeapSnapshot(join(process.env.BENCH_HEAP_SNAPSHOT, `bot-memory-${variant}.heapsnapshot`));
  const result: ChildResult = {
    baselineHeapMb: mb(baseline),
    heapMb: mb(heapUsed),
    rssMb: mb(rss),
    guilds: client.guilds.cache.size,
    cachedMembers: client.guilds.cache.reduce((sum, guild) => sum + guild.members.cache.size, 0),
    cachedUsers: client.users.cache.size,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  if (result.guilds !== Number(process.env.BOT_MEMORY_GUILDS))
    throw new Error(`only ${result.guilds} guilds arrived`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await client.destroy();
  process.exit(0);
}

const childVariant = process.env.BOT_MEMORY_CHILD as Variant | undefined;
if (childVariant) await measure(childVariant);
