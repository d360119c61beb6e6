import type { GiveawayTemplate } from "@hearth/core";
import { describe, expect, it } from "vitest";
import { cellOfServerField, rowFromTemplate, validateBulkRows } from "./bulk-rows";

const template: GiveawayTemplate = {
  id: "1",
  name: "Daily",
  createdAt: 0,
  settings: { channelId: "100000000000000001", prize: "Nitro", duration: 5400, winnerCount: 2 },
};

describe("the bulk table's rows", () => {
  it("start from the template and become the request's rows", () => {
    const row = rowFromTemplate(template);
    expect(row).toMatchObject({
      prize: "Nitro",
      duration: "1h30m",
      winners: "2",
      channelId: "100000000000000001",
    });
    const { rows, errors } = validateBulkRows([
      row,
      { ...rowFromTemplate(template), prize: "Steam key", duration: "2d" },
    ]);
    expect(errors.size).toBe(0);
    expect(rows).toEqual([
      { prize: "Nitro", duration: 5400, winnerCount: 2, channelId: "100000000000000001" },
      { prize: "Steam key", duration: 172_800, winnerCount: 2, channelId: "100000000000000001" },
    ]);
  });

  it("name each wrong cell of each row", () => {
    const good = rowFromTemplate(template);
    const bad = { ...rowFromTemplate(template), prize: " ", duration: "soon", winners: "51", channelId: "" };
    const short = { ...rowFromTemplate(template), duration: "10s" };
    const { rows, errors } = validateBulkRows([good, bad, short]);
    expect(rows).toBeNull();
    expect(errors.get(good.key)).toBeUndefined();
    expect(errors.get(bad.key)).toEqual({
      prize: "Enter a prize",
      duration: "Write it like 30m, 12h, 2d or 1w",
      winners: "A whole number from 1 to 50",
      channelId: "Choose a channel",
    });
    expect(errors.get(short.key)).toEqual({ duration: "Between 1 minute and 90 days" });
  });

  it("place the API's refusal of a row's field on its cell", () => {
    const rows = [rowFromTemplate(template), rowFromTemplate(template)];
    expect(cellOfServerField("rows.1.channelId", rows)).toEqual({ key: rows[1]?.key, cell: "channelId" });
    expect(cellOfServerField("rows.0.winnerCount", rows)).toEqual({ key: rows[0]?.key, cell: "winners" });
    expect(cellOfServerField("rows.7.prize", rows)).toBeNull();
    expect(cellOfServerField("rows", rows)).toBeNull();
  });
});
