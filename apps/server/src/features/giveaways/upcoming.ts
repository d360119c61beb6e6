import type { GiveawaySettings, UpcomingGiveaway, UpcomingGiveawayDetail } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { publicInviteOf } from "../discovery/service.ts";
import { guildLeftOf, guildNameOf } from "../guilds/service.ts";
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
  guild_name: string | null;
  invite_url: string | null;
}

function toUpcoming(row: Row): UpcomingGiveaway {
  const settings = JSON.parse(row.settings) as GiveawaySettings;
  const status = row.status === "cancelled" ? "done" : row.status;
  const requirements = settings.requirements;
  return {
    guildId: row.server_id,
    scheduleId: String(row.id),
    guildName: row.guild_name ?? "Unknown Server",
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
    inviteUrl: row.invite_url,
  };
}

/** The server's name and directory invite come from their owners (guilds, discovery), in this query. */
function publicSchedules(deps: Deps) {
  const db = deps.storage.db;
  return db
    .selectFrom("giveaway_schedules as g")
    .select((eb) => [
      "g.id",
      "g.server_id",
      "g.settings",
      "g.recurrence",
      "g.status",
      "g.next_run_at",
      "g.runs",
      guildNameOf(db, eb.ref("g.server_id")).as("guild_name"),
      publicInviteOf(db, eb.ref("g.server_id")).as("invite_url"),
    ])
    .where((eb) => eb.not(eb.exists(guildLeftOf(db, eb.ref("g.server_id")))));
}

/** Waiting and paused schedules of every server (or one), the soonest first. */
export async function listUpcoming(deps: Deps, serverId?: string): Promise<UpcomingGiveaway[]> {
  let query = publicSchedules(deps).where("g.status", "in", ["scheduled", "paused"]);
  if (serverId !== undefined) query = query.where("g.server_id", "=", serverId);
  const rows = await query.orderBy("g.next_run_at").orderBy("g.id").limit(listed).execute();
  return rows.map((row) => toUpcoming(row as Row));
}

/** One schedule with its posted runs (latest 10); 404 when cancelled or not this server's. */
export async function getUpcoming(deps: Deps, serverId: string, id: number): Promise<UpcomingGiveawayDetail> {
  const row = await publicSchedules(deps)
    .where("g.server_id", "=", serverId)
    .where("g.id", "=", id)
    .where("g.status", "!=", "cancelled")
    .executeTakeFirst();
  if (!row) throw notFound("No such scheduled giveaway");
  const runs = await scheduleStore.listRuns(deps.storage.db, [id], 10);
  return {
    ...toUpcoming(row as Row),
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
