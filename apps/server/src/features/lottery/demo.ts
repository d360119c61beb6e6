import type { AppContext } from "../../context.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { seededRandom } from "../../lib/seeded-random.ts";
import { startLottery, takeTickets } from "./service.ts";

/**
 * The demo server's lottery: one running in #events (up to 5 tickets per member, drawn in two days),
 * with tickets taken by 40 members through the same rules as the button, and its draw job scheduled.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const channel = (await ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events");
  if (!channel) return;
  const random = seededRandom(20261125);
  const members = await demoMembers(ctx.storage.db, 40);
  await startLottery(
    ctx,
    demoGuildId,
    { tokenId: null, userId: demoOwnerId },
    { prize: "5M coins", durationSeconds: 2 * 86_400, maxTickets: 5, channelId: channel.id },
  );
  for (const user_id of members) {
    await takeTickets(ctx, demoGuildId, user_id, 1 + Math.floor(random() * 5));
  }
}
