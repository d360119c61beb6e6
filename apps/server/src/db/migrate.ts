import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Storage } from "./database.ts";
import * as initial from "./migrations/0001-initial.ts";
import * as servers from "./migrations/0002-servers.ts";
import * as grinders from "./migrations/0003-grinders.ts";
import * as timers from "./migrations/0004-timers.ts";
import * as discovery from "./migrations/0005-discovery.ts";
import * as giveaways from "./migrations/0006-giveaways.ts";
import * as statica from "./migrations/0007-statica.ts";
import * as welcome from "./migrations/0008-welcome.ts";
import * as sticky from "./migrations/0009-sticky.ts";
import * as moderation from "./migrations/0010-moderation.ts";
import * as votes from "./migrations/0011-votes.ts";
import * as sandboxExtra from "./migrations/0012-discord-sandbox.ts";
import * as boards from "./migrations/0013-boards.ts";
import * as perks from "./migrations/0014-perks.ts";
import * as selfroles from "./migrations/0015-selfroles.ts";
import * as components from "./migrations/0016-components.ts";
import * as embeds from "./migrations/0017-embeds.ts";
import * as designer from "./migrations/0018-designer.ts";
import * as staticaHistory from "./migrations/0019-statica-history.ts";
import * as voteSigningSecret from "./migrations/0020-vote-signing-secret.ts";
import * as voteLeaderboardOrder from "./migrations/0021-vote-leaderboard-order.ts";
import * as lottery from "./migrations/0030-lottery.ts";
import * as raffle from "./migrations/0031-raffle.ts";
import * as invites from "./migrations/0032-invites.ts";
import * as birthdays from "./migrations/0035-birthdays.ts";
import * as tournaments from "./migrations/0036-tournaments.ts";
import * as market from "./migrations/0040-market.ts";
import * as tipsEvery from "./migrations/0041-tips-every.ts";
import * as triggers from "./migrations/0045-triggers.ts";
import * as rumble from "./migrations/0046-rumble.ts";
import * as settingsHelpers from "./migrations/0047-settings-helpers.ts";
import * as antipool from "./migrations/0048-antipool.ts";
import * as devtools from "./migrations/0050-devtools.ts";
import * as auditAddress from "./migrations/0055-audit-address.ts";
import * as listPaging from "./migrations/0065-list-paging.ts";
import * as lotteryAnnounceClaim from "./migrations/0100-lottery-announce-claim.ts";
import * as insights from "./migrations/0110-insights.ts";
import * as giveawaysBeyond from "./migrations/0120-giveaways-beyond.ts";
import * as giveawayEntrantSearch from "./migrations/0131-giveaway-entrant-search.ts";
import * as memberSearch from "./migrations/0160-member-search.ts";
import * as memberSearchSqlite from "./migrations/0163-member-search-sqlite.ts";

// Listed here rather than read from disk so the same list works under tsx, in tests and in a bundle.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-servers": servers,
  "0003-grinders": grinders,
  "0004-timers": timers,
  "0005-discovery": discovery,
  "0006-giveaways": giveaways,
  "0007-statica": statica,
  "0008-welcome": welcome,
  "0009-sticky": sticky,
  "0010-moderation": moderation,
  "0011-votes": votes,
  "0012-discord-sandbox": sandboxExtra,
  "0013-boards": boards,
  "0014-perks": perks,
  "0015-selfroles": selfroles,
  "0016-components": components,
  "0017-embeds": embeds,
  "0018-designer": designer,
  "0019-statica-history": staticaHistory,
  "0020-vote-signing-secret": voteSigningSecret,
  "0021-vote-leaderboard-order": voteLeaderboardOrder,
  "0035-birthdays": birthdays,
  "0036-tournaments": tournaments,
  "0040-market": market,
  "0041-tips-every": tipsEvery,
  "0045-triggers": triggers,
  "0046-rumble": rumble,
  "0047-settings-helpers": settingsHelpers,
  "0048-antipool": antipool,
  "0050-devtools": devtools,
  "0030-lottery": lottery,
  "0031-raffle": raffle,
  "0032-invites": invites,
  "0055-audit-address": auditAddress,
  "0065-list-paging": listPaging,
  "0100-lottery-announce-claim": lotteryAnnounceClaim,
  "0110-insights": insights,
  "0120-giveaways-beyond": giveawaysBeyond,
  "0131-giveaway-entrant-search": giveawayEntrantSearch,
  "0160-member-search": memberSearch,
  "0163-member-search-sqlite": memberSearchSqlite,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(storage: Storage): Promise<string[]> {
  const migrator = new Migrator({
    db: storage.db,
    provider,
    migrationTableSchema: await currentSchema(storage),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}

/**
 * On PostgreSQL, the schema the connection works in. Kysely looks for its migration tables in every
 * schema unless told which one, so another schema's migration tables would make it skip creating ours.
 */
async function currentSchema(storage: Storage): Promise<string | undefined> {
  if (storage.dialect !== "postgres") return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(storage.db);
  return rows[0]?.schema;
}
