import { parseDuration } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { MemberInfo } from "../../discord/port/port.ts";
import { type Hierarchy, loadHierarchy, topPosition } from "../../discord/roles/hierarchy.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";

/** What a moderation action checks before it touches Discord: its inputs, and whom it may act on. */

type Deps = Pick<AppContext, "discord">;

export const minute = 60_000;
export const day = 86_400_000;
/** Discord refuses timeouts longer than 28 days. */
export const maxTimeoutMs = 28 * day;
export const maxBanMs = 365 * day;
export const maxReasonLength = 512;

export interface Moderator {
  userId: string;
  roleIds: string[];
}

export function readReason(reason: string | undefined | null, required = false): string | null {
  const text = reason?.trim() ?? "";
  if (text === "") {
    if (required) throw badRequest("Please give a reason.", "reason");
    return null;
  }
  if (text.length > maxReasonLength) {
    throw badRequest(`The reason is ${text.length} characters; the limit is ${maxReasonLength}.`, "reason");
  }
  return text;
}

/** Reads a duration like `10m`, `12h`, `7d` or `1w`, within bounds, naming the option when it's wrong. */
export function readDuration(text: string, bounds: { min: number; max: number; label: string }): number {
  const ms = parseDuration(text);
  if (ms === null) {
    throw badRequest(`**duration** must be a duration like 10m, 12h, 7d or 1w (got "${text}").`, "duration");
  }
  if (ms < bounds.min || ms > bounds.max) {
    throw badRequest(`**duration** must be between 1 minute and ${bounds.label}.`, "duration");
  }
  return ms;
}

/**
 * Refuses actions Discord would refuse or that make no sense: on oneself, on the bot, on the owner,
 * and on members whose highest role is at or above the moderator's (unless the moderator owns the
 * server) or the bot's.
 */
function checkTarget(hierarchy: Hierarchy, moderator: Moderator, userId: string, member: MemberInfo | null) {
  if (userId === moderator.userId) throw badRequest("You can't use moderation commands on yourself.", "user");
  if (hierarchy.bot && userId === hierarchy.bot.user.id) throw badRequest("I can't moderate myself.", "user");
  if (userId === hierarchy.ownerId) throw forbidden("The server owner can't be moderated.");
  if (!member) return;
  const target = topPosition(hierarchy, member.roleIds);
  if (moderator.userId !== hierarchy.ownerId && target >= topPosition(hierarchy, moderator.roleIds)) {
    throw forbidden(`<@${userId}>'s highest role is at or above yours, so you can't moderate them.`);
  }
  if (!hierarchy.bot || target >= topPosition(hierarchy, hierarchy.bot.roleIds)) {
    throw forbidden(
      `<@${userId}>'s highest role is at or above mine; move my role above theirs to moderate them.`,
    );
  }
}

/** Loads what a check needs and runs it; needs the target to be a member when `needMember`. */
export async function prepare(
  deps: Deps,
  serverId: string,
  moderator: Moderator,
  userId: string,
  needMember: boolean,
) {
  const [hierarchy, member] = await Promise.all([
    loadHierarchy(deps, serverId),
    deps.discord.getMember(serverId, userId),
  ]);
  if (needMember && !member) throw notFound(`<@${userId}> is not a member of this server.`);
  checkTarget(hierarchy, moderator, userId, member);
  const user = member?.user ?? (await deps.discord.getUser(userId));
  return { hierarchy, member, user };
}
