import { serverCaps } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { emojiKey, emojiMarkup, parseEmoji } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { channelPermissions, Permission } from "../../discord/roles/permissions.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BoardType } from "./store.ts";

// What an admin may give a board, and the 400s naming the field when it doesn't fit.

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export const boardLimits = {
  nameMax: 50,
  minReactions: 1,
  maxReactions: 100,
  defaultReactions: 3,
  /** Boards per server: `/boards list` shows each as one embed field (Discord allows 25). */
  boardsPerServer: serverCaps.boards.max,
  topDefault: 10,
  topMax: 25,
  recentDefaultHours: 24,
  recentMaxHours: 168,
} as const;

export const boardTypes: readonly BoardType[] = ["starboard", "skullboard", "custom"];
export const typeEmoji: Record<Exclude<BoardType, "custom">, string> = { starboard: "⭐", skullboard: "💀" };

/** A whole number from `min` to `max`, or a 400 naming the field. */
export function readWholeNumber(value: number, min: number, max: number, field: string): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`${field} must be a whole number from ${min} to ${max}.`, field);
  }
  return value;
}

export function readName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name === "") throw badRequest("name: give the board a name.", "name");
  if (name.length > boardLimits.nameMax) {
    throw badRequest(
      `name: "${name.slice(0, 20)}…" is ${name.length} characters; a board name can have at most ${boardLimits.nameMax}.`,
      "name",
    );
  }
  return name;
}

export function readThreshold(value: number): number {
  return readWholeNumber(value, boardLimits.minReactions, boardLimits.maxReactions, "min_reactions");
}

export function readType(value: string): BoardType {
  if (!(boardTypes as readonly string[]).includes(value)) {
    throw badRequest(`type must be one of ${boardTypes.join(", ")}.`, "type");
  }
  return value as BoardType;
}

/** A unicode emoji, or a custom emoji of this server. */
export async function readEmoji(deps: Deps, serverId: string, raw: string) {
  const emoji = parseEmoji(raw);
  if (!emoji) {
    throw badRequest(
      `emoji: "${raw.trim().slice(0, 40)}" isn't an emoji. Use one emoji, like ⭐ or 💀, or one of this server's custom emojis.`,
      "emoji",
    );
  }
  if (emoji.id) {
    const own = (await deps.discord.listEmojis(serverId)).find((candidate) => candidate.id === emoji.id);
    if (!own) {
      throw badRequest(
        `emoji: :${emoji.name}: isn't an emoji of this server; a board can use unicode emojis and this server's custom emojis.`,
        "emoji",
      );
    }
    return { key: emojiKey(own), markup: emojiMarkup(own) };
  }
  return { key: emojiKey(emoji), markup: emojiMarkup(emoji) };
}

/** The board channel: a text channel of the server where Hearth can post embeds. */
export async function readChannel(deps: Deps, serverId: string, channelId: string) {
  const channel = await requireTextChannel(deps, serverId, channelId, "channel");
  const [guild, roles, bot] = await Promise.all([
    deps.discord.getGuild(serverId),
    deps.discord.listRoles(serverId),
    deps.discord.getBotMember(serverId),
  ]);
  if (guild && bot) {
    const bits = channelPermissions({
      ownerId: guild.ownerId,
      roles,
      member: { userId: bot.user.id, roleIds: bot.roleIds },
      channel,
    });
    const missing = (
      [
        ["View Channel", Permission.ViewChannel],
        ["Send Messages", Permission.SendMessages],
        ["Embed Links", Permission.EmbedLinks],
      ] as const
    )
      .filter(([, bit]) => (bits & bit) === 0n)
      .map(([name]) => name);
    if (missing.length > 0) {
      throw badRequest(
        `channel: Hearth can't post board messages in <#${channel.id}>: it lacks ${missing.join(", ")} there.`,
        "channel",
      );
    }
  }
  return channel;
}
