import type { GiveawaySort, GiveawayStatusFilter } from "@hearth/core";
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import { publicInvites } from "../discovery/service.ts";
import { guildIdsNamedLike, guildNames, knownGuildIds, leftGuildIds } from "../guilds/service.ts";

/**
 * The public giveaway lists, a page at a time: only the columns a list item shows, the search,
 * status filter and order done by the database, and the counts the site's tiles show.
 */

export interface ListFilter {
  serverId?: string | undefined;
  /** Prize or server name contains this (case-insensitive). */
  q?: string | undefined;
  status?: GiveawayStatusFilter | undefined;
  /** What "running" is measured against (ms). */
  now: number;
}

export interface ListRow {
  serverId: string;
  messageId: string;
  prize: string;
  guildName: string;
  running: boolean;
  status: "active" | "ended";
  endTime: number;
  createdAt: number;
  winnerCount: number;
  entryCount: number;
  drawnWinners: number;
  inviteUrl: string | null;
  scheduleId: number | null;
  paused: boolean;
  maxEntries: number | null;
  claimWindowMs: number | null;
  reminderBeforeMs: number | null;
}

type From = SelectQueryBuilder<Database & { g: Database["giveaways"] }, "g", object>;

/**
 * Giveaways of servers the bot is still in. Which servers it left (and, for a search, which are
 * named so) come from the guilds feature's service as id lists placed in this query; a page's
 * servers' current names and directory invites are asked of their owners (guilds, discovery) once
 * per page, after it.
 */
function base(db: Db): From {
  return db.selectFrom("giveaways as g").where("g.server_id", "not in", leftGuildIds(db)) as unknown as From;
}

const runningCase = (eb: ExpressionBuilder<Database & { g: Database["giveaways"] }, "g">, now: number) =>
  eb
    .case()
    .when(eb.and([eb("g.status", "=", "active"), eb("g.end_time", ">", now)]))
    .then(1)
    .else(0)
    .end();

/** `%`, `_` and `\` match themselves in the search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered<Q extends From>(db: Db, query: Q, filter: ListFilter): Q {
  let q = query;
  if (filter.serverId !== undefined) q = q.where("g.server_id", "=", filter.serverId) as Q;
  const text = filter.q?.trim();
  if (text) {
    const pattern = likePattern(text);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref("g.prize")}) like ${pattern} escape '\\'`,
        // The server's current name, or the name kept at creation when the bot never saw it.
        eb("g.server_id", "in", guildIdsNamedLike(db, pattern)),
        eb.and([
          eb("g.server_id", "not in", knownGuildIds(db)),
          sql<boolean>`lower(${eb.ref("g.guild_name")}) like ${pattern} escape '\\'`,
        ]),
      ]),
    ) as Q;
  }
  if (filter.status === "active") {
    q = q.where("g.status", "=", "active").where("g.end_time", ">", filter.now) as Q;
  } else if (filter.status === "ended") {
    q = q.where((eb) => eb.or([eb("g.status", "=", "ended"), eb("g.end_time", "<=", filter.now)])) as Q;
  }
  return q;
}

/**
 * One page. `sort` absent: running ones first when `activeFirst`, then newest. `newest`: by start;
 * `popular`: most entries; `ending`: running ones by time left, then ended ones latest first. Ties
 * fall back to newest first, then the internal id, so pages never overlap.
 */
export async function pageGiveaways(
  db: Db,
  filter: ListFilter,
  page: { sort?: GiveawaySort | undefined; activeFirst: boolean; limit: number; offset: number },
): Promise<ListRow[]> {
  let query = filtered(db, base(db), filter).select((eb) => [
    "g.server_id",
    "g.message_id",
    "g.prize",
    "g.guild_name",
    "g.status",
    "g.end_time",
    "g.created_at",
    "g.winner_count",
    "g.schedule_id",
    "g.paused_at",
    "g.end_after_entries",
    "g.claim_window_ms",
    "g.reminder_before_ms",
    runningCase(eb, filter.now).as("running"),
    eb
      .selectFrom("giveaway_entries as e")
      .select((sub) => sub.fn.countAll<number>().as("n"))
      .whereRef("e.giveaway_id", "=", "g.id")
      .as("entry_count"),
    eb
      .selectFrom("giveaway_winners as w")
      .select((sub) => sub.fn.countAll<number>().as("n"))
      .whereRef("w.giveaway_id", "=", "g.id")
      .where("w.replaced_at", "is", null)
      .as("winner_rows"),
  ]);
  const sort = page.sort;
  if (sort === "popular") {
    query = query.orderBy("entry_count", "desc");
  } else if (sort === "ending") {
    query = query
      .orderBy((eb) => runningCase(eb, filter.now), "desc")
      .orderBy((eb) =>
        eb
          .case()
          .when(runningCase(eb, filter.now), "=", 1)
          .then(eb.ref("g.end_time"))
          .else(sql<number>`-${eb.ref("g.end_time")}`)
          .end(),
      );
  } else if (sort === undefined && page.activeFirst) {
    query = query.orderBy((eb) => eb.case().when("g.status", "=", "active").then(0).else(1).end());
  }
  const rows = await query
    .orderBy("g.created_at", "desc")
    .orderBy("g.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const ids = rows.map((row) => row.server_id);
  const [names, invites] = await Promise.all([guildNames(db, ids), publicInvites(db, ids)]);
  return rows.map((row) => ({
    serverId: row.server_id,
    messageId: row.message_id,
    prize: row.prize,
    guildName: names.get(row.server_id) ?? row.guild_name,
    running: Number(row.running) === 1,
    status: row.status,
    endTime: Number(row.end_time),
    createdAt: Number(row.created_at),
    winnerCount: row.winner_count,
    entryCount: Number(row.entry_count ?? 0),
    drawnWinners: Number(row.winner_rows ?? 0),
    inviteUrl: invites.get(row.server_id) ?? null,
    scheduleId: row.schedule_id ?? null,
    paused: row.paused_at !== null && row.paused_at !== undefined,
    maxEntries: row.end_after_entries ?? null,
    claimWindowMs: row.claim_window_ms === null ? null : Number(row.claim_window_ms),
    reminderBeforeMs: row.reminder_before_ms === null ? null : Number(row.reminder_before_ms),
  }));
}

/** How many giveaways match the filter. */
export async function countGiveaways(db: Db, filter: ListFilter): Promise<number> {
  const row = await filtered(db, base(db), filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tiles of the list page over every listed giveaway (no search or status): total, running, entries. */
export async function giveawayTotals(
  db: Db,
  filter: Pick<ListFilter, "serverId" | "now">,
): Promise<{ total: number; running: number; entries: number }> {
  const scope = { serverId: filter.serverId, now: filter.now };
  const [counts, entries] = await Promise.all([
    filtered(db, base(db), scope)
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        eb.fn.sum<number>(runningCase(eb, filter.now)).as("running"),
      ])
      .executeTakeFirstOrThrow(),
    filtered(db, base(db), scope)
      .innerJoin("giveaway_entries as e", "e.giveaway_id", "g.id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(counts.total),
    running: Number(counts.running ?? 0),
    entries: Number(entries.n),
  };
}
