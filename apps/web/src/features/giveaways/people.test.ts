import { afterEach, describe, expect, it, vi } from "vitest";
import { normalisePeople } from "./people";

afterEach(() => vi.restoreAllMocks());

describe("normalisePeople", () => {
  it("keeps valid rows and fills the gaps", () => {
    const rows = normalisePeople(
      [
        {
          userId: "111111111111111111",
          username: "alex",
          entries: 3,
          timestamp: 1_700_000_000_000,
          hasBypass: true,
        },
        { userId: "222222222222224321", entries: 0 },
      ],
      "timestamp",
      "participant",
    );
    expect(rows).toEqual([
      {
        key: "111111111111111111",
        userId: "111111111111111111",
        name: "alex",
        entries: 3,
        at: 1_700_000_000_000,
        hasBypass: true,
      },
      {
        key: "222222222222224321",
        userId: "222222222222224321",
        name: "User 4321",
        entries: 1,
        at: null,
        hasBypass: false,
      },
    ]);
  });

  it("skips rows without a userId with a warning, and skips non-objects silently", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const rows = normalisePeople([null, 5, "x", { username: "ghost" }, { userId: "" }], "wonAt", "winner");
    expect(rows).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("reads wonAt for winners and gives repeated users distinct keys", () => {
    const rows = normalisePeople(
      [
        { userId: "333333333333333333", username: "sam", entries: 1, wonAt: 5 },
        { userId: "333333333333333333", username: "sam", entries: 1, wonAt: "2025-07-20T12:00:00Z" },
      ],
      "wonAt",
      "winner",
    );
    expect(rows.map((row) => row.key)).toEqual(["333333333333333333", "333333333333333333#1"]);
    expect(rows[1]?.at).toBe(Date.parse("2025-07-20T12:00:00Z"));
  });

  it("answers an empty list for anything that isn't a list", () => {
    expect(normalisePeople(undefined, "timestamp", "participant")).toEqual([]);
    expect(normalisePeople({}, "timestamp", "participant")).toEqual([]);
  });
});
