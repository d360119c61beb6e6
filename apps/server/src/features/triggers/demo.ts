import type { AppContext } from "../../context.ts";
import { demoServerMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { addTrigger } from "./service.ts";

/**
 * The demo server's triggers: two staff triggers (a text reply and an embed) and one a member made,
 * so the Settings tab's list and the member limit have something to show. Say "heist" or "rules"
 * in the sandbox to see them answer.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const staff = { tokenId: null, userId: demoOwnerId, staff: true };
  const channels = await ctx.discord.listChannels(demoGuildId);
  const rules = channels.find((channel) => channel.name === "rules")?.id;
  const events = channels.find((channel) => channel.name === "events")?.id;
  await addTrigger(
    ctx,
    demoGuildId,
    {
      keyword: "heist",
      response: `Heists are announced in ${events ? `<#${events}>` : "#events"}: bring 2k in your wallet and a lifesaver, {user.name}!`,
    },
    staff,
  );
  await addTrigger(
    ctx,
    demoGuildId,
    {
      keyword: "rules",
      response: `Read ${rules ? `<#${rules}>` : "#rules"} before trading. No scamming, no begging, no alt farming.`,
      replyType: "embed",
      embedTitle: "📜 Server rules",
    },
    staff,
  );
  const member = (await demoServerMembers(ctx.storage.db)).find((m) => m.userId !== demoOwnerId)?.userId;
  if (member) {
    await addTrigger(
      ctx,
      demoGuildId,
      { keyword: "gg", response: "GG {user.name}! 🎉", match: "exact" },
      { tokenId: null, userId: member, staff: false },
    );
  }
}
