import type { MarketImportPlan } from "@hearth/core";
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

interface ReadImport {
  items: Map<string, store.MarketItem>;
  invalid: { line: number; text: string; reason: string }[];
}

/** Reads `item,price` lines (a header line is skipped); a later line of the same item wins. */
function readImport(text: string, userId: string | null, now: number): ReadImport {
  const items = new Map<string, store.MarketItem>();
  const invalid: ReadImport["invalid"] = [];
  for (const [index, row] of parseCsv(text).entries()) {
    const [rawName = "", rawPrice = "", ...extra] = row.cells;
    if (index === 0 && /^(item|name)$/i.test(rawName) && /^(price|value)$/i.test(rawPrice)) continue;
    try {
      if (extra.some((cell) => cell !== "")) throw badRequest("expected two columns: item,price");
      if (rawPrice === "") throw badRequest("no price (expected two columns: item,price)");
      const { name, key } = checkedName(unsafeCell(rawName));
      items.set(key, { key, name, price: checkedPrice(rawPrice), updatedAt: now, updatedBy: userId });
    } catch (error) {
      invalid.push({
        line: row.line,
        text: row.cells.join(",").slice(0, 200),
        reason: (error as Error).message.replaceAll("**", "").replace(/\.+$/, ""),
      });
    }
  }
  return { items, invalid };
}

/** What importing `read` into a list holding `existing` changes. */
function planOf(existing: readonly store.MarketItem[], read: ReadImport, replace: boolean, applied: boolean) {
  const before = new Map(existing.map((item) => [item.key, item]));
  const plan: MarketImportPlan = {
    added: [],
    changed: [],
    removed: [],
    unchanged: 0,
    invalid: read.invalid,
    total: 0,
    overCap: false,
    applied,
  };
  for (const item of read.items.values()) {
    const old = before.get(item.key);
    if (!old) plan.added.push({ name: item.name, price: item.price.toString() });
    else if (old.price !== item.price || old.name !== item.name)
      plan.changed.push({ name: item.name, from: old.price.toString(), to: item.price.toString() });
    else plan.unchanged++;
  }
  if (replace)
    for (const old of existing)
      if (!read.items.has(old.key)) plan.removed.push({ name: old.name, price: old.price.toString() });
  plan.total = existing.length + plan.added.length - plan.removed.length;
  plan.overCap = plan.total > marketItemLimit;
  return plan;
}

/** The dashboard's dry run: what importing the CSV would add, change and remove, and its bad lines. */
export async function previewImport(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  text: string,
  options: { replace: boolean },
): Promise<MarketImportPlan> {
  const read = readImport(text, null, Date.now());
  return planOf(await store.listItems(deps.storage.db, serverId), read, options.replace, false);
}

/**
 * Imports a CSV: adds or updates every `item,price` line in one transaction (and with `replace`,
 * removes the items the file doesn't list); any bad line refuses the whole file (the first 10
 * problems named by line), so nothing half-lands. `/market import` and the dashboard's Import.
 */
export async function applyImport(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  text: string,
  options: { replace: boolean },
  actor: AuditActor,
): Promise<MarketImportPlan> {
  const read = readImport(text, actor.userId, Date.now());
  if (read.invalid.length > 0) {
    const problems = read.invalid.map((bad) => `line ${bad.line}: ${bad.reason}`);
    const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : "";
    throw badRequest(`Nothing was imported. ${problems.slice(0, 10).join("; ")}${more}.`, "file");
  }
  if (read.items.size === 0) throw badRequest("The file has no item,price lines.", "file");
  return changing(
    serverId,
    transactionForServer(deps.storage, serverId, "market", async (trx) => {
      const existing = await store.listItems(trx, serverId);
      const plan = planOf(existing, read, options.replace, true);
      if (plan.overCap) {
        throw conflict(
          `Importing would make ${plan.total} items, over this server's cap of ${marketItemLimit} price list items; remove some with /market remove first.`,
          "file",
        );
      }
      await store.upsertItems(trx, serverId, [...read.items.values()]);
      if (options.replace)
        for (const old of existing)
          if (!read.items.has(old.key)) await store.deleteItem(trx, serverId, old.key);
      await recordAudit(trx, serverId, actor, "market.import", {
        added: plan.added.length,
        updated: read.items.size - plan.added.length,
        ...(options.replace ? { removed: plan.removed.length } : {}),
      });
      return plan;
    }),
  );
}

/** `/market import`: a CSV attachment, added to the list (nothing removed). */
export async function importPrices(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  attachment: Attachment,
  actor: AuditActor,
): Promise<{ added: number; updated: number }> {
  if (!/\.(csv|txt)$/i.test(attachment.filename))
    throw badRequest("Attach a .csv file of item,price lines.", "file");
  const plan = await applyImport(deps, serverId, await download(attachment), { replace: false }, actor);
  return { added: plan.added.length, updated: plan.changed.length + plan.unchanged };
}

/** `/market export`: the list as CSV. */
export async function exportPrices(deps: Pick<AppContext, "storage">, serverId: string) {
  const items = await store.listItems(deps.storage.db, serverId);
  return { csv: formatCsv(items), count: items.length };
}
