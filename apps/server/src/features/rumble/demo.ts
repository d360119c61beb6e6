import type { AppContext } from "../../context.ts";
import { demoServerMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { editSettings } from "../settings/service.ts";
import { recordWin } from "./service.ts";

const day = 86_400_000;

/**
 * The demo server's rumble history: a dozen past wins over the last two months among a few members,
 * so `/rumble leaderboard` (all-time and monthly) and `/rumble stats` have something to show, and the
 * tracker switched on.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  await editSettings(
    ctx,
    demoGuildId,
    { rumbleTrackerEnabled: true },
    { tokenId: null, userId: demoOwnerId },
  );
  const channel = (await ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "events");
  if (!channel) return;
  const members = (await demoServerMembers(ctx.storage.db)).slice(-5).reverse();
  const now = Date.now();
  const pattern = [0, 1, 0, 2, 0, 1, 3, 0, 1, 4, 2, 0];
  for (const [index, pick] of pattern.entries()) {
    const userId = members[pick]?.userId;
    if (!userId) continue;
    await recordWin(ctx, {
      serverId: demoGuildId,
      userId,
      channelId: channel.id,
      messageId: `demo-rumble-${index}`,
      wonAt: now - (index * 5 + 1) * day,
    });
  }
}
