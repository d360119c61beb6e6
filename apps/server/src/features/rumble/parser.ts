import type { Embed } from "../../discord/port/port.ts";

// Every Rumble Royale message format Hearth reads lives here, so a change of the bot's wording is a
// one-file fix (fixtures.ts holds captured-style examples, parser.test.ts proves each).

/**
 * Rumble Royale (https://rumbleroyale.fandom.com), the battle-royale bot of game-economy servers:
 * members join a rumble with a reaction, the bot narrates rounds, and ends with a winner embed.
 */
export const rumbleRoyaleBotId = "693167035068317736";
/** The bots whose game-over messages count. */
export const rumbleBotIds: readonly string[] = [rumbleRoyaleBotId];

/** What a game-over message says. */
export interface RumbleResult {
  winnerId: string;
  /** The winner as the bot wrote them, when it did. */
  winnerName: string | null;
}

/** The input the parser needs: a gateway message's author, text and embeds. */
export interface RumbleMessage {
  authorId: string;
  content: string;
  embeds: readonly Embed[];
}

const mention = /<@!?(\d{17,20})>/;
/** Discord CDN avatars carry the user id: `…/avatars/<id>/<hash>.png` (also guild avatars). */
const avatarUser = /cdn\.discordapp\.com\/(?:guilds\/\d+\/users\/|avatars\/)(\d{17,20})\//;
/** The winner embed's title: "WINNER!", "__**WINNER**__", "🏆 Winner" … */
const winnerTitle = /\bwinner\b/i;
/** Text-only endings: "<@id> won the rumble!", "Winner: <@id>", "<@id> is the last one standing". */
const winnerText = /(won the (?:rumble|battle|royale|game)|\bwinner\b|last (?:one|person|player) standing)/i;

const stripMarkdown = (text: string) => text.replace(/[*_~`|>]/g, "").trim();

/** The first name-like line of the embed description (the bot prints the winner's name there). */
function nameFrom(embed: Embed): string | null {
  const line = (embed.description ?? "")
    .split("\n")
    .map(stripMarkdown)
    .find((text) => text !== "" && !aside.test(text));
  if (!line) return null;
  const cleaned = line
    .replace(/<@!?\d+>/g, "")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .trim();
  return cleaned === "" ? null : cleaned.slice(0, 100);
}

/** Lines about the game rather than its winner (the host is mentioned there). */
const aside = /^(reward|prize|hosted|host|era|players?|kills?|started)\b/i;

function userIdIn(embed: Embed): string | null {
  const texts = [
    ...(embed.description ?? "").split("\n").filter((line) => !aside.test(stripMarkdown(line))),
    ...(embed.fields ?? []).filter((field) => !aside.test(stripMarkdown(field.name))).map((f) => f.value),
  ];
  for (const text of texts) {
    const found = mention.exec(text)?.[1];
    if (found) return found;
  }
  for (const url of [embed.thumbnail?.url, embed.image?.url, embed.author?.iconUrl]) {
    const found = url ? avatarUser.exec(url)?.[1] : undefined;
    if (found) return found;
  }
  return null;
}

/**
 * Reads a game-over message of a battle-royale bot: the winner embed (title with "winner"; the
 * winner as a mention, or only a name with their avatar as the thumbnail, whose CDN link holds
 * their id) or a text ending that mentions the winner. Answers null for every other message
 * (round narration, the lobby, another bot's posts).
 */
export function parseRumbleGameOver(message: RumbleMessage): RumbleResult | null {
  if (!rumbleBotIds.includes(message.authorId)) return null;
  for (const embed of message.embeds) {
    if (!winnerTitle.test(embed.title ?? "") && !winnerTitle.test(embed.author?.name ?? "")) continue;
    const winnerId = userIdIn(embed);
    if (winnerId) return { winnerId, winnerName: nameFrom(embed) };
  }
  if (winnerText.test(message.content)) {
    const winnerId = mention.exec(message.content)?.[1];
    if (winnerId) return { winnerId, winnerName: null };
  }
  return null;
}
