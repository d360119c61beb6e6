import type { AppContext } from "../../context.ts";
import { DiscordError, type OutgoingMessage } from "../../discord/port/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { perkCache } from "./cache.ts";
import { type Owner, requirePerks } from "./member-perks.ts";
import { jumpLink, perkLimits } from "./rules.ts";
import { type AfkMention, type AfkNote, addMention, clearAfk, setAfk } from "./store-personal.ts";

type Deps = Pick<AppContext, "storage">;

export const defaultAfkMessage = "AFK";
/** The durable job that deletes a welcome-back message once it has been read. */
export const welcomeBackDeleteJob = "perks.afk.welcome-back.delete";
/** Mentions listed in the return summary (the rest are counted). */
const shownMentions = 10;

const unix = (ms: number) => Math.floor(ms / 1000);

/** Sets the member's AFK note (≤ 200 characters, "AFK" by default); needs a tier with AFK access. */
export async function goAfk(
  deps: Deps,
  serverId: string,
  owner: Owner,
  text: string | undefined,
  now = Date.now(),
) {
  const limits = await requirePerks(deps, serverId, owner);
  if (!limits.afk)
    throw forbidden(
      `Your tier${limits.tiers.length === 1 ? "" : "s"} (${limits.tiers.join(", ")}) don't include /afk.`,
    );
  const message = text?.trim().replace(/\s+/g, " ") || defaultAfkMessage;
  if (message.length > perkLimits.afkMessage) {
    throw badRequest(
      `Your AFK note is ${message.length} characters; the limit is ${perkLimits.afkMessage}.`,
      "message",
    );
  }
  const note: AfkNote = { userId: owner.userId, message, since: now };
  await setAfk(deps.storage.db, serverId, note);
  perkCache(deps).invalidate(serverId);
  return note;
}

/** Ends the member's AFK spell (their next message); answers the note and who mentioned them. */
export async function returnFromAfk(deps: Deps, serverId: string, userId: string) {
  const cleared = await clearAfk(deps.storage.db, serverId, userId);
  if (cleared) perkCache(deps).invalidate(serverId);
  return cleared;
}

/** Records a mention of an AFK member for their return summary. */
export async function recordMention(deps: Deps, serverId: string, userId: string, mention: AfkMention) {
  await addMention(deps.storage.db, serverId, userId, mention);
}

/** The note shown when someone mentions an AFK member. */
export function afkNotice(note: AfkNote, name: string): OutgoingMessage {
  return {
    content: `💤 **${name}** is AFK: ${note.message} · since <t:${unix(note.since)}:R>`,
    allowedMentions: { users: [] },
  };
}

/** The welcome-back message: how many mentions, then who and where, with jump links. */
export function welcomeBack(serverId: string, userId: string, mentions: AfkMention[]): OutgoingMessage {
  if (mentions.length === 0) {
    return {
      content: `👋 Welcome back <@${userId}>! I've removed your AFK note.`,
      allowedMentions: { users: [] },
    };
  }
  const lines = mentions
    .slice(0, shownMentions)
    .map(
      (m) =>
        `• <@${m.authorId}> in <#${m.channelId}> <t:${unix(m.at)}:R> · [jump](${jumpLink(serverId, m.channelId, m.messageId)})`,
    );
  if (mentions.length > shownMentions) lines.push(`…and ${mentions.length - shownMentions} more`);
  const times = mentions.length === 1 ? "once" : `${mentions.length} times`;
  return {
    content: `👋 Welcome back <@${userId}>! While you were away you were mentioned ${times}:\n${lines.join("\n")}`,
    allowedMentions: { users: [] },
  };
}

/** The job's work: delete the welcome-back message, which someone may have deleted already. */
export async function deleteWelcomeBack(
  deps: Pick<AppContext, "discord">,
  channelId: string,
  messageId: string,
): Promise<void> {
  try {
    await deps.discord.deleteMessage(channelId, messageId);
  } catch (error) {
    const gone =
      error instanceof DiscordError && (error.code === "unknown_message" || error.code === "unknown_channel");
    if (!gone) throw error;
  }
}
