import { describe, expect, it } from "vitest";
import { parseTipsEvery, TIPS_EVERY_ERROR } from "./tips-frequency";

describe("parseTipsEvery", () => {
  it.each([
    ["10", 10],
    [" 2 ", 2],
    ["100", 100],
  ])("accepts %j", (raw, value) => {
    expect(parseTipsEvery(raw)).toEqual({ value, error: null });
  });

  it.each(["", "1", "101", "2.5", "ten", "-3"])("refuses %j", (raw) => {
    expect(parseTipsEvery(raw)).toEqual({ value: null, error: TIPS_EVERY_ERROR });
  });
});
