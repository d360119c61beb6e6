import { dankMemerBotId } from "./parser.ts";

// Captured-style Dank Memer event posts (the shapes its in-chat events have on Discord: an embed
// with a title and a description holding the phrase in a code span, or plain content), with the
// invisible characters it puts in phrases so they can't be pasted. Used by the parser test and
// the event helper's tests.

const zwsp = "\u200b";

export const gameEvents = {
  /** "Type the phrase" event, the phrase salted with zero-width spaces. */
  typeEmbed: {
    authorId: dankMemerBotId,
    content: "",
    embeds: [
      {
        title: "EVENT TIME",
        description: `**Type the phrase below to win!**\n\`dank${zwsp} memer is the best${zwsp} bot\``,
        color: 0x2f3136,
        footer: { text: "First 3 people to type it get a prize" },
      },
    ],
  },
  /** The same event as plain content, retype wording. */
  retypeContent: {
    authorId: dankMemerBotId,
    content: `<:pepe:876543210987654321> Retype this: \`fre${zwsp}e rob${zwsp}ux scam\``,
    embeds: [],
  },
  reverse: {
    authorId: dankMemerBotId,
    content: "",
    embeds: [{ title: "Reverse!", description: "Type this backwards: `emem knad`", color: 0x2f3136 }],
  },
  unscramble: {
    authorId: dankMemerBotId,
    content: "",
    embeds: [
      {
        title: "Unscramble the word",
        description: "The word is an item in the shop: `lpdcoak`",
        color: 0x2f3136,
      },
    ],
  },
  /** A scramble whose letters fit two shipped words. */
  unscrambleAmbiguous: {
    authorId: dankMemerBotId,
    content: "",
    embeds: [{ title: "Unscramble the word", description: "`nagder`", color: 0x2f3136 }],
  },
  sum: {
    authorId: dankMemerBotId,
    content: "",
    embeds: [{ title: "Quick maths", description: "What is `58 + 17`?", color: 0x2f3136 }],
  },
  sumTimes: {
    authorId: dankMemerBotId,
    content: "Solve this for 5,000 coins: `12 x 12 = ?`",
    embeds: [],
  },
  /** Not events: a shop reply, a boss fight (no typed answer), a scramble no shipped word fits. */
  shop: {
    authorId: dankMemerBotId,
    content: "",
    embeds: [{ title: "Dank Memer Shop", description: "**Padlock** — 5,000\nProtects your wallet" }],
  },
  bossFight: {
    authorId: dankMemerBotId,
    content: "",
    embeds: [{ title: "Boss Battle", description: "Click the button to hit the boss! `10` hits needed" }],
  },
  unknownScramble: {
    authorId: dankMemerBotId,
    content: "",
    embeds: [{ title: "Unscramble the word", description: "`qzxvjk`" }],
  },
} as const;
