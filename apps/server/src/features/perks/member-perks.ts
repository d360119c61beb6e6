import { parseHexColour, validateEmbed } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { emojiKey, parseEmoji, type ReactionEmoji } from "../../discord/port/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { perkCache } from "./cache.ts";
import { type MemberLimits, memberLimits, normaliseKeyword, perkLimits } from "./rules.ts";
import * as store from "./store.ts";
import * as personal from "./store-personal.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

/** Who is changing their perks, with the roles that decide their tiers. */
export interface Owner {
  userId: string;
  roleIds: readonly string[];
}

export const now = () => Date.now();
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The member's effective limits, or a friendly refusal naming the roles that give perks. */
export async function requirePerks(deps: Pick<Deps, "storage">, serverId: string, owner: Owner) {
  const { tiers } = await perkCache(deps).get(serverId);
  const limits = memberLimits(tiers, owner.roleIds);
  if (limits) return limits;
  if (tiers.length === 0)
    throw forbidden("This server has no perk tiers yet: an admin sets them up with `/perks-admin create`.");
  const roles = tiers.map((tier) => `<@&${tier.roleId}> (${tier.name})`).join(", ");
  throw forbidden(`Perks come with a perk role, and you don't have one. Roles with perks here: ${roles}.`);
}

export function refuseWithout(limit: number | boolean, what: string, tiers: string[]): void {
  if (limit === 0 || limit === false) {
    throw forbidden(
      `Your tier${tiers.length === 1 ? "" : "s"} (${tiers.join(", ")}) ${tiers.length === 1 ? "doesn't" : "don't"} include ${what}.`,
    );
  }
}

/** Reads ids from mentions (`<@id>`) or plain ids, separated by spaces, commas or lines. */
export function readUserIds(text: string): string[] {
  const ids: string[] = [];
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const id = /^<@!?(\d{17,20})>$/.exec(token)?.[1] ?? (/^\d{17,20}$/.test(token) ? token : null);
    if (!id) throw badRequest(`"${token.slice(0, 40)}" isn't a member mention or user id.`, "members");
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Reads emojis separated by spaces or commas; unicode emojis typed together ("🔥⭐") count one by
 * one. Anything that isn't wholly emojis is refused here, so a reaction never fails later.
 */
export function readEmojis(text: string): ReactionEmoji[] {
  const emojis: ReactionEmoji[] = [];
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const custom = /[<:]/.test(token) ? parseEmoji(token) : null;
    if (custom?.id) {
      emojis.push(custom);
      continue;
    }
    const parts = [...graphemes.segment(token)].map((part) => parseEmoji(part.segment));
    if (!parts.every((part) => part !== null && part.id === null)) {
      throw badRequest(`"${token.slice(0, 40)}" isn't an emoji.`, "emojis");
    }
    emojis.push(...(parts as ReactionEmoji[]));
  }
  return emojis;
}

/** Sets the member's auto-reaction emojis (unicode, or this server's custom emojis), up to their limit. */
export async function setEmojis(deps: Deps, serverId: string, owner: Owner, text: string): Promise<string[]> {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.emojis, "auto-reactions", limits.tiers);
  const keys: string[] = [];
  let serverEmojis: Set<string> | null = null;
  for (const emoji of readEmojis(text)) {
    if (emoji.id) {
      serverEmojis ??= new Set((await deps.discord.listEmojis(serverId)).map((e) => e.id));
      if (!serverEmojis.has(emoji.id)) {
        throw badRequest(
          `:${emoji.name}: isn't one of this server's emojis; use unicode emojis or this server's own.`,
          "emojis",
        );
      }
    }
    const key = emojiKey(emoji);
    if (!keys.includes(key)) keys.push(key);
  }
  if (keys.length > limits.emojis) {
    throw badRequest(
      `That's ${plural(keys.length, "emoji")}; your auto-reaction limit is ${limits.emojis}.`,
      "emojis",
    );
  }
  await store.saveMember(deps.storage.db, serverId, owner.userId, { emojis: keys }, now());
  perkCache(deps).invalidate(serverId);
  return keys;
}

