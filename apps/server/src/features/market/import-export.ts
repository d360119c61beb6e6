import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Attachment } from "../../discord/port/port.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { formatCsv, parseCsv, unsafeCell } from "./csv.ts";
import { changing, checkedName, checkedPrice, marketItemLimit } from "./service.ts";
import * as store from "./store.ts";

// The price list's CSV files: `/market import` reads an attachment, `/market export` writes one.

const maxImportBytes = 256 * 1024;

/** Reads a CSV attachment (at most 256 KB): `data:` URLs (the sandbox) or Discord's CDN. */
async function download(attachment: Attachment): Promise<string> {
  if (!/^(https?:|data:)/.test(attachment.url)) throw badRequest("That file can't be read.", "file");
  let response: Response;
  try {
    response = await fetch(attachment.url, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw badRequest("The file couldn't be downloaded from Discord. Try again.", "file");
  }
  if (!response.ok) throw badRequest("The file couldn't be downloaded from Discord. Try again.", "file");
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxImportBytes) throw badRequest("The file is over 256 KB.", "file");
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > maxImportBytes) throw badRequest("The file is over 256 KB.", "file");
  return new TextDecoder("utf-8").decode(bytes);
}

/**
 * `/market import`: adds or updates every `item,price` line of a CSV file in one transaction; any
 * bad line refuses the whole file (the first 10 problems named by line), so nothing half-lands.
 */
export async function importPrices(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  attachment: Attachment,
  actor: AuditActor,
): Promise<{ added: number; updated: number }> {
  if (!/\.(csv|txt)$/i.test(attachment.filename))
    throw badRequest("Attach a .csv file of item,price lines.", "file");
  const rows = parseCsv(await download(attachment));
  const problems: string[] = [];
  const parsed = new Map<string, store.MarketItem>();
  const now = Date.now();
  for (const [index, row] of rows.entries()) {
    const [rawName = "", rawPrice = "", ...extra] = row.cells;
    if (index === 0 && /^(item|name)$/i.test(rawName) && /^(price|value)$/i.test(rawPrice)) continue;
    try {
      if (extra.some((cell) => cell !== "")) throw badRequest("expected two columns: item,price");
      const { name, key } = checkedName(unsafeCell(rawName));
      parsed.set(key, { key, name, price: checkedPrice(rawPrice), updatedAt: now, updatedBy: actor.userId });
    } catch (error) {
      // Joined with "; " and one final full stop: each message's own is dropped.
      problems.push(`line ${row.line}: ${(error as Error).message.replaceAll("**", "").replace(/\.+$/, "")}`);
    }
  }
  if (problems.length > 0) {
    const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : "";
    throw badRequest(`Nothing was imported. ${problems.slice(0, 10).join("; ")}${more}.`, "file");
  }
  if (parsed.size === 0) throw badRequest("The file has no item,price lines.", "file");
  return changing(
    serverId,
    transactionForServer(deps.storage, serverId, "market", async (trx) => {
      const existing = new Set((await store.listItems(trx, serverId)).map((item) => item.key));
      const added = [...parsed.keys()].filter((key) => !existing.has(key)).length;
      if (existing.size + added > marketItemLimit) {
        throw conflict(
          `Importing would make ${existing.size + added} items, over this server's cap of ${marketItemLimit} price list items; remove some with /market remove first.`,
          "file",
        );
      }
      await store.upsertItems(trx, serverId, [...parsed.values()]);
      await recordAudit(trx, serverId, actor, "market.import", { added, updated: parsed.size - added });
      return { added, updated: parsed.size - added };
    }),
  );
}

/** `/market export`: the list as CSV. */
export async function exportPrices(deps: Pick<AppContext, "storage">, serverId: string) {
  const items = await store.listItems(deps.storage.db, serverId);
  return { csv: formatCsv(items), count: items.length };
}
