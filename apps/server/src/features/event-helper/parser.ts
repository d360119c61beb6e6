import type { Embed } from "../../discord/port/port.ts";
import { eventWords } from "./words.ts";

// Every in-chat event format of the game bot that Hearth reads lives here, so a change of the bot's
// wording is a one-file fix (fixtures.ts holds captured-style examples, parser.test.ts proves each).

/** Dank Memer, the game-economy bot these servers grind on: the default game bot. */
export const dankMemerBotId = "270904126974590976";

export type EventKind = "type" | "reverse" | "unscramble" | "sum";

/** What Hearth posts for an event: the kind of event and the answer to send. */
export interface EventAnswer {
  kind: EventKind;
  /** The exact text to send (for unscramble with several fitting words, all of them). */
  answer: string;
  /** Other words that fit a scramble equally well. */
  alternatives?: string[];
}

export interface GameMessage {
  content: string;
  embeds: readonly Embed[];
}

/**
 * Characters the game bot hides in a phrase so it can't be copied and pasted: zero-width spaces and
 * joiners, the word joiner, the byte-order mark and soft hyphens. The answer is the phrase without them.
 */
const hidden = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;
/** The phrase is the first inline code span: `…` (``…`` too). */
const codeSpan = /(`{1,2})([^`]{1,200}?)\1/;

const reverseWords = /\b(backwards?|reversed?|in reverse)\b/i;
const scrambleWords = /\b(unscramble|scrambled?|jumbled?)\b/i;
const sumWords = /\b(what(?:'s| is)|solve|calculate|maths?|sum|equals?)\b|=\s*\?/i;
const typeWords = /\b(re-?type|type|say|write|spam)\b/i;
/** Dank Memer's event openers; an event needs one of these words or a code span to be answered. */
const arithmetic = /^\s*(-?\d{1,9})\s*([+\-*x×/÷])\s*(-?\d{1,9})\s*(?:=\s*\??)?\s*$/i;

function textOf(message: GameMessage): string {
  const parts = [message.content];
  for (const embed of message.embeds) {
    parts.push(embed.author?.name ?? "", embed.title ?? "", embed.description ?? "");
    for (const field of embed.fields ?? []) parts.push(field.name, field.value);
    parts.push(embed.footer?.text ?? "");
  }
  return parts.filter((part) => part !== "").join("\n");
}

/** Letters sorted: the key two anagrams share. */
const letterKey = (word: string) => [...word].sort().join("");
const byLetters = new Map<string, string[]>();
for (const word of eventWords) {
  const key = letterKey(word);
  byLetters.set(key, [...(byLetters.get(key) ?? []), word]);
}

/** The shipped words that use exactly these letters (not the scramble itself, unless it's the only one). */
export function unscramble(scrambled: string): string[] {
  const letters = scrambled.toLowerCase().replace(/[^a-z]/g, "");
  if (letters.length < 2) return [];
  const found = byLetters.get(letterKey(letters)) ?? [];
  const others = found.filter((word) => word !== letters);
  return others.length > 0 ? others : found;
}

/** A simple sum: two whole numbers and + - × ÷ (division only when it comes out whole). */
export function solveSum(expression: string): number | null {
  const match = arithmetic.exec(expression.replace(/,/g, ""));
  if (!match) return null;
  const a = Number(match[1]);
  const b = Number(match[3]);
  switch (match[2]?.toLowerCase()) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
    case "x":
    case "×":
      return a * b;
    default:
      return b !== 0 && a % b === 0 ? a / b : null;
  }
}

/**
 * Reads a game-bot message for an in-chat event with one right answer: type or retype a phrase,
 * type it backwards, unscramble a word, or a simple sum. The phrase, word or sum is the first code
 * span; the words around it say which event it is. Answers null for anything else (or a scramble
 * no shipped word fits).
 */
export function parseGameEvent(message: GameMessage): EventAnswer | null {
  const text = textOf(message);
  const span = codeSpan.exec(text);
  if (!span) return null;
  const subject = (span[2] ?? "").replace(hidden, "").trim();
  if (subject === "") return null;
  const around = text.replace(span[0], " ");
  if (reverseWords.test(around)) return { kind: "reverse", answer: [...subject].reverse().join("") };
  if (scrambleWords.test(around)) {
    const [answer, ...alternatives] = unscramble(subject);
    if (!answer) return null;
    return alternatives.length > 0
      ? { kind: "unscramble", answer, alternatives }
      : { kind: "unscramble", answer };
  }
  const sum = solveSum(subject);
  if (sum !== null && (sumWords.test(around) || typeWords.test(around) === false)) {
    return { kind: "sum", answer: String(sum) };
  }
  if (typeWords.test(around)) return { kind: "type", answer: subject };
  return null;
}
