import {
  defaultWelcomeConfig,
  validateTemplate,
  type WelcomeConfig,
  type WelcomeMessage,
  type WelcomePreview,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import { fitMessage } from "../../discord/payload-rules/message-limits.ts";
import { forDisplay, isDiscordFailure } from "../../discord/port/display-lookups.ts";
import { DiscordError, type DiscordErrorCode, type MemberInfo } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { snowflakeTime } from "../../lib/snowflake.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { listServerChannels } from "../guilds/service.ts";
import { renderConfigFor, toOutgoingMessage } from "./render.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord">;

const lockScope = "welcome";
const noChannel = () =>
  badRequest("channelId: choose a channel before turning welcome messages on", "channelId");

const cloneDefaults = (): WelcomeConfig => structuredClone(defaultWelcomeConfig);

/** The server's welcome config; the defaults when it never saved one. */
export async function getWelcomeConfig(
  deps: Pick<Deps, "storage">,
  serverId: string,
): Promise<WelcomeConfig> {
  return (await store.findWelcomeConfig(deps.storage.db, serverId)) ?? cloneDefaults();
}

/** The fields that differ, as dotted paths: the audit entry's short before/after. */
function changedFields(before: WelcomeConfig, after: WelcomeConfig): string[] {
  const flatten = (config: WelcomeConfig): Record<string, unknown> => ({
    enabled: config.enabled,
    channelId: config.channelId,
    mentionUser: config.mentionUser,
    ...Object.fromEntries(Object.entries(config.embed).map(([key, value]) => [`embed.${key}`, value])),
    "embed.footer": JSON.stringify(config.embed.footer),
    ...Object.fromEntries(Object.entries(config.button).map(([key, value]) => [`button.${key}`, value])),
  });
  const a = flatten(before);
  const b = flatten(after);
  return Object.keys(b).filter((key) => a[key] !== b[key]);
}

const brief = (config: WelcomeConfig) => ({ enabled: config.enabled, channelId: config.channelId });

/** Replaces the welcome config. The channel must be a text channel of the server; on needs a channel. */
export async function updateWelcomeConfig(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  config: WelcomeConfig,
): Promise<WelcomeConfig> {
  if (config.channelId !== null) await requireTextChannel(deps, serverId, config.channelId, "channelId");
  else if (config.enabled) throw noChannel();
  return transactionForServer(deps.storage, serverId, lockScope, async (trx) => {
    const before = (await store.findWelcomeConfig(trx, serverId)) ?? cloneDefaults();
    await store.saveWelcomeConfig(trx, serverId, config, Date.now());
    await recordAudit(trx, serverId, actor, "welcome.config.update", {
      changed: changedFields(before, config),
      before: brief(before),
      after: brief(config),
    });
    return config;
  });
}

/** Turns welcome messages on or off, keeping the rest. Turning on needs a channel that still exists. */
export async function toggleWelcome(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  enabled: boolean,
): Promise<WelcomeConfig> {
  if (enabled) {
    const { channelId } = await getWelcomeConfig(deps, serverId);
    if (channelId === null) throw noChannel();
    await requireTextChannel(deps, serverId, channelId, "channelId");
  }
  return transactionForServer(deps.storage, serverId, lockScope, async (trx) => {
    const before = (await store.findWelcomeConfig(trx, serverId)) ?? cloneDefaults();
    // A concurrent save may have cleared the channel since the check above.
    if (enabled && before.channelId === null) throw noChannel();
    const after = { ...before, enabled };
    await store.saveWelcomeConfig(trx, serverId, after, Date.now());
    await recordAudit(trx, serverId, actor, "welcome.toggle", { before: before.enabled, after: enabled });
    return after;
  });
}

/** Back to the defaults (off, no channel); answers them. */
export async function resetWelcome(deps: Deps, serverId: string, actor: AuditActor): Promise<WelcomeConfig> {
  return transactionForServer(deps.storage, serverId, lockScope, async (trx) => {
    const before = await store.findWelcomeConfig(trx, serverId);
    await store.deleteWelcomeConfig(trx, serverId);
    await recordAudit(trx, serverId, actor, "welcome.reset", { before: before ? brief(before) : null });
    return cloneDefaults();
  });
}

/** The member a preview or test is rendered for: the dashboard user, as a member of the server. */
export async function sampleMember(deps: Deps, serverId: string, userId: string): Promise<MemberInfo> {
  const member = await forDisplay(deps.discord.getMember(serverId, userId));
  if (member) return member;
  const user = await deps.discord.getUser(userId).catch((error: unknown) => {
    if (!isDiscordFailure(error)) throw error;
    // Discord failing the lookup: a stand-in with their id, so the preview or test still renders
    // ({user.name} reads "Unknown user").
    return {
      id: userId,
      username: "Unknown user",
      globalName: null,
      avatar: null,
      bot: false,
      createdAt: snowflakeTime(userId),
    };
  });
  if (!user) throw notFound("The dashboard token's user no longer exists");
  return { guildId: serverId, user, nick: null, roleIds: [], joinedAt: Date.now() };
}

const templatedFields = (config: WelcomeConfig): [string, string][] => [
  ["embed.title", config.embed.title],
  ["embed.description", config.embed.description],
  ["embed.thumbnail", config.embed.thumbnail],
  ["embed.footer.text", config.embed.footer.text],
  ["embed.footer.iconURL", config.embed.footer.iconURL],
  ["button.label", config.button.label],
];

/** Renders an unsaved config for the dashboard user, plus the tags it doesn't understand. */
export async function previewWelcome(
  deps: Deps,
  serverId: string,
  userId: string,
  config: WelcomeConfig,
): Promise<WelcomePreview> {
  const member = await sampleMember(deps, serverId, userId);
  const rendered = await renderConfigFor(deps, serverId, member, config);
  const unknownTags = templatedFields(config).flatMap(([field, template]) =>
    validateTemplate(template).map((problem) => ({
      field,
      tag: problem.tag,
      suggestion: problem.suggestion,
    })),
  );
  const { message, notes } = sendableWelcome(rendered);
  return { ...message, unknownTags, notes };
}

/**
 * Sends a config (the saved one unless another is given), rendered for the dashboard user (or, from
 * the bot's `/welcome test user:`, for `memberId`), to its channel — whether welcome messages are on
 * or not.
 */
export async function sendTestWelcome(
  deps: Deps,
  serverId: string,
  actor: { tokenId: string | null; userId: string },
  unsaved?: WelcomeConfig,
  options: { memberId?: string } = {},
): Promise<{ sent: true; messageId: string; channelId: string }> {
  const config = unsaved ?? (await getWelcomeConfig(deps, serverId));
  if (config.channelId === null) {
    throw badRequest("channelId: choose a channel for welcome messages first", "channelId");
  }
  await requireTextChannel(deps, serverId, config.channelId, "channelId");
  const member = await sampleMember(deps, serverId, options.memberId ?? actor.userId);
  const message = await renderConfigFor(deps, serverId, member, config);
  const sent = await deps.discord.sendMessage(config.channelId, toOutgoingMessage(message));
  await recordAudit(deps.storage.db, serverId, actor, "welcome.test", {
    channelId: sent.channelId,
    messageId: sent.id,
    unsaved: unsaved !== undefined,
  });
  return { sent: true, messageId: sent.id, channelId: sent.channelId };
}

/**
 * The rendered welcome as Discord will accept it (a thumbnail or footer icon whose filled-in link
 * Discord would refuse is left out, as the adapters leave it out when sending), and why. The
 * sandbox's data-URL icons count as links (they stand for Discord's CDN ones).
 */
export function sendableWelcome(message: WelcomeMessage): { message: WelcomeMessage; notes: string[] } {
  const fitted = fitMessage(toOutgoingMessage(message), { allowDataImages: true });
  const embed = fitted.message.embeds?.[0];
  const notes = fitted.refusal ? [...fitted.notes, fitted.refusal] : fitted.notes;
  return {
    message: {
      ...message,
      embed: {
        ...message.embed,
        thumbnail: embed?.thumbnail ? message.embed.thumbnail : null,
        footer: message.embed.footer && {
          text: message.embed.footer.text,
          iconURL: embed?.footer?.iconUrl ? message.embed.footer.iconURL : null,
        },
      },
    },
    notes,
  };
}

/** Channels a welcome can be posted in (text and announcement), in Discord's order. */
export async function listWelcomeChannels(deps: Pick<Deps, "discord">, serverId: string) {
  const channels = await listServerChannels(deps, serverId);
  return channels
    .filter((channel) => channel.type === 0 || channel.type === 5)
    .map(({ id, name, type, parentName }) => ({ id, name, type, parentName }));
}

/** For the bot: the welcome for a member who joined, rendered with the saved config (or the given one). */
export async function renderWelcomeFor(
  deps: Deps,
  serverId: string,
  member: MemberInfo,
  config?: WelcomeConfig,
): Promise<WelcomeMessage> {
  return renderConfigFor(deps, serverId, member, config ?? (await getWelcomeConfig(deps, serverId)));
}

/** Failures worth retrying: Discord will likely accept the same request a little later. */
export const isTransient = (code: DiscordErrorCode) => code === "rate_limited" || code === "unavailable";

export type WelcomeSendResult =
  | { sent: true; messageId: string; channelId: string }
  | { sent: false; reason: "disabled" | "no_channel" | "not_a_member" | "bot" | DiscordErrorCode };

/**
 * For the bot, on GUILD_MEMBER_ADD: posts the welcome when it is on. Only the new member may be
 * pinged. Bots that join are not welcomed. A channel that is gone or closed to the bot is logged
 * and answered as a reason, not thrown (one broken setting must not break the join handler); a
 * passing Discord failure (rate limited, unavailable) is thrown so the caller can retry.
 */
export async function sendWelcome(
  ctx: Pick<AppContext, "storage" | "discord" | "logger">,
  serverId: string,
  userId: string,
  /** The member as the join event carried it: no lookup (which Discord may fail) is needed then. */
  known?: MemberInfo,
): Promise<WelcomeSendResult> {
  const config = await store.findWelcomeConfig(ctx.storage.db, serverId);
  if (!config?.enabled) return { sent: false, reason: "disabled" };
  if (config.channelId === null) return { sent: false, reason: "no_channel" };
  const member = known ?? (await ctx.discord.getMember(serverId, userId));
  if (!member) return { sent: false, reason: "not_a_member" };
  if (member.user.bot) return { sent: false, reason: "bot" };
  const message = await renderConfigFor(ctx, serverId, member, config);
  try {
    const sent = await ctx.discord.sendMessage(config.channelId, toOutgoingMessage(message));
    return { sent: true, messageId: sent.id, channelId: sent.channelId };
  } catch (error) {
    if (!(error instanceof DiscordError) || isTransient(error.code)) throw error;
    ctx.logger.warn({ serverId, channelId: config.channelId, code: error.code }, "welcome message not sent");
    return { sent: false, reason: error.code };
  }
}
