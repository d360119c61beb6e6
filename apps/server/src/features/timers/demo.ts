import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { countdownMessage, endAnnouncement, endedMessage } from "./messages.ts";
import { createTimer } from "./service.ts";
import * as store from "./store.ts";

const hour = 3_600_000;

/**
 * Timers of the demo server: a heist countdown in #events ending in about two hours (its end job is
 * really scheduled, so the sandbox announces it), a Double XP weekend in #announcements, and a
 * giveaway countdown that ended yesterday.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const channels = await ctx.discord.listChannels(demoGuildId);
  const roles = await ctx.discord.listRoles(demoGuildId);
  const channelId = (name: string) => channels.find((channel) => channel.name === name)?.id;
  const eventsPing = roles.find((role) => role.name === "Events Ping")?.id;
  const actor = { tokenId: null, userId: demoOwnerId };

  const events = channelId("events");
  if (events) {
    const ping = eventsPing ? ` <@&${eventsPing}>` : "";
    await createTimer(ctx, demoGuildId, actor, {
      channelId: events,
      duration: 2 * 3600 - 5 * 60,
      message: `🏦 Heist starts! Gear up, grab your bank notes and meet in voice.${ping}`,
    });
  }
  const announcements = channelId("announcements");
  if (announcements) {
    await createTimer(ctx, demoGuildId, actor, {
      channelId: announcements,
      duration: 2 * 86_400 + 7 * 3600,
      message: "⚡ Double XP weekend ends: last chance to grind your way up a tier.",
    });
  }

  const giveaways = channelId("giveaways");
  if (giveaways) {
    const createdAt = Date.now() - 26 * hour;
    const endsAt = createdAt + 2 * hour;
    const message = "🎁 Giveaway entries close: 50M coins for three winners.";
    const countdown = await ctx.discord.sendMessage(giveaways, countdownMessage(message, endsAt));
    await ctx.discord.editMessage(giveaways, countdown.id, endedMessage(message, endsAt));
    const announcement = await ctx.discord.sendMessage(
      giveaways,
      endAnnouncement({ serverId: demoGuildId, channelId: giveaways, messageId: countdown.id, message }),
    );
    await store.insertTimer(ctx.storage.db, {
      server_id: demoGuildId,
      channel_id: giveaways,
      message,
      duration: 2 * 3600,
      ends_at: endsAt,
      message_id: countdown.id,
      status: "ended",
      ended_message_id: announcement.id,
      created_by: demoOwnerId,
      created_at: createdAt,
      finished_at: endsAt + 800,
    });
  }
}
