import type {
  GiveawayBlock,
  GiveawayBlockBody,
  GiveawayEntrantsPage,
  GiveawayEntrantsQuery,
  RemoveEntrantBody,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Db } from "../../db/schema.ts";
import { requireMember } from "../../discord/port/validate.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import * as configStore from "./config-store.ts";
import * as entrantStore from "./entrant-store.ts";
import * as entryStore from "./entry-store.ts";
import { giveawayListsChanged, giveawayNotFound } from "./queries.ts";
import * as store from "./store.ts";

/** Managers' view of who entered: the live list, removals (with a reason) and blocks. */

type Deps = Pick<AppContext, "storage" | "discord">;

const removalsShown = 50;
/** A search counts this many matches at most; the whole list this many entrants. */
const searchCountCap = 100;
const listCountCap = 10_000;

const parseCursor = (cursor: string | undefined) => {
  if (!cursor) return undefined;
  const [enteredAt, userId] = cursor.split(":");
  return { enteredAt: Number(enteredAt), userId: userId as string };
};

/** A page of a giveaway's entrants (searched by name or id), with why each holds their tickets. */
export async function listEntrants(
  deps: Deps,
  serverId: string,
  messageId: string,
  query: GiveawayEntrantsQuery,
): Promise<GiveawayEntrantsPage> {
  const { db } = deps.storage;
  const giveaway = await store.findGiveaway(db, serverId, messageId);
  if (!giveaway) throw giveawayNotFound();
  const countCap = query.q?.trim() ? searchCountCap : listCountCap;
  const [page, total, config, removed] = await Promise.all([
    entrantStore.pageEntrants(db, giveaway.id, {
      q: query.q,
      limit: query.limit,
      after: parseCursor(query.cursor),
      dialect: deps.storage.dialect,
    }),
    // Counted (and removals listed) with the first page only: the next pages are one index read each.
    query.cursor
      ? null
      : entrantStore.countEntrants(db, giveaway.id, query.q, countCap, deps.storage.dialect),
    configStore.getConfig(db, serverId),
    query.cursor ? [] : entrantStore.listRemovals(db, giveaway.id, removalsShown),
  ]);
  const last = page.rows.at(-1);
  return {
    entrants: page.rows.map((row) => {
      // The multiplier role whose multiplier their tickets match, by today's configuration.
      const role =
        row.entries > 1 ? config.multiplierRoles.find((r) => r.multiplier === row.entries) : undefined;
      const parts = [
        ...(row.entries > 1 ? [`×${row.entries} multiplier role`] : []),
        ...(row.hasBypass ? ["bypass role"] : []),
      ];
      return {
        userId: row.userId,
        username: row.username,
        enteredAt: row.enteredAt,
        entries: row.entries,
        hasBypass: row.hasBypass,
        bonus: parts.length > 0 ? parts.join(", ") : null,
        bonusRoleId: role?.roleId ?? null,
      };
    }),
    total: total === null ? null : Math.min(total, countCap),
    totalCapped: total !== null && total > countCap,
    nextCursor: page.more && last ? `${last.enteredAt}:${last.userId}` : null,
    removed,
  };
}

type Removal = { userId: string; reason: string; removedBy: string | null; removedAt: number };

/** The removal as separate statements under the giveaway's row lock; null when nothing was removed. */
async function removeStepByStep(trx: Db, serverId: string, messageId: string, removal: Removal) {
  const giveaway = await store.findGiveaway(trx, serverId, messageId);
  if (giveaway?.status !== "active") return null;
  if (!(await entryStore.deleteEntry(trx, giveaway.id, removal.userId))) return null;
  await entrantStore.recordRemoval(trx, { giveawayId: giveaway.id, ...removal });
  return { prize: giveaway.prize };
}

/** Why a removal removed nothing: no such giveaway (404), it ended (409), or not an entrant (404). */
async function whyNotRemoved(trx: Db, serverId: string, messageId: string) {
  const giveaway = await store.findGiveaway(trx, serverId, messageId);
  if (!giveaway) return giveawayNotFound();
  if (giveaway.status !== "active") {
    return conflict("This giveaway has ended; its entrants can't be removed any more");
  }
  return notFound("This member hasn't entered this giveaway");
}

/**
 * Takes an entrant out of a running giveaway, keeping the reason (audited); the member reads it the
 * next time they press Enter, and can't enter this giveaway again. `block` also blocks them from
 * every giveaway of the server.
 */
export async function removeEntrant(
  deps: Deps,
  serverId: string,
  messageId: string,
  userId: string,
  actor: AuditActor,
  body: RemoveEntrantBody,
): Promise<void> {
  const now = Date.now();
  // The giveaway's row lock alone orders this with the end, rerolls, pauses and entries (each of
  // them locks the row too): no advisory lock before it, one round trip fewer on PostgreSQL.
  await deps.storage.db.transaction().execute(async (trx) => {
    const removal = { userId, reason: body.reason, removedBy: actor.userId, removedAt: now };
    // PostgreSQL: the lock, the delete and the removal in one statement (a round trip each
    // otherwise, and round trips are most of a removal's time); SQLite runs in-process.
    const removed =
      deps.storage.dialect === "postgres"
        ? await entrantStore.removeLockedEntry(trx, serverId, messageId, removal)
        : await removeStepByStep(trx, serverId, messageId, removal);
    if (!removed) throw await whyNotRemoved(trx, serverId, messageId);
    const giveaway = removed;
    if (body.block) {
      await entrantStore.insertBlock(trx, {
        serverId,
        userId,
        reason: body.reason,
        blockedBy: actor.userId,
        createdAt: now,
      });
    }
    await recordAudit(trx, serverId, actor, "giveaway.entrant.remove", {
      messageId,
      prize: giveaway.prize,
      userId,
      reason: body.reason,
      blocked: body.block === true,
    });
  });
  giveawayListsChanged();
}

export function listBlocks(deps: Deps, serverId: string): Promise<GiveawayBlock[]> {
  return entrantStore.listBlocks(deps.storage.db, serverId);
}

/** Blocks a member from every giveaway of the server (their current entries stay until removed). */
export async function blockMember(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  body: GiveawayBlockBody,
): Promise<GiveawayBlock[]> {
  await requireMember(deps, serverId, body.userId, "userId");
  await transactionForServer(deps.storage, serverId, "giveaway-blocks", async (trx) => {
    await entrantStore.insertBlock(trx, {
      serverId,
      userId: body.userId,
      reason: body.reason,
      blockedBy: actor.userId,
      createdAt: Date.now(),
    });
    await recordAudit(trx, serverId, actor, "giveaway.block", { userId: body.userId, reason: body.reason });
  });
  return listBlocks(deps, serverId);
}

export async function unblockMember(
  deps: Deps,
  serverId: string,
  userId: string,
  actor: AuditActor,
): Promise<void> {
  await transactionForServer(deps.storage, serverId, "giveaway-blocks", async (trx) => {
    if (!(await entrantStore.deleteBlock(trx, serverId, userId))) {
      throw notFound("This member isn't blocked from giveaways");
    }
    await recordAudit(trx, serverId, actor, "giveaway.unblock", { userId });
  });
}
