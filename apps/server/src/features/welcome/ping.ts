import { type PingOnJoinConfig, pingOnJoinLimits, renderTemplate, truncateToLimit } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { templateContextFor } from "../../discord/people/template-context.ts";
import { DiscordError, type DiscordErrorCode, type MemberInfo } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord">;

/** How long a join ping stays before the bot deletes it: long enough for the notification to land. */
export const pingDeleteDelayMs = 5000;
/** The durable job that deletes one join ping. */
export const pingDeleteJob = "welcome.ping.delete";

const lockScope = "welcome.ping";
const atLeastOne = () => badRequest("channels: At least one channel must be configured", "channels");
const brief = (config: store.StoredPingConfig) => ({
  enabled: config.enabled,
  channels: config.channels.map((channel) => channel.channelId),
});

export async function getPingOnJoin(
  deps: Pick<Deps, "storage">,
  serverId: string,
): Promise<PingOnJoinConfig> {
  return store.toPingOnJoinConfig(await store.findPingConfig(deps.storage.db, serverId));
}

/** Runs a read-modify-write of the ping settings under the server's lock, with its audit entry. */
function changePingConfig(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  action: string,
  change: (current: store.StoredPingConfig) => store.StoredPingConfig,
): Promise<PingOnJoinConfig> {
  return transactionForServer(deps.storage, serverId, lockScope, async (trx) => {
    const before = await store.findPingConfig(trx, serverId);
    const after = change(before);
    await store.savePingConfig(trx, serverId, after, Date.now());
    await recordAudit(trx, serverId, actor, action, { before: brief(before), after: brief(after) });
    return store.toPingOnJoinConfig(after);
  });
}

/**
 * Replaces the whole list. Channels: text channels of the server, no duplicates, at most 20; on
 * needs at least one. `messages`, when given, replaces every custom message; left out, channels
 * that stay keep theirs.
 */
export async function updatePingOnJoin(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  body: { enabled: boolean; channels: string[]; messages?: Record<string, string> | undefined },
): Promise<PingOnJoinConfig> {
  const seen = new Set<string>();
  body.channels.forEach((channelId, index) => {
    if (seen.has(channelId)) {
      throw badRequest(`channels.${index}: channel ${channelId} is listed twice`, `channels.${index}`);
    }
    seen.add(channelId);
  });
  if (body.enabled && body.channels.length === 0) throw atLeastOne();
  for (const channelId of Object.keys(body.messages ?? {})) {
    if (!seen.has(channelId)) {
      throw badRequest(`messages.${channelId}: not one of the listed channels`, `messages.${channelId}`);
    }
  }
  for (const [index, channelId] of body.channels.entries()) {
    await requireTextChannel(deps, serverId, channelId, `channels.${index}`);
  }
  return changePingConfig(deps, serverId, actor, "welcome.ping.update", (current) => {
    const kept = new Map(current.channels.map((channel) => [channel.channelId, channel.message]));
    return {
      enabled: body.enabled,
      channels: body.channels.map((channelId) => ({
        channelId,
        message: body.messages ? body.messages[channelId] || null : (kept.get(channelId) ?? null),
      })),
    };
  });
}

/** Adds one channel at the end of the list; a channel already there is a 409. */
export async function addPingChannel(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  input: { channelId: string; message?: string | undefined },
): Promise<PingOnJoinConfig> {
  const duplicate = () => conflict("Channel is already in the list", "channelId");
  const listed = (config: store.StoredPingConfig) =>
    config.channels.some((channel) => channel.channelId === input.channelId);
  if (listed(await store.findPingConfig(deps.storage.db, serverId))) throw duplicate();
  await requireTextChannel(deps, serverId, input.channelId, "channelId");
  return changePingConfig(deps, serverId, actor, "welcome.ping.channel.add", (current) => {
    // Checked again under the lock: a concurrent add of the same channel must not list it twice.
    if (listed(current)) throw duplicate();
    if (current.channels.length >= pingOnJoinLimits.channels) {
      throw badRequest(
        `channelId: ping on join holds at most ${pingOnJoinLimits.channels} channels; remove one first`,
        "channelId",
      );
    }
    return {
      enabled: current.enabled,
      channels: [...current.channels, { channelId: input.channelId, message: input.message || null }],
    };
  });
}

/** Removes a channel (404 when it isn't listed). Removing the last one turns ping on join off. */
export async function removePingChannel(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  channelId: string,
): Promise<PingOnJoinConfig> {
  return changePingConfig(deps, serverId, actor, "welcome.ping.channel.remove", (current) => {
    const channels = current.channels.filter((channel) => channel.channelId !== channelId);
    if (channels.length === current.channels.length) {
      throw notFound(`Channel ${channelId} is not in the ping-on-join list`);
    }
    return { enabled: current.enabled && channels.length > 0, channels };
  });
}

export async function togglePingOnJoin(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  enabled: boolean,
): Promise<PingOnJoinConfig> {
  return changePingConfig(deps, serverId, actor, "welcome.ping.toggle", (current) => {
    if (enabled && current.channels.length === 0) throw atLeastOne();
    return { ...current, enabled };
  });
}

export interface JoinPingsResult {
  pings: { channelId: string; messageId: string }[];
  failed: { channelId: string; reason: DiscordErrorCode }[];
}

/**
 * For the bot, on GUILD_MEMBER_ADD: mentions the new member in each ping channel, in list order,
 * and schedules a durable job that deletes each ping after {@link pingDeleteDelayMs} — the member
 * keeps the notification, the channel keeps no clutter. A channel's custom message is a template;
 * the mention is put in front when the message lacks it. Only the member may be pinged. Bots are
 * not pinged. A channel that is gone or closed to the bot is skipped and reported.
 */
export async function sendJoinPings(
  ctx: Pick<AppContext, "storage" | "discord" | "jobs" | "logger">,
  serverId: string,
  userId: string,
  /** The member as the join event carried it: no lookup (which Discord may fail) is needed then. */
  known?: MemberInfo,
): Promise<JoinPingsResult> {
  const result: JoinPingsResult = { pings: [], failed: [] };
  const config = await store.findPingConfig(ctx.storage.db, serverId);
  if (!config.enabled || config.channels.length === 0) return result;
  const member = known ?? (await ctx.discord.getMember(serverId, userId));
  if (!member || member.user.bot) return result;
  const mention = `<@${userId}>`;
  const needsContext = config.channels.some((channel) => channel.message !== null);
  const context = needsContext ? await templateContextFor(ctx, serverId, member) : null;
  for (const channel of config.channels) {
    let content = mention;
    if (channel.message !== null && context !== null) {
      const rendered = renderTemplate(channel.message, context).trim();
      content = truncateToLimit(rendered.includes(mention) ? rendered : `${mention} ${rendered}`, 2000);
    }
    try {
      const sent = await ctx.discord.sendMessage(channel.channelId, {
        content,
        allowedMentions: { users: [userId] },
      });
      await ctx.jobs.schedule(
        pingDeleteJob,
        { channelId: sent.channelId, messageId: sent.id },
        Date.now() + pingDeleteDelayMs,
        { dedupeKey: `welcome-ping:${sent.id}` },
      );
      result.pings.push({ channelId: sent.channelId, messageId: sent.id });
    } catch (error) {
      // Even a passing failure is skipped, not retried: a retry would ping the other channels twice.
      if (!(error instanceof DiscordError)) throw error;
      ctx.logger.warn({ serverId, channelId: channel.channelId, code: error.code }, "join ping not sent");
      result.failed.push({ channelId: channel.channelId, reason: error.code });
    }
  }
  return result;
}
