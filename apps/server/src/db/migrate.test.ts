import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../test/helpers.ts";
import type { Storage } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import type { Database } from "./schema.ts";

const tables: (keyof Database)[] = [
  "app_meta",
  "heartbeats",
  "guilds",
  "command_runs",
  "dashboard_tokens",
  "audit_log",
  "jobs",
  "sandbox_users",
  "sandbox_guilds",
  "sandbox_channels",
  "sandbox_roles",
  "sandbox_members",
  "sandbox_messages",
  "sandbox_bans",
  "sandbox_outbox",
  "sandbox_reactions",
  "sandbox_emojis",
];

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

/** The driver's code for a unique violation: better-sqlite3's or PostgreSQL's SQLSTATE. */
const uniqueViolation = { sqlite: "SQLITE_CONSTRAINT_UNIQUE", postgres: "23505" } as const;

describe.each(dialects)("migrations on %s", (dialect) => {
  let test: TestStorage;
  let storage: Storage;

  beforeAll(async () => {
    test = await openTestStorage(dialect);
    storage = test.storage;
  });

  afterAll(async () => {
    await test.cleanup();
  });

  beforeEach(async () => {
    await storage.db.deleteFrom("dashboard_tokens").execute();
    await storage.db.deleteFrom("jobs").execute();
  });

  it("creates every table", async () => {
    for (const table of tables) {
      await expect(storage.db.selectFrom(table).selectAll().limit(1).execute(), table).resolves.toEqual([]);
    }
  });

  it("does nothing when migrated again", async () => {
    await storage.db.insertInto("app_meta").values({ key: "kept", value: "yes" }).execute();

    expect(await migrateToLatest(storage)).toEqual([]);
    expect(await migrateToLatest(storage)).toEqual([]);

    expect(await storage.db.selectFrom("app_meta").selectAll().execute()).toEqual([
      { key: "kept", value: "yes" },
    ]);
    await storage.db.deleteFrom("app_meta").execute();
  });

  it("migrates a second database while another is open and migrated", async () => {
    const second = await openTestStorage(dialect);
    try {
      expect(await migrateToLatest(second.storage)).toEqual([]);
      await expect(second.storage.db.selectFrom("jobs").selectAll().execute()).resolves.toEqual([]);
    } finally {
      await second.cleanup();
    }
  });

  it("reads times back as numbers", async () => {
    const at = Date.UTC(2026, 0, 1, 12, 34, 56, 789);
    await storage.db.insertInto("heartbeats").values({ minute: at }).execute();

    expect(await storage.db.selectFrom("heartbeats").select("minute").execute()).toEqual([{ minute: at }]);
    await storage.db.deleteFrom("heartbeats").execute();
  });

  describe("one live dashboard token per user and server", () => {
    const token = (id: string, userId: string, revokedAt: number | null = null) => ({
      id,
      token_hash: `hash-${id}`,
      server_id: "10",
      user_id: userId,
      user_name: "someone",
      permission: "owner",
      created_at: 1,
      last_used_at: null,
      revoked_at: revokedAt,
      revoked_reason: revokedAt === null ? null : "test",
    });

    it("is enforced by the database", async () => {
      await storage.db.insertInto("dashboard_tokens").values(token("a", "1")).execute();

      const error = await rejection(
        storage.db.insertInto("dashboard_tokens").values(token("b", "1")).execute(),
      );

      expect((error as { code?: string } | null)?.code).toBe(uniqueViolation[dialect]);
      expect(await storage.db.selectFrom("dashboard_tokens").select("id").execute()).toEqual([{ id: "a" }]);
    });

    it("allows any number of revoked tokens beside the live one", async () => {
      await storage.db
        .insertInto("dashboard_tokens")
        .values([token("a", "1", 5), token("b", "1", 6), token("c", "1")])
        .execute();

      expect(await storage.db.selectFrom("dashboard_tokens").select("id").execute()).toHaveLength(3);
    });

    it("allows live tokens of different users", async () => {
      await storage.db
        .insertInto("dashboard_tokens")
        .values([token("a", "1"), token("b", "2")])
        .execute();

      expect(await storage.db.selectFrom("dashboard_tokens").select("id").execute()).toHaveLength(2);
    });

    it("refuses to reuse a token hash", async () => {
      await storage.db
        .insertInto("dashboard_tokens")
        .values(token("a", "1", 5))
        .execute();

      const error = await rejection(
        storage.db
          .insertInto("dashboard_tokens")
          .values({ ...token("b", "2"), token_hash: "hash-a" })
          .execute(),
      );

      expect((error as { code?: string } | null)?.code).toBe(uniqueViolation[dialect]);
    });
  });

  describe("one pending job per dedupe key", () => {
    const job = (status: string, dedupeKey: string | null = "key") => ({
      kind: "k",
      payload: "null",
      dedupe_key: dedupeKey,
      run_at: 1,
      status,
      attempts: 0,
      max_attempts: 1,
      created_at: 1,
      updated_at: 1,
    });

    it("is enforced by the database", async () => {
      await storage.db.insertInto("jobs").values(job("pending")).execute();

      const error = await rejection(storage.db.insertInto("jobs").values(job("pending")).execute());

      expect((error as { code?: string } | null)?.code).toBe(uniqueViolation[dialect]);
    });

    it("lets jobs no longer pending share the key", async () => {
      await storage.db
        .insertInto("jobs")
        .values([
          job("pending"),
          job("running"),
          job("done"),
          job("failed"),
          job("pending", null),
          job("pending", null),
        ])
        .execute();

      expect(await storage.db.selectFrom("jobs").select("id").execute()).toHaveLength(6);
    });
  });

  it("enforces foreign keys", async () => {
    const error = await rejection(
      storage.db
        .insertInto("sandbox_channels")
        .values({
          id: "1",
          guild_id: "nowhere",
          name: "x",
          type: 0,
          parent_id: null,
          position: 0,
          topic: null,
          nsfw: 0,
        })
        .execute(),
    );

    expect(error).toBeInstanceOf(Error);
    expect(await storage.db.selectFrom("sandbox_channels").select("id").execute()).toEqual([]);
  });

  it.runIf(dialect === "sqlite")(
    "opens SQLite in WAL mode with foreign keys on and a busy timeout",
    async () => {
      const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(storage.db)).rows[0];

      expect(await pragma("journal_mode")).toEqual({ journal_mode: "wal" });
      expect(await pragma("foreign_keys")).toEqual({ foreign_keys: 1 });
      expect(await pragma("busy_timeout")).toEqual({ timeout: 5000 });
    },
  );
});
