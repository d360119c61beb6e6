import { describe, expect, it } from "vitest";
import { gameEvents } from "./fixtures.ts";
import { parseGameEvent, solveSum, unscramble } from "./parser.ts";
import { eventWords } from "./words.ts";

describe("Dank Memer event parser", () => {
  it("type and retype: the phrase without the invisible characters", () => {
    expect(parseGameEvent(gameEvents.typeEmbed)).toEqual({
      kind: "type",
      answer: "dank memer is the best bot",
    });
    expect(parseGameEvent(gameEvents.retypeContent)).toEqual({ kind: "type", answer: "free robux scam" });
  });

  it("reverse, unscramble and sums", () => {
    expect(parseGameEvent(gameEvents.reverse)).toEqual({ kind: "reverse", answer: "dank meme" });
    expect(parseGameEvent(gameEvents.unscramble)).toEqual({ kind: "unscramble", answer: "padlock" });
    expect(parseGameEvent(gameEvents.unscrambleAmbiguous)).toEqual({
      kind: "unscramble",
      answer: "danger",
      alternatives: ["garden"],
    });
    expect(parseGameEvent(gameEvents.sum)).toEqual({ kind: "sum", answer: "75" });
    expect(parseGameEvent(gameEvents.sumTimes)).toEqual({ kind: "sum", answer: "144" });
  });

  it("answers nothing for other posts", () => {
    expect(parseGameEvent(gameEvents.shop)).toBeNull();
    expect(parseGameEvent(gameEvents.bossFight)).toBeNull();
    expect(parseGameEvent(gameEvents.unknownScramble)).toBeNull();
  });

  it("solves only simple whole-number sums", () => {
    expect(solveSum("7 × 8")).toBe(56);
    expect(solveSum("100 ÷ 4")).toBe(25);
    expect(solveSum("10 / 4")).toBeNull();
    expect(solveSum("1 + 2 + 3")).toBeNull();
    expect(solveSum("-5 - 3")).toBe(-8);
  });

  it("unscrambles every shipped word back to itself or an anagram of it", () => {
    for (const word of eventWords) {
      const scrambled = [...word].reverse().join("");
      const answers = unscramble(scrambled);
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of answers) expect([...answer].sort().join("")).toBe([...word].sort().join(""));
    }
    expect(eventWords.length).toBeGreaterThan(500);
  });
});
