import { siteUrl } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { editSettings } from "../settings/service.ts";
import { announceHeist } from "./service.ts";

/**
 * The demo server's heist: the heist image link set to the banner the site serves
 * (`/images/heist-banner.png`), and one heist announced in #events, so the announcement with its
 * image and ping is there to look at.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const actor = { tokenId: null, userId: demoOwnerId };
  await editSettings(
    ctx,
    demoGuildId,
    { heistImageUrl: siteUrl(ctx.config, "/images/heist-banner.png") },
    actor,
  );
  const events = (await ctx.discord.listChannels(demoGuildId)).find((channel) => channel.name === "events");
  if (!events) return;
  await announceHeist(
    ctx,
    demoGuildId,
    {
      channelId: events.id,
      time: "3h",
      amount: "250m",
      requirements: "Lifesaver, 2k in your wallet, passive mode off",
      hostId: demoOwnerId,
    },
    actor,
  );
}
