import { describe, expect, it } from "vitest";
import { toCsv } from "./insights-csv";
import { changeLabel, isoBucket } from "./insights-format";

describe("toCsv", () => {
  it("writes a header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["Date", "Joins"],
        [
          ["2026-11-01", 4],
          ["2026-11-02", 0],
        ],
      ),
    ).toBe("Date,Joins\r\n2026-11-01,4\r\n2026-11-02,0\r\n");
  });

  it("quotes commas, quotes and line breaks, and defuses spreadsheet formulas", () => {
    expect(
      toCsv(
        ["Giveaway", "Entries"],
        [
          ['Nitro, "classic"', 3],
          ["=HYPERLINK(1)", 1],
          ["two\nlines", 2],
        ],
      ),
    ).toBe('Giveaway,Entries\r\n"Nitro, ""classic""",3\r\n\'=HYPERLINK(1),1\r\n"two\nlines",2\r\n');
  });

  it("leaves negative numbers as numbers", () => {
    expect(toCsv(["Net"], [[-3]])).toBe("Net\r\n-3\r\n");
  });
});

describe("insights labels", () => {
  it("names UTC buckets and changes", () => {
    const at = Date.UTC(2026, 10, 27, 14);
    expect(isoBucket(at, "day")).toBe("2026-11-27");
    expect(isoBucket(at, "hour")).toBe("2026-11-27 14:00");
    expect(changeLabel(12.5, 9)).toBe("+12.5%");
    expect(changeLabel(-4, 9)).toBe("−4%");
    expect(changeLabel(null, 5)).toBe("new");
    expect(changeLabel(null, 0)).toBe("—");
  });
});
