import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testConfig } from "../config.ts";
import { openStorage, type Storage } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoDirectory } from "../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";
import { runAdminCli } from "./admin.ts";

let dir: string;
let out: string[];
let err: string[];
const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
const dbPath = () => path.join(dir, "admin.db");
const run = (...argv: string[]) => runAdminCli(argv, testConfig({ databaseUrl: dbPath() }), io);

async function withStorage<T>(use: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = openStorage(dbPath());
  try {
    return await use(storage);
  } finally {
    await storage.close();
  }
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-admin-"));
  out = [];
  err = [];
  await withStorage(async (storage) => {
    await migrateToLatest(storage);
    await seedDemoDirectory(storage.db);
  });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("npm run admin", () => {
  it("blocks a user and a server (leaving it), lists them, and unblocks", async () => {
    expect(await run("block", "user", demoOwnerId, "--reason", "spam")).toBe(0);
    expect(err).toEqual([`Blocked user ${demoOwnerId} (spam).`]);
    expect(await run("block", "server", demoGuildId)).toBe(0);
    expect(err[1]).toBe(`Blocked server ${demoGuildId}. The bot left the server.`);
    expect(
      await withStorage((s) =>
        s.db.selectFrom("sandbox_guilds").select("id").where("id", "=", demoGuildId).execute(),
      ),
    ).toEqual([]);

    expect(await run("list-blocked")).toBe(0);
    expect(out).toHaveLength(2);
    expect(out.find((line) => line.startsWith("user"))).toMatch(
      new RegExp(`^user   ${demoOwnerId}  blocked .+ by operator CLI  spam$`),
    );
    expect(out.find((line) => line.startsWith("server"))).toMatch(
      new RegExp(`^server ${demoGuildId}  blocked .+ by operator CLI$`),
    );

    expect(await run("unblock", demoOwnerId)).toBe(0);
    expect(err.at(-1)).toBe(`Unblocked user ${demoOwnerId}.`);
    expect(await run("unblock", demoOwnerId)).toBe(1);
    expect(err.at(-1)).toBe(`${demoOwnerId} is not on the block list.`);
  });

  it("blocks a server the bot is not in, ahead of time", async () => {
    expect(await run("block", "server", "999999999999999999", "--reason", "known raider")).toBe(0);
    expect(err).toEqual(["Blocked server 999999999999999999 (known raider). The bot is not in it."]);
  });

  it("sets premium on and off, with an audit entry each time", async () => {
    expect(await run("premium", demoGuildId, "on")).toBe(0);
    expect(err.at(-1)).toBe(`Premium is on for server ${demoGuildId}.`);
    expect(await run("premium", demoGuildId, "on")).toBe(0);
    expect(err.at(-1)).toBe(`Premium is on for server ${demoGuildId} (it already was).`);
    const on = await withStorage((s) =>
      s.db
        .selectFrom("server_settings")
        .select(["pro_status", "pro_activated_by"])
        .where("server_id", "=", demoGuildId)
        .executeTakeFirst(),
    );
    expect(on).toEqual({ pro_status: 1, pro_activated_by: "operator CLI" });
    expect(await run("premium", demoGuildId, "off")).toBe(0);
    const off = await withStorage((s) =>
      s.db
        .selectFrom("server_settings")
        .select("pro_status")
        .where("server_id", "=", demoGuildId)
        .executeTakeFirst(),
    );
    expect(off).toEqual({ pro_status: 0 });
    const audit = await withStorage((s) =>
      s.db
        .selectFrom("audit_log")
        .select("action")
        .where("server_id", "=", demoGuildId)
        .orderBy("id")
        .execute(),
    );
    expect(audit.map((row) => row.action)).toEqual(["premium.grant", "premium.revoke"]);
  });

  it("advertises a server that has a directory entry, and refuses one without", async () => {
    expect(await run("advertised", demoGuildId, "on")).toBe(1);
    expect(err.at(-1)).toBe(
      `Server ${demoGuildId} has no discovery entry; its owner creates one on the dashboard first`,
    );
    await withStorage((s) =>
      s.db
        .insertInto("discovery_entries")
        .values({
          server_id: demoGuildId,
          invite: "https://discord.gg/ember",
          description: "Cozy",
          tags: "[]",
          is_public: 1,
          advertised: 0,
          created_by: demoOwnerId,
          created_at: 1,
          updated_at: 1,
        })
        .execute(),
    );
    expect(await run("advertised", demoGuildId, "on")).toBe(0);
    expect(err.at(-1)).toBe(`Server ${demoGuildId} is now advertised (featured).`);
    const row = await withStorage((s) =>
      s.db.selectFrom("discovery_entries").select("advertised").executeTakeFirst(),
    );
    expect(row).toEqual({ advertised: 1 });
    expect(await run("advertised", demoGuildId, "off")).toBe(0);
    expect(err.at(-1)).toBe(`Server ${demoGuildId} is no longer advertised.`);
  });

  it("refuses bad usage before touching the database", async () => {
    for (const argv of [
      ["block", "guild", demoGuildId],
      ["block", "user", "abc"],
      ["unblock"],
      ["premium", demoGuildId, "maybe"],
      ["advertised", "x", "on"],
      ["frobnicate"],
    ]) {
      err = [];
      expect(await run(...argv), argv.join(" ")).toBe(2);
      expect(err[0]).toContain("Usage:");
    }
    expect(await run("--help")).toBe(0);
    expect(out.at(-1)).toContain("npm run admin -- block user <id>");
  });
});