/** Replaces the member's highlight keywords (1–30 characters each, case-insensitive, up to 25). */
export async function setKeywords(
  deps: Deps,
  serverId: string,
  owner: Owner,
  text: string,
): Promise<string[]> {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.highlights, "highlights", limits.tiers);
  const keywords: string[] = [];
  for (const line of text.split(/[\n,]+/)) {
    if (line.trim() === "") continue;
    const keyword = normaliseKeyword(line);
    if (!keywords.includes(keyword)) keywords.push(keyword);
  }
  if (keywords.length > perkLimits.keywords) {
    throw badRequest(`That's ${keywords.length} keywords; the limit is ${perkLimits.keywords}.`, "keywords");
  }
  await personal.replaceKeywords(deps.storage.db, serverId, owner.userId, keywords, now());
  perkCache(deps).invalidate(serverId);
  return keywords;
}

export interface ResponderInput {
  trigger: string;
  text?: string;
  title?: string;
  description?: string;
  colour?: string;
}

/** Adds an auto-responder: a whole-word trigger answered with text or an embed, up to the limit. */
export async function addResponder(deps: Deps, serverId: string, owner: Owner, input: ResponderInput) {
  const limits = await requirePerks(deps, serverId, owner);
  refuseWithout(limits.responders, "auto-responders", limits.tiers);
  const trigger = input.trigger.trim().replace(/\s+/g, " ");
  if (trigger === "") throw badRequest("Give the responder a trigger word or phrase.", "trigger");
  if (trigger.length > perkLimits.responderTrigger) {
    throw badRequest(
      `The trigger is ${trigger.length} characters; the limit is ${perkLimits.responderTrigger}.`,
      "trigger",
    );
  }
  const text = input.text?.trim() || null;
  if (text && text.length > perkLimits.responderText) {
    throw badRequest(
      `The response is ${text.length} characters; the limit is ${perkLimits.responderText}.`,
      "response",
    );
  }
  const title = input.title?.trim() || undefined;
  const description = input.description?.trim() || undefined;
  const colour = input.colour?.trim() || undefined;
  const hasEmbed = title !== undefined || description !== undefined;
  if (!text && !hasEmbed)
    throw badRequest("Give the responder a response: text, or an embed title or description.", "response");
  if (!hasEmbed && colour) throw badRequest("A colour needs an embed: add a title or description.", "colour");
  const draft = {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(colour ? { color: colour } : {}),
  };
  const problems = hasEmbed ? validateEmbed(draft) : [];
  if (problems.length > 0) throw badRequest(problems.map((p) => p.message).join(" "), problems[0]?.field);
  const existing = await personal.listResponders(deps.storage.db, serverId, owner.userId);
  if (existing.length >= limits.responders) {
    throw badRequest(
      `You have ${plural(existing.length, "auto-responder")}; your limit is ${limits.responders}. Remove one first.`,
    );
  }
  if (existing.some((r) => r.trigger.toLowerCase() === trigger.toLowerCase())) {
    throw badRequest(`You already have a responder for "${trigger}".`, "trigger");
  }
  const embed = hasEmbed
    ? {
        ...(title ? { title } : {}),
        ...(description ? { description } : {}),
        ...(colour ? { color: parseHexColour(colour) ?? 0 } : {}),
      }
    : null;
  const responder = await personal
    .insertResponder(
      deps.storage.db,
      { serverId, userId: owner.userId, trigger, response: text, embed },
      now(),
    )
    .catch((error: unknown) => {
      // The same form submitted twice at once: the unique index keeps one.
      if (store.isUniqueViolation(error))
        throw badRequest(`You already have a responder for "${trigger}".`, "trigger");
      throw error;
    });
  perkCache(deps).invalidate(serverId);
  return responder;
}

export async function removeResponders(deps: Deps, serverId: string, owner: Owner, ids: number[]) {
  const removed = await personal.deleteResponders(deps.storage.db, serverId, owner.userId, ids);
  perkCache(deps).invalidate(serverId);
  return removed;
}

/** Everything the panel shows. */
export async function overview(deps: Deps, serverId: string, owner: Owner) {
  const limits: MemberLimits = await requirePerks(deps, serverId, owner);
  const [member, keywords, responders] = await Promise.all([
    store.findMember(deps.storage.db, serverId, owner.userId),
    personal.memberKeywords(deps.storage.db, serverId, owner.userId),
    personal.listResponders(deps.storage.db, serverId, owner.userId),
  ]);
  return { limits, member, keywords, responders };
}
