import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import {
  channelName,
  containsWord,
  memberLimits,
  normaliseKeyword,
  type PerkTier,
  readLimit,
} from "./rules.ts";

const tier = (name: string, roleId: string, limits: Partial<PerkTier> = {}): PerkTier => ({
  id: 1,
  serverId: "s",
  name,
  roleId,
  emojis: 0,
  highlights: false,
  channelMembers: 0,
  roleMembers: 0,
  afk: false,
  responders: 0,
  ...limits,
});

describe("memberLimits", () => {
  const tiers = [
    tier("Supporter", "r1", { emojis: 2, responders: 1, highlights: true }),
    tier("VIP", "r2", { emojis: 4, channelMembers: 10, roleMembers: 5, responders: 3 }),
    tier("Premium", "r3", { emojis: 6, channelMembers: 20, roleMembers: 15, afk: true, responders: 5 }),
  ];

  it("is null without a tier role", () => {
    expect(memberLimits(tiers, ["other"])).toBeNull();
    expect(memberLimits([], ["r1"])).toBeNull();
  });

  it("takes the best of each limit and any flag across the tiers held", () => {
    expect(memberLimits(tiers, ["r1", "r2"])).toEqual({
      tiers: ["Supporter", "VIP"],
      emojis: 4,
      highlights: true,
      channelMembers: 10,
      roleMembers: 5,
      afk: false,
      responders: 3,
    });
    expect(memberLimits(tiers, ["r3", "r1"])).toMatchObject({
      emojis: 6,
      highlights: true,
      afk: true,
      responders: 5,
    });
  });
});

describe("highlight keywords", () => {
  it.each([
    ["  Raid Night ", "raid night"],
    ["LORE", "lore"],
    ["a", "a"],
    ["x".repeat(30), "x".repeat(30)],
  ])("normalises %j to %j", (input, expected) => {
    expect(normaliseKeyword(input)).toBe(expected);
  });

  it.each(["", "   ", "x".repeat(31)])("refuses %j, naming the 1–30 character rule", (input) => {
    expect(() => normaliseKeyword(input)).toThrow(AppError);
    if (input.length > 30) expect(() => normaliseKeyword(input)).toThrow(/1–30 characters/);
  });

  it.each([
    ["Nice ART!", "art", true],
    ["party time", "art", false],
    ["art_work", "art", false],
    ["raid night at 8", "raid night", true],
    ["c++ is fun", "c++", true],
    ["ÉTÉ arrive", "été", true],
    ["étés", "été", false],
  ])("%j contains %j as a whole word: %s", (content, keyword, expected) => {
    expect(containsWord(content, keyword)).toBe(expected);
  });
});

describe("readLimit and channelName", () => {
  it("checks a limit's range and names the option", () => {
    expect(readLimit(undefined, "emojis", 20)).toBeUndefined();
    expect(readLimit(0, "emojis", 20)).toBe(0);
    expect(() => readLimit(21, "emojis", 20)).toThrow(/\*\*emojis\*\* must be a whole number from 0 to 20/);
    expect(() => readLimit(1.5, "responders", 25)).toThrow(/responders/);
  });

  it("turns a name into a valid channel name", () => {
    expect(channelName("  Moonlit Den!! ")).toBe("moonlit-den");
    expect(() => channelName("!!!")).toThrow(/at least one letter/);
  });
});
