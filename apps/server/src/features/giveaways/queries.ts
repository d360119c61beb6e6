import {
  type GiveawayDetail,
  type GiveawayListItem,
  type GiveawayListQuery,
  type GiveawayParticipant,
  type GiveawayRecurrence,
  type GiveawayStats,
  type GiveawayWinner,
  type GiveawayWinnerRecord,
  giveawayListResponse,
  giveawayStatsResponse,
  giveawayTotalsHeaders,
  nextCursor,
  pageOffset,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { listCache, type PreparedList, prepareJson, preparePage } from "../../http/public-list.ts";
import { notFound } from "../../lib/errors.ts";
import * as entryStore from "./entry-store.ts";
import * as listStore from "./list-store.ts";
import * as scheduleStore from "./schedule-store.ts";
import * as store from "./store.ts";

/** The public and dashboard reads: lists, detail, participants, winners and stats. */

type Deps = Pick<AppContext, "storage">;

/** How many giveaways a list answers at most (active ones first in the all-servers list). */
export const listLimit = 500;
/** Ended giveaways per winners answer, and entrants shown with each. */
const winnerRecordsLimit = 50;
const entriesPerRecord = 100;

export const giveawayNotFound = () => notFound("No such giveaway in this server");

const toListItem = (giveaway: store.GiveawaySummary): GiveawayListItem => ({
  guildId: giveaway.serverId,
  messageId: giveaway.messageId,
  prize: giveaway.prize,
  guildName: giveaway.guildName,
  active: giveaway.status === "active",
  endTime: giveaway.endTime,
  createdAt: giveaway.createdAt,
  entries: giveaway.entryCount,
  winners: giveaway.status === "active" ? giveaway.winnerCount : giveaway.drawnWinners,
  inviteUrl: giveaway.inviteUrl,
});

export const toWinner = (winner: store.Winner): GiveawayWinner => ({
  userId: winner.userId,
  username: winner.username,
  entries: winner.entries,
  wonAt: winner.wonAt,
  draw: winner.draw,
  replaces: winner.replacesUserId ?? null,
  replacedAt: winner.replacedAt ?? null,
  claimedAt: winner.claimedAt ?? null,
  claimDeadline: winner.claimDeadline ?? null,
});

const toParticipant = (entry: entryStore.Entry): GiveawayParticipant => ({
  userId: entry.userId,
  username: entry.username,
  entries: entry.entries,
  timestamp: entry.enteredAt,
  hasBypass: entry.hasBypass,
});

/**
 * The public lists' pages, serialised, for a second: the site's giveaways page asks the same first
 * page for every visitor. Any giveaway write in this process drops them (`giveawayListsChanged`).
 */
export const giveawayLists = listCache("public giveaway lists", { ttlMs: 1000, capacity: 200 });

/** Called after a giveaway is created, entered, ended, rerolled or deleted in this process. */
export function giveawayListsChanged(): void {
  giveawayLists.changed();
}

const toPageItem = (row: listStore.ListRow, series: Map<number, GiveawayRecurrence>): GiveawayListItem => ({
  guildId: row.serverId,
  messageId: row.messageId,
  prize: row.prize,
  guildName: row.guildName,
  active: row.status === "active",
  endTime: row.endTime,
  createdAt: row.createdAt,
  entries: row.entryCount,
  winners: row.status === "active" ? row.winnerCount : row.drawnWinners,
  inviteUrl: row.inviteUrl,
  recurrence: row.scheduleId === null ? null : (series.get(row.scheduleId) ?? null),
  paused: row.paused,
  maxEntries: row.maxEntries,
  claimWindow: row.claimWindowMs === null ? null : Math.round(row.claimWindowMs / 1000),
  reminderBefore: row.reminderBeforeMs === null ? null : Math.round(row.reminderBeforeMs / 1000),
});

/**
 * A page of `GET /api/giveaways` (every server; running ones first unless sorted) or
 * `GET /api/giveaways/{serverId}` (newest first unless sorted), ready to send with its headers.
 */
export function pageGiveawayList(
  deps: Deps,
  scope: { serverId?: string },
  query: GiveawayListQuery,
  url: string,
): Promise<PreparedList> {
  return giveawayLists.get(deps.storage, url, async () => {
    const db = deps.storage.db;
    const now = Date.now();
    const filter = { serverId: scope.serverId, q: query.q, status: query.status, now };
    const offset = pageOffset(query);
    const [rows, total, totals] = await Promise.all([
      listStore.pageGiveaways(db, filter, {
        sort: query.sort,
        activeFirst: scope.serverId === undefined,
        limit: query.limit,
        offset,
      }),
      listStore.countGiveaways(db, filter),
      listStore.giveawayTotals(db, filter),
    ]);
    const series = await scheduleStore.recurrenceOf(
      db,
      rows.flatMap((row) => (row.scheduleId === null ? [] : [row.scheduleId])),
    );
    const list = preparePage(
      {
        items: rows.map((row) => toPageItem(row, series)),
        total,
        next: nextCursor(offset, rows.length, total),
      },
      url,
      (items) => JSON.stringify(giveawayListResponse.parse(items)),
    );
    list.headers[giveawayTotalsHeaders.total] = String(totals.total);
    list.headers[giveawayTotalsHeaders.running] = String(totals.running);
    list.headers[giveawayTotalsHeaders.entries] = String(totals.entries);
    return list;
  });
}

/** One server's giveaways, newest first. */
export async function listServerGiveaways(deps: Deps, serverId: string): Promise<GiveawayListItem[]> {
  const giveaways = await store.listGiveaways(deps.storage.db, {
    serverId,
    limit: listLimit,
    order: "newest",
  });
  return giveaways.map(toListItem);
}

export async function getGiveawayDetail(
  deps: Deps,
  serverId: string,
  messageId: string,
): Promise<GiveawayDetail> {
  const giveaway = await store.findGiveawaySummary(deps.storage.db, serverId, messageId);
  if (!giveaway) throw giveawayNotFound();
  const winners =
    giveaway.status === "ended"
      ? (await store.listWinners(deps.storage.db, [giveaway.id])).map(toWinner)
      : giveaway.winnerCount;
  return {
    guildId: giveaway.serverId,
    messageId: giveaway.messageId,
    channelId: giveaway.channelId,
    prize: giveaway.prize,
    description: giveaway.description,
    guildName: giveaway.guildName,
    hostId: giveaway.hostId,
    donorId: giveaway.donorId,
    active: giveaway.status === "active",
    endTime: giveaway.endTime,
    endedAt: giveaway.endedAt,
    createdAt: giveaway.createdAt,
    entriesCount: giveaway.entryCount,
    winners,
    winnerCount: giveaway.winnerCount,
    inviteUrl: giveaway.inviteUrl,
    minAccountAge: giveaway.minAccountAge,
    minMemberAge: giveaway.minMemberAge,
    minInvites: giveaway.minInvites,
    requiredRoles: giveaway.requiredRoles,
    pingRoleId: giveaway.pingRoleId,
    winnersChannelId: giveaway.winnersChannelId,
    dmWinners: giveaway.dmWinners,
    pausedAt: giveaway.pausedAt,
    claimWindow: giveaway.claimWindowMs === null ? null : Math.round(giveaway.claimWindowMs / 1000),
    maxEntries: giveaway.endAfterEntries,
    reminderBefore: giveaway.reminderBeforeMs === null ? null : Math.round(giveaway.reminderBeforeMs / 1000),
    remindedAt: giveaway.remindedAt,
    scheduleId: giveaway.scheduleId === null ? null : String(giveaway.scheduleId),
    recurrence:
      giveaway.scheduleId === null
        ? null
        : ((await scheduleStore.recurrenceOf(deps.storage.db, [giveaway.scheduleId])).get(
            giveaway.scheduleId,
          ) ?? null),
  };
}

/** A page of a giveaway's entrants, in the order they entered. */
export async function listParticipants(
  deps: Deps,
  serverId: string,
  messageId: string,
  page: { limit: number; offset: number },
): Promise<GiveawayParticipant[]> {
  const giveaway = await store.findGiveaway(deps.storage.db, serverId, messageId);
  if (!giveaway) throw giveawayNotFound();
  return (await entryStore.listEntries(deps.storage.db, giveaway.id, page)).map(toParticipant);
}

/** The server's ended giveaways (latest 50, or just `messageId`) with winners and first entrants. */
export async function listServerWinners(
  deps: Deps,
  serverId: string,
  options: { messageId?: string } = {},
): Promise<GiveawayWinnerRecord[]> {
  const { db } = deps.storage;
  const ended = await store.listEnded(db, serverId, { ...options, limit: winnerRecordsLimit });
  const winners = await store.listWinners(
    db,
    ended.map((giveaway) => giveaway.id),
  );
  return Promise.all(
    ended.map(async (giveaway) => ({
      messageId: giveaway.messageId,
      prize: giveaway.prize,
      endedAt: giveaway.endedAt,
      winners: winners.filter((winner) => winner.giveawayId === giveaway.id).map(toWinner),
      entries: (await entryStore.listEntries(db, giveaway.id, { limit: entriesPerRecord, offset: 0 })).map(
        toParticipant,
      ),
      entriesCount: await entryStore.countEntries(db, giveaway.id),
    })),
  );
}

/**
 * The dashboard's giveaway statistics as JSON, read at most once a second per server (dropped at
 * once by this process's giveaway writes, like the lists).
 */
export async function giveawayStatsBody(deps: Deps, serverId: string): Promise<string> {
  const prepared = await giveawayLists.get(deps.storage, `stats\u0000${serverId}`, async () => ({
    ...prepareJson(JSON.stringify(giveawayStatsResponse.parse(await getGiveawayStats(deps, serverId)))),
    etag: "",
  }));
  return prepared.body;
}

export async function getGiveawayStats(deps: Deps, serverId: string): Promise<GiveawayStats> {
  const { db } = deps.storage;
  const [counts, recent] = await Promise.all([
    store.countByStatus(db, serverId),
    store.recentWinners(db, serverId, 10),
  ]);
  return {
    total: counts.active + counts.ended,
    active: counts.active,
    completed: counts.ended,
    recentWinners: recent.map((winner) => ({
      ...toWinner(winner),
      messageId: winner.messageId,
      prize: winner.prize,
    })),
  };
}
