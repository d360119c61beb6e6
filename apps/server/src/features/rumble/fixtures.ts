import type { Embed } from "../../discord/port/port.ts";
import { rumbleRoyaleBotId } from "./parser.ts";

// Captured-style Rumble Royale messages (the shapes its posts have on Discord: embed titles,
// descriptions, thumbnails), with made-up members. Used by the parser test and the e2e test.

export const rumbleWinnerId = "412345678901234567";

/** The usual ending: the WINNER embed naming the winner, their avatar as the thumbnail. */
export const winnerEmbed: Embed = {
  title: "WINNER!",
  description: "**Morgan**\n\nReward: 🪙 25,000\nHosted by <@198765432109876543>",
  color: 0xf1c40f,
  thumbnail: {
    url: `https://cdn.discordapp.com/avatars/${rumbleWinnerId}/a_1b2c3d4e5f60718293a4b5c6d7e8f901.gif?size=128`,
  },
  footer: { text: "Era: Jurassic · 24 players" },
};

/** Some servers' Rumble Royale shows the winner as a mention. */
export const winnerMentionEmbed: Embed = {
  title: "__**WINNER**__",
  description: `<@${rumbleWinnerId}> is the last one standing!`,
  color: 0xf1c40f,
};

/** A round of narration: not a game over. */
export const roundEmbed: Embed = {
  title: "Round 4",
  description: "☠️ **Alex** tripped over a rock and fell into lava.\n⚔️ **Morgan** threw a chair at **Sam**.",
  color: 0xe74c3c,
};

/** The lobby post. */
export const lobbyEmbed: Embed = {
  title: "Rumble Royale hosted by Robin",
  description: "Click the emoji below to join. Starting in 2 minutes!",
  color: 0x3498db,
};

export const rumbleMessages = {
  winner: { authorId: rumbleRoyaleBotId, content: "", embeds: [winnerEmbed] },
  winnerMention: { authorId: rumbleRoyaleBotId, content: "", embeds: [winnerMentionEmbed] },
  winnerText: {
    authorId: rumbleRoyaleBotId,
    content: `🏆 <@!${rumbleWinnerId}> won the rumble!`,
    embeds: [],
  },
  round: { authorId: rumbleRoyaleBotId, content: "", embeds: [roundEmbed] },
  lobby: { authorId: rumbleRoyaleBotId, content: "", embeds: [lobbyEmbed] },
  /** The same winner embed posted by someone else (a member's webhook, another bot): ignored. */
  impostor: { authorId: "270904126974590976", content: "", embeds: [winnerEmbed] },
  /** A winner embed with no way to tell who won. */
  nameless: {
    authorId: rumbleRoyaleBotId,
    content: "",
    embeds: [{ title: "WINNER!", description: "Nobody survived." }],
  },
} as const;
