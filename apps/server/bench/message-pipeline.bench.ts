import { performance } from "node:perf_hooks";
import { createBot } from "../src/bot/bot.ts";
import { seedFeatureDemos } from "../src/composition.ts";
import { demoBotId, demoGuildId, demoOwnerId } from "../src/discord/demo-seed.ts";
import type { MessageEvent } from "../src/discord/events.ts";
import type { UserInfo } from "../src/discord/port.ts";
import { features } from "../src/features/index.ts";
import { editSettings } from "../src/features/settings/service.ts";
import { createTestContext } from "../test/helpers.ts";

const runMs = 5000;
const concurrency = 20;

/** What members type, weighted like a busy grinding channel: mostly chat, some sums, prices and triggers. */
const contents = [
  "anyone up for a heist later?",
  "lol nice",
  "gg",
  "brb 5 min",
  "who has a lifesaver to sell",
  "that was close",
  "thanks for the giveaway!",
  "1.5m*3",
  "(250k+1.2m)/4",
  "pc gold bar",
  "what's a trophy worth?",
  "heist at 8 tonight",
  "where are the rules",
  "15% of 2b",
];

/**
 * Messages per second through the bot's whole message pipeline on one core: every feature's
 * listeners bound as the program binds them, every message switch on (calculator, market checker,
 * event helper, rumble tracker, triggers, tips…), the demo server's data (price list, triggers,
 * stickies, boards), the sandbox port writing each reply to SQLite. Messages arrive as the gateway
 * hands them over (`messageCreate`), 20 in flight at a time.
 */
export async function benchMessagePipeline(): Promise<number> {
  console.log("\nMessage pipeline (every message feature on, sandbox, SQLite, one core)");
  const t = await createTestContext();
  try {
    await seedFeatureDemos(t.ctx);
    await editSettings(
      t.ctx,
      demoGuildId,
      {
        calculatorEnabled: true,
        marketCheckerEnabled: true,
        eventsCheatEnabled: true,
        rumbleTrackerEnabled: true,
        tipsEnabled: true,
      },
      { tokenId: null, userId: demoOwnerId },
    );
    const bot = createBot(t.ctx, t.sandbox);
    const stops = features.map((feature) => feature.listeners?.(bot, t.ctx));
    await bot.start();
    const channelId =
      (await t.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "general")?.id ?? "";
    const members = await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select(["user_id", "roles"])
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "!=", demoBotId)
      .limit(200)
      .execute();
    const authors: { user: UserInfo; roles: string[] }[] = [];
    for (const member of members) {
      const user = await t.ctx.discord.getUser(member.user_id);
      if (user) authors.push({ user, roles: JSON.parse(member.roles) as string[] });
    }
    let sequence = 0;
    const message = (): MessageEvent => {
      const index = sequence++;
      const author = authors[index % authors.length] as (typeof authors)[number];
      return {
        id: String(1_300_000_000_000_000_000n + BigInt(index)),
        channelId,
        guildId: demoGuildId,
        author: author.user,
        content: contents[index % contents.length] ?? "",
        memberRoleIds: author.roles,
        mentionUserIds: [],
        attachments: [],
        embeds: [],
        webhookId: null,
        createdAt: Date.now(),
      };
    };
    const batch = () =>
      Promise.all(Array.from({ length: concurrency }, () => bot.events.emit("messageCreate", message())));
    for (let warm = 0; warm < 20; warm++) await batch();
    const before = sequence;
    const started = performance.now();
    while (performance.now() - started < runMs) await batch();
    const elapsed = performance.now() - started;
    const perSecond = Math.round(((sequence - before) / elapsed) * 1000);
    const replies = await t.ctx.storage.db
      .selectFrom("sandbox_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("action", "=", "message.send")
      .executeTakeFirstOrThrow();
    console.log(
      `  ${(sequence - before).toLocaleString("en")} messages in ${elapsed.toFixed(0)} ms = ${perSecond.toLocaleString("en")} messages/s (${Number(replies.n).toLocaleString("en")} bot messages sent in all)`,
    );
    for (const stop of stops) stop?.();
    await bot.stop();
    return perSecond;
  } finally {
    await t.cleanup();
  }
}
