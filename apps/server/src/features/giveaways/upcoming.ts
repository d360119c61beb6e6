import type { GiveawaySettings, UpcomingGiveaway, UpcomingGiveawayDetail } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
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

function publicSchedules(deps: Deps) {
  return deps.storage.db
    .selectFrom("giveaway_schedules as g")
    .leftJoin("guilds as s", "s.id", "g.server_id")
    .leftJoin("discovery_entries as d", (join) =>
      join.onRef("d.server_id", "=", "g.server_id").on("d.is_public", "=", 1),
    )
    .select([
      "g.id",
      "g.server_id",
      "g.settings",
      "g.recurrence",
      "g.status",
      "g.next_run_at",
      "g.runs",
      "s.name as guild_name",
      "d.invite as invite_url",
    ])
    .where("s.left_at", "is", null);
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
