import { describe, expect, it } from "vitest";
import { addMultiplierRole, chosenRoles, MULTIPLIER_DEFAULT, parseMultiplier } from "./config-rules";

describe("giveaway configuration rules", () => {
  it("defaults the multiplier to 2 and accepts 1 to 10", () => {
    expect(MULTIPLIER_DEFAULT).toBe(2);
    expect(parseMultiplier("1")).toEqual({ value: 1, error: null });
    expect(parseMultiplier("10")).toEqual({ value: 10, error: null });
    expect(parseMultiplier("0").value).toBeNull();
    expect(parseMultiplier("11").value).toBeNull();
    expect(parseMultiplier("2.5").value).toBeNull();
    expect(parseMultiplier("x").error).toMatch(/1 to 10/);
  });

  it("adds a multiplier role, and replaces the multiplier when the role is added again", () => {
    const once = addMultiplierRole([], "1", 3);
    expect(once).toEqual([{ roleId: "1", multiplier: 3 }]);
    expect(addMultiplierRole(once, "2", 2)).toEqual([
      { roleId: "1", multiplier: 3 },
      { roleId: "2", multiplier: 2 },
    ]);
    expect(addMultiplierRole(once, "1", 5)).toEqual([{ roleId: "1", multiplier: 5 }]);
  });

  it("needs a role and a multiplier above 0", () => {
    expect(addMultiplierRole([], "", 2)).toEqual([]);
    expect(addMultiplierRole([], "1", 0)).toEqual([]);
  });

  it("leaves roles chosen in other lists out of each select", () => {
    const config = {
      bypassRoles: ["a"],
      blacklistRoles: ["b"],
      multiplierRoles: [{ roleId: "c", multiplier: 2 }],
    };
    expect([...chosenRoles(config)].sort()).toEqual(["a", "b", "c"]);
    expect([...chosenRoles(config, "bypassRoles")].sort()).toEqual(["b", "c"]);
  });
});
