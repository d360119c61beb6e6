import type { GiveawayListItem } from "@hearth/core";
import { describe, expect, it } from "vitest";
import { applyGiveawayFilters, giveawayTotals, isRunning } from "./list-filters";

const now = Date.UTC(2025, 6, 20, 12);
const hour = 3_600_000;

function giveaway(overrides: Partial<GiveawayListItem> & { messageId: string }): GiveawayListItem {
  return {
    guildId: "100000000000000001",
    prize: "Prize",
    guildName: "Server",
    active: true,
    endTime: now + hour,
    createdAt: now - hour,
    entries: 0,
    winners: 1,
    inviteUrl: null,
    ...overrides,
  };
}

const list = [
  giveaway({
    messageId: "1",
    prize: "Nitro Classic",
    guildName: "Ember Hollow",
    endTime: now + 5 * hour,
    createdAt: now - 3 * hour,
    entries: 40,
  }),
  giveaway({
    messageId: "2",
    prize: "5m coins",
    guildName: "Grind Club",
    endTime: now + 1 * hour,
    createdAt: now - 1 * hour,
    entries: 10,
  }),
  giveaway({
    messageId: "3",
    prize: "Steam key",
    guildName: "ember gaming",
    active: false,
    endTime: now - 2 * hour,
    createdAt: now - 9 * hour,
    entries: 99,
  }),
  giveaway({
    messageId: "4",
    prize: "VIP role",
    guildName: "Grind Club",
    active: false,
    endTime: now - 1 * hour,
    createdAt: now - 5 * hour,
    entries: 5,
  }),
  // Flagged active by the API but already past its end: shown as ended.
  giveaway({
    messageId: "5",
    prize: "Late one",
    guildName: "Late",
    active: true,
    endTime: now - 60_000,
    createdAt: now - 2 * hour,
    entries: 1,
  }),
];

const ids = (items: GiveawayListItem[]) => items.map((item) => item.messageId);

describe("applyGiveawayFilters", () => {
  it("sorts newest first by default", () => {
    expect(ids(applyGiveawayFilters(list, { query: "", status: "all", sort: "newest" }, now))).toEqual([
      "2",
      "5",
      "1",
      "4",
      "3",
    ]);
  });

  it("sorts by ending soon: running by time left, then ended ones, latest ended first", () => {
    expect(ids(applyGiveawayFilters(list, { query: "", status: "all", sort: "ending" }, now))).toEqual([
      "2",
      "1",
      "5",
      "4",
      "3",
    ]);
  });

  it("sorts by most popular", () => {
    expect(ids(applyGiveawayFilters(list, { query: "", status: "all", sort: "popular" }, now))).toEqual([
      "3",
      "1",
      "2",
      "4",
      "5",
    ]);
  });

  it("filters by status", () => {
    expect(ids(applyGiveawayFilters(list, { query: "", status: "active", sort: "newest" }, now))).toEqual([
      "2",
      "1",
    ]);
    expect(ids(applyGiveawayFilters(list, { query: "", status: "ended", sort: "newest" }, now))).toEqual([
      "5",
      "4",
      "3",
    ]);
  });

  it("searches prize and server name, case-insensitively", () => {
    expect(ids(applyGiveawayFilters(list, { query: "EMBER", status: "all", sort: "newest" }, now))).toEqual([
      "1",
      "3",
    ]);
    expect(ids(applyGiveawayFilters(list, { query: " nitro ", status: "all", sort: "newest" }, now))).toEqual(
      ["1"],
    );
    expect(
      ids(applyGiveawayFilters(list, { query: "grind", status: "active", sort: "newest" }, now)),
    ).toEqual(["2"]);
    expect(
      applyGiveawayFilters(list, { query: "nothing like this", status: "all", sort: "newest" }, now),
    ).toEqual([]);
  });

  it("doesn't reorder its input", () => {
    const copy = [...list];
    applyGiveawayFilters(list, { query: "", status: "all", sort: "popular" }, now);
    expect(list).toEqual(copy);
  });
});

describe("giveawayTotals and isRunning", () => {
  it("counts all, running, and the sum of entries", () => {
    expect(giveawayTotals(list, now)).toEqual({ total: 5, active: 2, participants: 155 });
  });

  it("treats a giveaway past its end as ended even when flagged active", () => {
    expect(isRunning({ active: true, endTime: now - 1 }, now)).toBe(false);
    expect(isRunning({ active: true, endTime: now + 1 }, now)).toBe(true);
    expect(isRunning({ active: false, endTime: now + hour }, now)).toBe(false);
  });
});
