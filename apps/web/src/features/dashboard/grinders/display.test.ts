import { describe, expect, it } from "vitest";
import { makeGrinder } from "../shared/fixtures";
import {
  defaultGrinderFilters,
  filterGrinders,
  isOnBreak,
  memberInitials,
  memberName,
  paymentTime,
  recordTail,
  rosterStats,
} from "./display";

describe("row display", () => {
  it("shows the last 2 characters of the user id and the last 6 of the record id", () => {
    expect(memberInitials("324158876079358257")).toBe("57");
    expect(recordTail("1573464553866514458")).toBe("514458");
  });

  it("names a member by display name, then username, then the id's end", () => {
    expect(memberName({ displayName: "Quill", username: "quill", userId: "1" })).toBe("Quill");
    expect(memberName({ displayName: " ", username: "quill", userId: "1" })).toBe("quill");
    expect(memberName({ displayName: null, username: null, userId: "324158876079358257" })).toBe(
      "User …8257",
    );
  });

  it.each([
    [1_700_000_000_000, 1_700_000_000_000],
    ["<t:1700000000:f>", 1_700_000_000_000],
    ["<t:1700000000>", 1_700_000_000_000],
    ["1700000000000", 1_700_000_000_000],
    [null, null],
    ["", null],
    ["yesterday", null],
  ])("reads the last payment time %s as %s", (input, expected) => {
    expect(paymentTime(input)).toBe(expected);
  });

  it("reads a break from onBreak or the older break field", () => {
    expect(isOnBreak({ onBreak: true, break: false })).toBe(true);
    expect(isOnBreak({ onBreak: undefined as unknown as boolean, break: true })).toBe(true);
    expect(isOnBreak({ onBreak: false, break: false })).toBe(false);
  });
});

describe("filterGrinders", () => {
  const old = makeGrinder({
    tier: "Gold",
    payment: 1_000_000,
    paid: true,
    hiredAt: 1000,
    userId: "111111111111111111",
  });
  const mid = makeGrinder({ tier: "Bronze", payment: 250_000, hiredAt: 2000, userId: "222222222222222222" });
  const fresh = makeGrinder({
    tier: "Silver",
    payment: 500_000,
    paid: true,
    hiredAt: 3000,
    userId: "333333333333333333",
  });
  const all = [old, mid, fresh];
  const ids = (list: { hiredAt: number }[]) => list.map((grinder) => grinder.hiredAt);

  it("defaults to every grinder, newest hire first", () => {
    expect(defaultGrinderFilters).toMatchObject({ sort: "hiredAt", order: "desc" });
    expect(ids(filterGrinders(all, defaultGrinderFilters))).toEqual([3000, 2000, 1000]);
  });

  it("searches by user id", () => {
    expect(ids(filterGrinders(all, { ...defaultGrinderFilters, search: "2222" }))).toEqual([2000]);
  });

  it("filters by tier in any case and by Paid Only", () => {
    expect(ids(filterGrinders(all, { ...defaultGrinderFilters, tier: "gold" }))).toEqual([1000]);
    expect(ids(filterGrinders(all, { ...defaultGrinderFilters, paidOnly: true }))).toEqual([3000, 1000]);
  });

  it("sorts by payment and by the setup's tier order, both ways", () => {
    expect(ids(filterGrinders(all, { ...defaultGrinderFilters, sort: "payment", order: "asc" }))).toEqual([
      2000, 3000, 1000,
    ]);
    const tiers = ["Bronze", "Silver", "Gold"];
    expect(ids(filterGrinders(all, { ...defaultGrinderFilters, sort: "tier", order: "asc" }, tiers))).toEqual(
      [2000, 3000, 1000],
    );
    expect(
      ids(filterGrinders(all, { ...defaultGrinderFilters, sort: "tier", order: "desc" }, tiers)),
    ).toEqual([1000, 3000, 2000]);
  });
});

describe("rosterStats", () => {
  it("counts paid, unpaid, on break and sums the payments", () => {
    const stats = rosterStats([
      makeGrinder({ paid: true, payment: 1_000_000 }),
      makeGrinder({ onBreak: true, break: true, payment: 500_000 }),
      makeGrinder({ payment: 250_000 }),
    ]);
    expect(stats).toEqual({ total: 3, paid: 1, unpaid: 2, onBreak: 1, totalPayments: 1_750_000 });
  });
});
