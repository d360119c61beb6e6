import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

const minute = 60_000;
const window = 30 * 24 * 60;

/** Marks the current minute as up; any running process does this, so it measures the service. */
export async function recordHeartbeat(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto("heartbeats")
    .values({ minute: Math.floor(now / minute) })
    .onConflict((oc) => oc.column("minute").doNothing())
    .execute();
  await db
    .deleteFrom("heartbeats")
    .where("minute", "<", Math.floor(now / minute) - window)
    .execute();
}

/**
 * Share of minutes with a heartbeat over the last 30 days, or since the first heartbeat. The
 * current minute counts only once its heartbeat is in (heartbeats come once a minute), so a fresh
 * minute doesn't read as downtime.
 */
export async function uptimePercent(db: Kysely<Database>, now: number): Promise<number> {
  const current = Math.floor(now / minute);
  const row = await db
    .selectFrom("heartbeats")
    .select((eb) => [
      eb.fn.countAll<number>().as("up"),
      eb.fn.min<number>("minute").as("first"),
      eb.fn.max<number>("minute").as("last"),
    ])
    .where("minute", ">", current - window)
    .executeTakeFirstOrThrow();
  if (row.first === null || Number(row.up) === 0) return 100;
  const end = Number(row.last) >= current ? current : current - 1;
  const span = Math.max(1, end - Number(row.first) + 1);
  return Math.min(100, Math.round((Number(row.up) / span) * 1000) / 10);
}

export async function commandRunTotal(db: Kysely<Database>): Promise<number> {
  const runs = await db
    .selectFrom("command_runs")
    .select((eb) => eb.fn.sum<number>("count").as("total"))
    .executeTakeFirstOrThrow();
  return Number(runs.total ?? 0);
}

export async function countCommandRun(
  db: Kysely<Database>,
  serverId: string,
  command: string,
): Promise<void> {
  await db
    .insertInto("command_runs")
    .values({ server_id: serverId, command, count: 1 })
    .onConflict((oc) =>
      oc.columns(["server_id", "command"]).doUpdateSet((eb) => ({ count: eb("command_runs.count", "+", 1) })),
    )
    .execute();
}
