/**
 * The price list as CSV: `item,price` per line, a header line optional, prices as typed in Discord
 * (`1500000`, `1,500,000` in quotes, `1.5m`). Fields may be quoted ("Gold, Bar"), with `""` for a
 * quote. Export writes plain digits so any spreadsheet reads them.
 */
export interface CsvRow {
  /** 1-based line number, for error messages. */
  line: number;
  cells: string[];
}

/** Splits CSV text into rows of cells (RFC 4180 quoting; `,` or `;` separated; blank lines skipped). */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  const source = text.replace(/^\uFEFF/, "");
  let line = 1;
  let rowLine = 1;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== ""))
      rows.push({ line: rowLine, cells: cells.map((c) => c.trim()) });
    cells = [];
    cell = "";
  };
  while (i < source.length) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
      i++;
      continue;
    }
    if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === "," || char === ";") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += char;
    }
    i++;
  }
  endRow();
  return rows;
}

const quote = (value: string) => (/[",;\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * Writes the list. A name starting with `= + - @` gets a leading apostrophe, which spreadsheets
 * hide, so they don't run it as a formula (CSV injection); `unsafeCell` strips it on import.
 */
export function formatCsv(items: readonly { name: string; price: bigint }[]): string {
  const lines = ["item,price", ...items.map((item) => `${quote(safeCell(item.name))},${item.price}`)];
  return `${lines.join("\n")}\n`;
}

const safeCell = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);

/** Reverses `safeCell` when reading an exported file back. */
export const unsafeCell = (value: string) => (/^'[=+\-@]/.test(value) ? value.slice(1) : value);
