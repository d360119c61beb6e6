import type { AppContext } from "../../context.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { seededRandom } from "../../lib/seeded-random.ts";
import { addRaffleTickets, startRaffle } from "./service.ts";

/** The demo server's raffle: open in #events for 2 winners, with tickets handed out to 12 members. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const channel = (await ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events");
  if (!channel) return;
  const random = seededRandom(20261126);
  const members = (await demoMembers(ctx.storage.db)).slice(-12).reverse();
  const actor = { tokenId: null, userId: demoOwnerId };
  await startRaffle(ctx, demoGuildId, actor, {
    prize: "Gold tier for a month",
    winnerCount: 2,
    channelId: channel.id,
  });
  for (const user_id of members) {
    await addRaffleTickets(ctx, demoGuildId, actor, user_id, 1 + Math.floor(random() * 10));
  }
}
