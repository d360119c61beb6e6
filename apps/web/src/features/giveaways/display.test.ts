import { describe, expect, it } from "vitest";
import {
  defaultAvatarIndex,
  defaultAvatarUrl,
  displayName,
  formatCountdown,
  formatCountdownWords,
  idTail,
  participantsLabel,
  prizeText,
  repeatsText,
  serverText,
  winnersLabel,
} from "./display";

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe("formatCountdown (cards)", () => {
  it.each([
    [2 * day + 5 * hour + 30 * minute, "2d 5h"],
    [1 * day, "1d 0h"],
    [3 * hour + 12 * minute + 59 * second, "3h 12m"],
    [1 * hour, "1h 0m"],
    [59 * minute + 59 * second, "59m"],
    [7 * minute, "7m"],
    [30 * second, "0m"],
    [0, "Ended"],
    [-5 * minute, "Ended"],
  ])("%i ms → %s", (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });
});

describe("formatCountdownWords (detail page)", () => {
  it.each([
    [2 * day + 5 * hour + 12 * minute + 8 * second, "2 days, 5 hours, 12 minutes and 8 seconds"],
    [1 * day + 1 * hour, "1 day and 1 hour"],
    [1 * day, "1 day"],
    [1 * hour + 1 * second, "1 hour and 1 second"],
    [5 * minute, "5 minutes"],
    [1 * second, "1 second"],
    [999, "0 seconds"],
    [0, "Ended"],
    [-1, "Ended"],
  ])("%i ms → %s", (ms, expected) => {
    expect(formatCountdownWords(ms)).toBe(expected);
  });
});

describe("pluralisation", () => {
  it.each([
    [0, "0 winners"],
    [1, "1 winner"],
    [2, "2 winners"],
  ])("%i → %s", (count, expected) => {
    expect(winnersLabel(count)).toBe(expected);
  });

  it("pluralises and groups participants", () => {
    expect(participantsLabel(1)).toBe("1 participant");
    expect(participantsLabel(1234)).toBe("1,234 participants");
  });
});

describe("default avatars", () => {
  it.each([
    ["448866224466880011", 11 % 6],
    ["448866224466880000", 0],
    ["448866224466880005", 5],
    ["448866224466880006", 0],
    ["448866224466880099", 99 % 6],
    ["7", 1],
  ])("%s → avatar %i (last two digits mod 6)", (id, expected) => {
    expect(defaultAvatarIndex(id)).toBe(expected);
    expect(defaultAvatarUrl(id)).toBe(`/avatars/${expected}.svg`);
  });

  it("falls back to the first avatar for an id without digits", () => {
    expect(defaultAvatarIndex("abc")).toBe(0);
  });

  it("uses all six defaults", () => {
    const seen = new Set(
      Array.from({ length: 100 }, (_, n) =>
        defaultAvatarIndex(`1000000000000000${String(n).padStart(2, "0")}`),
      ),
    );
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("defensive display", () => {
  it("names: username, else User + last 4 of the id, else Unknown User", () => {
    expect(displayName("cinderfox", "448866224466880011")).toBe("cinderfox");
    expect(displayName("  ", "448866224466880011")).toBe("User 0011");
    expect(displayName(undefined, "448866224466880011")).toBe("User 0011");
    expect(displayName(null, undefined)).toBe("Unknown User");
  });

  it("prize and server fall back to Unknown", () => {
    expect(prizeText("Nitro")).toBe("Nitro");
    expect(prizeText("")).toBe("Unknown Prize");
    expect(prizeText(undefined)).toBe("Unknown Prize");
    expect(serverText("Ember Hollow")).toBe("Ember Hollow");
    expect(serverText(null)).toBe("Unknown Server");
  });

  it("shows the last four characters of ids", () => {
    expect(idTail("329638211698262016")).toBe("2016");
    expect(idTail(null)).toBeNull();
  });
});

describe("repeatsText", () => {
  it("says how a series repeats, as the bot does", async () => {
    const { describeRecurrence } = await import("@hearth/core");
    for (const recurrence of [
      { every: 1, unit: "days" as const },
      { every: 3, unit: "hours" as const },
      { every: 2, unit: "months" as const },
    ]) {
      expect(repeatsText(recurrence)).toBe(describeRecurrence(recurrence));
    }
  });
});
