import { describe, expect, it } from "vitest";
import { controlNotes, giveawayStatusText, isRunning } from "./status";

const NOW = Date.UTC(2026, 10, 22, 12);
const MIN = 60_000;

describe("giveawayStatusText", () => {
  it.each([
    [2 * 1440 * MIN + 5 * 60 * MIN + 30 * MIN, "Ends in 2d 5h"],
    [3 * 60 * MIN + 12 * MIN + 59_000, "Ends in 3h 12m"],
    [7 * MIN + 30_000, "Ends in 7m"],
    [59_000, "Ends in 0m"],
    [0, "Ended"],
    [-MIN, "Ended"],
  ])("an active giveaway %d ms from its end reads %s", (left, text) => {
    expect(giveawayStatusText({ active: true, endTime: NOW + left }, NOW)).toBe(text);
  });

  it("reads Ended once the giveaway is over, whatever its end time", () => {
    expect(giveawayStatusText({ active: false, endTime: NOW + 3 * 60 * MIN }, NOW)).toBe("Ended");
  });

  it("offers End Now only while running", () => {
    expect(isRunning({ active: true, endTime: NOW + MIN }, NOW)).toBe(true);
    expect(isRunning({ active: true, endTime: NOW - 1 }, NOW)).toBe(false);
    expect(isRunning({ active: false, endTime: NOW + MIN }, NOW)).toBe(false);
  });
});

describe("controlNotes", () => {
  it("names the entry cap, the reminder and the claim window a giveaway has, in that order", () => {
    expect(controlNotes({ maxEntries: 1500, reminderBefore: 1800, claimWindow: 86_400 })).toEqual([
      "ends at 1,500 entries",
      "reminder 30m before the end",
      "winners claim within 1d",
    ]);
  });

  it("says nothing of controls a giveaway doesn't use", () => {
    expect(controlNotes({ maxEntries: null, reminderBefore: null, claimWindow: null })).toEqual([]);
    expect(controlNotes({})).toEqual([]);
    expect(controlNotes({ claimWindow: 7200 })).toEqual(["winners claim within 2h"]);
  });
});
