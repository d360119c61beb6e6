import type { GiveawaySettings, UpcomingGiveaway, UpcomingGiveawayDetail } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { publicInvites } from "../discovery/service.ts";
import { guildNames, leftGuildIds } from "../guilds/service.ts";
import * as scheduleStore from "./schedule-store.ts";

/**
 * The public pages' scheduled and recurring giveaways: what a schedule will post (prize, winners,
 * run length, requirements) and when, never entry counts or an Enter button (nothing is posted
 * yet). Servers the bot has left are not listed; cancelled schedules are not public.
 */

type Deps = Pick<AppContext, "storage">;

/** The soonest this many waiting schedules across every server. */
const listed = 50;

interface Row {
  id: number;
  server_id: string;
  settings: string;
  recurrence: string | null;
  status: "scheduled" | "paused" | "done" | "cancelled";
  next_run_at: number | string | null;
  runs: number | string;
}

/** The server's name and directory invite, asked of their owners (guilds, discovery) once per list. */
interface ServerDetails {
  names: Map<string, string>;
  invites: Map<string, string>;
}

async function serverDetails(deps: Deps, rows: readonly Row[]): Promise<ServerDetails> {
  const ids = rows.map((row) => row.server_id);
  const db = deps.storage.db;
  const [names, invites] = await Promise.all([guildNames(db, ids), publicInvites(db, ids)]);
  return { names, invites };
}

function toUpcoming(row: Row, details: ServerDetails): UpcomingGiveaway {
  const settings = JSON.parse(row.settings) as GiveawaySettings;
  const status = row.status === "cancelled" ? "done" : row.status;
  const requirements = settings.requirements;
  return {
    guildId: row.server_id,
    scheduleId: String(row.id),
    guildName: details.names.get(row.server_id) ?? "Unknown Server",
    prize: settings.prize,
    description: settings.description || null,
    winnerCount: settings.winnerCount,
    duration: settings.duration,
    status,
    startsAt: status === "done" || row.next_run_at === null ? null : Number(row.next_run_at),
    recurrence: row.recurrence === null ? null : JSON.parse(row.recurrence),
    runs: Number(row.runs),
    minAccountAge: requirements?.minAccountAge ?? 0,
    minMemberAge: requirements?.minMemberAge ?? 0,
    minInvites: requirements?.minInvites ?? 0,
    requiredRoles: requirements?.requiredRoles ?? [],
    inviteUrl: details.invites.get(row.server_id) ?? null,
  };
}

/** Schedules of servers the bot is still in (the guilds feature lists those it left). */
function publicSchedules(deps: Deps) {
  const db = deps.storage.db;
  return db
    .selectFrom("giveaway_schedules as g")
    .select(["g.id", "g.server_id", "g.settings", "g.recurrence", "g.status", "g.next_run_at", "g.runs"])
    .where("g.server_id", "not in", leftGuildIds(db));
}

/** Waiting and paused schedules of every server (or one), the soonest first. */
export async function listUpcoming(deps: Deps, serverId?: string): Promise<UpcomingGiveaway[]> {
  let query = publicSchedules(deps).where("g.status", "in", ["scheduled", "paused"]);
  if (serverId !== undefined) query = query.where("g.server_id", "=", serverId);
  const rows = (await query.orderBy("g.next_run_at").orderBy("g.id").limit(listed).execute()) as Row[];
  const details = await serverDetails(deps, rows);
  return rows.map((row) => toUpcoming(row, details));
}

/** One schedule with its posted runs (latest 10); 404 when cancelled or not this server's. */
export async function getUpcoming(deps: Deps, serverId: string, id: number): Promise<UpcomingGiveawayDetail> {
  const row = await publicSchedules(deps)
    .where("g.server_id", "=", serverId)
    .where("g.id", "=", id)
    .where("g.status", "!=", "cancelled")
    .executeTakeFirst();
  if (!row) throw notFound("No such scheduled giveaway");
  const [runs, details] = await Promise.all([
    scheduleStore.listRuns(deps.storage.db, [id], 10),
    serverDetails(deps, [row as Row]),
  ]);
  return {
    ...toUpcoming(row as Row, details),
    pastRuns: runs.map((run) => ({
      messageId: run.messageId,
      runNumber: run.runNumber,
      active: run.status === "active",
      endTime: run.endTime,
      entries: run.entries,
      winners: run.winners,
    })),
  };
}
