import { badRequest } from "../../lib/errors.ts";

/** The fixed limits of the perks feature (a tier's own limits are set per server). */
export const perkLimits = {
  tierName: 50,
  maxEmojis: 20,
  maxMembers: 100,
  maxResponders: 25,
  keywordMin: 1,
  keywordMax: 30,
  /** Highlight keywords per member. */
  keywords: 25,
  afkMessage: 200,
  responderTrigger: 50,
  responderText: 2000,
  channelName: 100,
  roleName: 100,
} as const;

/** What a tier grants. */
export interface TierLimits {
  emojis: number;
  highlights: boolean;
  channelMembers: number;
  roleMembers: number;
  afk: boolean;
  responders: number;
}

export interface PerkTier extends TierLimits {
  id: number;
  serverId: string;
  name: string;
  roleId: string;
}

/** A member's effective perks: the best of every tier whose role they hold. */
export interface MemberLimits extends TierLimits {
  tiers: string[];
}

/** Merges the tiers of the member's roles (max of each limit, OR of each flag); null without any. */
export function memberLimits(tiers: readonly PerkTier[], roleIds: readonly string[]): MemberLimits | null {
  const held = tiers.filter((tier) => roleIds.includes(tier.roleId));
  if (held.length === 0) return null;
  return held.reduce<MemberLimits>(
    (best, tier) => ({
      tiers: [...best.tiers, tier.name],
      emojis: Math.max(best.emojis, tier.emojis),
      highlights: best.highlights || tier.highlights,
      channelMembers: Math.max(best.channelMembers, tier.channelMembers),
      roleMembers: Math.max(best.roleMembers, tier.roleMembers),
      afk: best.afk || tier.afk,
      responders: Math.max(best.responders, tier.responders),
    }),
    {
      tiers: [],
      emojis: 0,
      highlights: false,
      channelMembers: 0,
      roleMembers: 0,
      afk: false,
      responders: 0,
    },
  );
}

/** A highlight keyword as stored: trimmed, lower-cased, 1–30 characters. */
export function normaliseKeyword(text: string): string {
  const keyword = text.trim().replace(/\s+/g, " ").toLowerCase();
  if (keyword.length < perkLimits.keywordMin)
    throw badRequest("A highlight keyword can't be empty.", "keyword");
  if (keyword.length > perkLimits.keywordMax) {
    throw badRequest(
      `The keyword "${keyword.slice(0, 40)}" is ${keyword.length} characters; highlight keywords are ${perkLimits.keywordMin}–${perkLimits.keywordMax} characters.`,
      "keyword",
    );
  }
  return keyword;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A case-insensitive whole-word pattern for a keyword: it must not touch a letter, digit or `_`
 * on either side, so "art" matches "nice art!" but not "party".
 */
export function wordPattern(keyword: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(keyword)}(?![\\p{L}\\p{N}_])`, "iu");
}

/** True when `content` contains `keyword` as a whole word (case-insensitive). */
export function containsWord(content: string, keyword: string): boolean {
  return wordPattern(keyword).test(content);
}

/** Reads a tier limit given to a command, checking its range and naming the option. */
export function readLimit(value: number | undefined, option: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw badRequest(`**${option}** must be a whole number from 0 to ${max}.`, option);
  }
  return value;
}

/** Discord's link to a message. */
export const jumpLink = (guildId: string, channelId: string, messageId: string) =>
  `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;

/** A channel name as Discord accepts it for text channels: lower-case, dashes for spaces. */
export function channelName(text: string): string {
  const name = text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}_-]/gu, "")
    .replace(/-+/g, "-")
    .slice(0, perkLimits.channelName);
  if (name === "" || name === "-") {
    throw badRequest("Give your channel a name with at least one letter or number.", "name");
  }
  return name;
}
