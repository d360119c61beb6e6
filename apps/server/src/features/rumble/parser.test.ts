import { describe, expect, it } from "vitest";
import { rumbleMessages, rumbleWinnerId } from "./fixtures.ts";
import { parseRumbleGameOver } from "./parser.ts";

describe("Rumble Royale game-over parser", () => {
  it("reads the winner embed: the name from the description, the id from the avatar thumbnail", () => {
    expect(parseRumbleGameOver(rumbleMessages.winner)).toEqual({
      winnerId: rumbleWinnerId,
      winnerName: "Morgan",
    });
  });

  it("reads a winner mention in the embed, or a text ending", () => {
    expect(parseRumbleGameOver(rumbleMessages.winnerMention)?.winnerId).toBe(rumbleWinnerId);
    expect(parseRumbleGameOver(rumbleMessages.winnerText)).toEqual({
      winnerId: rumbleWinnerId,
      winnerName: null,
    });
  });

  it("ignores rounds, the lobby, other authors and winner embeds without a winner", () => {
    expect(parseRumbleGameOver(rumbleMessages.round)).toBeNull();
    expect(parseRumbleGameOver(rumbleMessages.lobby)).toBeNull();
    expect(parseRumbleGameOver(rumbleMessages.impostor)).toBeNull();
    expect(parseRumbleGameOver(rumbleMessages.nameless)).toBeNull();
  });
});
