import { timerPresets } from "@hearth/core";
import { describe, expect, it } from "vitest";
import {
  describeSeconds,
  durationSeconds,
  emptyTimerForm,
  formatTimeLeft,
  validateTimer,
} from "./timer-form";

describe("timer form", () => {
  it("starts at the default 3600 seconds", () => {
    expect(emptyTimerForm.duration).toBe("3600");
  });

  it("has the spec's six presets", () => {
    expect(timerPresets.map((preset) => preset.seconds)).toEqual([300, 900, 1800, 3600, 7200, 86_400]);
    expect(timerPresets.map((preset) => preset.label)).toEqual([
      "5 min",
      "15 min",
      "30 min",
      "1 h",
      "2 h",
      "24 h",
    ]);
  });

  it.each([
    ["300", 300],
    ["abc", 0],
    ["", 0],
    ["-5", -5],
  ])("reads the duration %j as %d", (raw, seconds) => {
    expect(durationSeconds(raw)).toBe(seconds);
  });

  it("needs a channel, a message and a duration above 0", () => {
    expect(validateTimer({ channelId: "", duration: "abc", message: "  " })).toEqual({
      channelId: "Choose a channel",
      message: "Enter a message",
      duration: "Duration must be above 0 seconds",
    });
    expect(validateTimer({ channelId: "1085288491253760134", duration: "1", message: "Go!" })).toEqual({});
    expect(
      validateTimer({ channelId: "1085288491253760134", duration: "2592001", message: "Go!" }).duration,
    ).toMatch(/30 days/);
  });

  it("shows time left and durations readably", () => {
    expect(formatTimeLeft(6_852_000)).toBe("1h 54m 12s");
    expect(formatTimeLeft(2 * 86_400_000 + 3 * 3_600_000)).toBe("2d 3h 0m");
    expect(formatTimeLeft(45_000)).toBe("45s");
    expect(describeSeconds(5400)).toBe("1 h 30 min");
  });
});
