import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { seededRandom } from "../../lib/seeded-random.ts";
import { addRaffleTickets, startRaffle } from "./service.ts";

/** The demo server's raffle: open in #events for 2 winners, with tickets handed out to 12 members. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const channel = (await ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events");
  if (!channel) return;
  const random = seededRandom(20261126);
  const members = await ctx.storage.db
    .selectFrom("sandbox_members as m")
    .innerJoin("sandbox_users as u", "u.id", "m.user_id")
    .select("m.user_id")
    .where("m.guild_id", "=", demoGuildId)
    .where("u.bot", "=", 0)
    .where("m.user_id", "!=", demoOwnerId)
    .orderBy("m.user_id", "desc")
    .limit(12)
    .execute();
  const actor = { tokenId: null, userId: demoOwnerId };
  await startRaffle(ctx, demoGuildId, actor, {
    prize: "Gold tier for a month",
    winnerCount: 2,
    channelId: channel.id,
  });
  for (const { user_id } of members) {
    await addRaffleTickets(ctx, demoGuildId, actor, user_id, 1 + Math.floor(random() * 10));
  }
}
