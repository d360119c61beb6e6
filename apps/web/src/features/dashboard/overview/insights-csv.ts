/** One CSV field: quoted when it holds a comma, a quote or a line break; a formula's lead character defused. */
function field(value: string | number): string {
  let text = String(value);
  // A spreadsheet runs a cell starting with = + - @ as a formula; names come from the server's members.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document (RFC 4180, CRLF line ends) of a header row and the data rows. */
export function toCsv(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${[headers, ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}

/** Saves the CSV as a download named `filename`. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
