import {
  type BulkGiveawayRow,
  bulkGiveawayRow,
  formatDurationShort,
  type GiveawayTemplate,
  giveawayTemplateLimits,
  parseDuration,
} from "@hearth/core";

/** One editable row of the bulk table: what the manager typed, as typed. */
export interface BulkRowDraft {
  key: number;
  prize: string;
  /** As `parseDuration` reads it: 30m, 12h, 1d12h, 1w. */
  duration: string;
  winners: string;
  channelId: string;
}

export type BulkCellErrors = Partial<Record<"prize" | "duration" | "winners" | "channelId", string>>;

let nextKey = 1;

/** A row prefilled with the template's prize, duration, winners and channel. */
export function rowFromTemplate(template: GiveawayTemplate): BulkRowDraft {
  return {
    key: nextKey++,
    prize: template.settings.prize,
    duration: formatDurationShort(template.settings.duration),
    winners: String(template.settings.winnerCount),
    channelId: template.settings.channelId,
  };
}

export const maxBulkRows = giveawayTemplateLimits.bulkMaxRows;

/**
 * Checks every row with the API's own schema; answers the request's rows, or the errors of each
 * row's cells (by row key) when any cell is wrong.
 */
export function validateBulkRows(rows: readonly BulkRowDraft[]): {
  rows: BulkGiveawayRow[] | null;
  errors: Map<number, BulkCellErrors>;
} {
  const errors = new Map<number, BulkCellErrors>();
  const body: BulkGiveawayRow[] = [];
  for (const row of rows) {
    const cell: BulkCellErrors = {};
    const ms = parseDuration(row.duration);
    if (ms === null) cell.duration = "Write it like 30m, 12h, 2d or 1w";
    const parsed = bulkGiveawayRow.safeParse({
      prize: row.prize,
      duration: ms === null ? undefined : Math.round(ms / 1000),
      winnerCount: row.winners.trim() === "" ? Number.NaN : Number(row.winners),
      channelId: row.channelId || undefined,
    });
    if (!row.prize.trim()) cell.prize = "Enter a prize";
    if (!row.channelId) cell.channelId = "Choose a channel";
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === "prize") cell.prize ??= "Enter a prize of at most 256 characters";
        if (field === "duration") cell.duration ??= "Between 1 minute and 90 days";
        if (field === "winnerCount") cell.winners ??= "A whole number from 1 to 50";
        if (field === "channelId") cell.channelId ??= "Choose a channel";
      }
    }
    if (Object.keys(cell).length > 0) errors.set(row.key, cell);
    else if (parsed.success) body.push(parsed.data);
  }
  return { rows: errors.size === 0 ? body : null, errors };
}

const cellOfField: Record<string, keyof BulkCellErrors> = {
  prize: "prize",
  duration: "duration",
  winnerCount: "winners",
  channelId: "channelId",
};

/** The cell an API refusal names (`rows.2.channelId`), so it is shown where it belongs. */
export function cellOfServerField(
  field: string | null | undefined,
  rows: readonly BulkRowDraft[],
): { key: number; cell: keyof BulkCellErrors } | null {
  const match = /^rows\.(\d+)\.(\w+)$/.exec(field ?? "");
  if (!match) return null;
  const row = rows[Number(match[1])];
  const cell = cellOfField[match[2] ?? ""];
  return row && cell ? { key: row.key, cell } : null;
}
