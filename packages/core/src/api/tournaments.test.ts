import { describe, expect, it } from "vitest";
import { tournamentParams, tournamentRoundName } from "./tournaments.ts";

describe("tournament API helpers", () => {
  it("names rounds from the final backwards", () => {
    expect([1, 2, 3, 4, 5, 6].map((round) => tournamentRoundName(round, 6))).toEqual([
      "Round of 64",
      "Round of 32",
      "Round of 16",
      "Quarter-finals",
      "Semi-finals",
      "Final",
    ]);
    expect(tournamentRoundName(1, 1)).toBe("Final");
    expect(tournamentRoundName(1, 2)).toBe("Semi-finals");
  });

  it("reads the tournament id from the path as a positive whole number", () => {
    expect(tournamentParams.parse({ serverId: "1085281409813676032", tournamentId: "7" })).toEqual({
      serverId: "1085281409813676032",
      tournamentId: 7,
    });
    expect(tournamentParams.safeParse({ serverId: "1085281409813676032", tournamentId: "abc" }).success).toBe(
      false,
    );
    expect(tournamentParams.safeParse({ serverId: "1085281409813676032", tournamentId: "0" }).success).toBe(
      false,
    );
    expect(tournamentParams.safeParse({ serverId: "12", tournamentId: "3" }).success).toBe(false);
  });
});
