import { describe, expect, it } from "vitest";
import {
  birthdayStart,
  canonicalTimeZone,
  localParts,
  nextBirthday,
  observedDay,
  startOfLocalDay,
} from "./calendar.ts";

const utc = (text: string) => Date.parse(`${text}Z`);

describe("birthday calendar", () => {
  it("starts a birthday at local midnight in the member's time zone", () => {
    expect(birthdayStart(7, 20, "UTC", 2026)).toBe(utc("2026-07-20T00:00:00"));
    // Tokyo is UTC+9: its midnight is 15:00 UTC the day before.
    expect(birthdayStart(7, 20, "Asia/Tokyo", 2026)).toBe(utc("2026-07-19T15:00:00"));
    // New York in summer is UTC-4, in winter UTC-5.
    expect(birthdayStart(7, 20, "America/New_York", 2026)).toBe(utc("2026-07-20T04:00:00"));
    expect(birthdayStart(1, 5, "America/New_York", 2026)).toBe(utc("2026-01-05T05:00:00"));
    // Half- and quarter-hour zones.
    expect(birthdayStart(3, 1, "Asia/Kolkata", 2026)).toBe(utc("2026-02-28T18:30:00"));
    expect(birthdayStart(3, 1, "Asia/Kathmandu", 2026)).toBe(utc("2026-02-28T18:15:00"));
  });

  it("celebrates 29 February on 28 February in other years, on the day itself in leap years", () => {
    expect(observedDay(2, 29, 2027)).toEqual({ month: 2, day: 28 });
    expect(observedDay(2, 29, 2028)).toEqual({ month: 2, day: 29 });
    expect(observedDay(2, 29, 2100)).toEqual({ month: 2, day: 28 });
    expect(observedDay(2, 29, 2000)).toEqual({ month: 2, day: 29 });
    expect(birthdayStart(2, 29, "UTC", 2027)).toBe(utc("2027-02-28T00:00:00"));
    expect(birthdayStart(2, 29, "UTC", 2028)).toBe(utc("2028-02-29T00:00:00"));
  });

  it("finds the next birthday strictly after a moment, a year on once the day has begun", () => {
    const before = utc("2026-07-19T23:59:59");
    expect(nextBirthday(7, 20, "UTC", before)).toEqual({ at: utc("2026-07-20T00:00:00"), year: 2026 });
    const onTheDay = utc("2026-07-20T08:00:00");
    expect(nextBirthday(7, 20, "UTC", onTheDay)).toEqual({ at: utc("2027-07-20T00:00:00"), year: 2027 });
    // Late on 31 December in Tokyo it is already 1 January: the year rolls over in local time.
    expect(nextBirthday(1, 1, "Asia/Tokyo", utc("2026-12-31T14:00:00"))).toEqual({
      at: utc("2026-12-31T15:00:00"),
      year: 2027,
    });
    expect(nextBirthday(2, 29, "UTC", utc("2026-03-01T00:00:00"))).toEqual({
      at: utc("2027-02-28T00:00:00"),
      year: 2027,
    });
  });

  it("begins a day whose midnight a clock change skips at the moment it begins", () => {
    // São Paulo moved its clocks from 00:00 to 01:00 on 4 November 2018: that day began at 03:00 UTC.
    const start = startOfLocalDay(2018, 11, 4, "America/Sao_Paulo");
    expect(start).toBe(utc("2018-11-04T03:00:00"));
    expect(localParts(start, "America/Sao_Paulo")).toMatchObject({ day: 4, hour: 1, minute: 0 });
    // Havana falls back from 01:00 to 00:00 on 2 November 2025: midnight happens once; the day starts then.
    expect(localParts(startOfLocalDay(2025, 11, 2, "America/Havana"), "America/Havana")).toMatchObject({
      day: 2,
      hour: 0,
    });
  });

  it("accepts IANA names in any case and refuses anything else", () => {
    expect(canonicalTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone(" UTC ")).toBe("UTC");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("+02:00")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
    expect(canonicalTimeZone("x".repeat(80))).toBeNull();
  });
});
