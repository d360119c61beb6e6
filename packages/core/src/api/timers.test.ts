import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTimerBody, parseTimerSeconds, timerLimits } from "./timers.ts";

const channelId = "123456789012345678";

describe("parseTimerSeconds", () => {
  it.each([
    [300, 300],
    ["300", 300],
    [" 3600 ", 3600],
    ["90m", 5400],
    ["1d12h", 129_600],
    ["30s", 30],
    [1.5, null],
    ["1.5s", null],
    ["0.5", null],
    ["soon", null],
    ["", null],
  ])("reads %j as %j", (input, expected) => {
    expect(parseTimerSeconds(input)).toBe(expected);
  });

  it("reads any whole number of seconds, as a number or as digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (seconds) => {
        expect(parseTimerSeconds(seconds)).toBe(seconds);
        expect(parseTimerSeconds(String(seconds))).toBe(seconds);
      }),
    );
  });
});

describe("createTimerBody", () => {
  it("defaults the duration to 3600 seconds and trims the message", () => {
    expect(createTimerBody.parse({ channelId, message: "  Heist starts  " })).toEqual({
      channelId,
      duration: 3600,
      message: "Heist starts",
    });
    expect(createTimerBody.parse({ channelId, message: "x", duration: null }).duration).toBe(3600);
  });

  it("accepts 1 second to 30 days, bounds included", () => {
    for (const duration of [1, timerLimits.maxDuration, "30d", "2h"]) {
      expect(createTimerBody.safeParse({ channelId, message: "x", duration }).success, String(duration)).toBe(
        true,
      );
    }
  });

  const issuePath = (body: unknown) =>
    createTimerBody.safeParse(body).error?.issues.map((issue) => issue.path.join("."));

  it("names the failing field", () => {
    expect(issuePath({ channelId, message: "x", duration: 0 })).toEqual(["duration"]);
    expect(issuePath({ channelId, message: "x", duration: timerLimits.maxDuration + 1 })).toEqual([
      "duration",
    ]);
    expect(issuePath({ channelId, message: "x", duration: "31d" })).toEqual(["duration"]);
    expect(issuePath({ channelId, message: "x", duration: 1.5 })).toEqual(["duration"]);
    expect(issuePath({ channelId, message: "x", duration: -5 })).toEqual(["duration"]);
    expect(issuePath({ channelId, message: "x", duration: true })).toEqual(["duration"]);
    expect(issuePath({ channelId, message: "   " })).toEqual(["message"]);
    expect(issuePath({ channelId, message: "x".repeat(2001) })).toEqual(["message"]);
    expect(issuePath({ channelId: "general", message: "x" })).toEqual(["channelId"]);
    expect(issuePath({ message: "x" })).toEqual(["channelId"]);
  });

  it("keeps every in-range duration and refuses every out-of-range one", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 5_000_000 }), (duration) => {
        const parsed = createTimerBody.safeParse({ channelId, message: "x", duration });
        const inRange = duration >= 1 && duration <= timerLimits.maxDuration;
        expect(parsed.success).toBe(inRange);
        if (parsed.success) expect(parsed.data.duration).toBe(duration);
      }),
    );
  });
});
