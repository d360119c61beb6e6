import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testConfig } from "../config.ts";
import { openStorage } from "../db/database.ts";
import { demoGuildId } from "../discord/sandbox/demo-seed-data.ts";
import { runTokenCli } from "./token.ts";

let dir: string;
let out: string[];
let err: string[];
const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
const run = (...argv: string[]) =>
  runTokenCli(argv, testConfig({ databaseUrl: path.join(dir, "cli.db") }), io);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-cli-"));
  out = [];
  err = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("npm run token", () => {
  it("create --demo prints only the token", async () => {
    expect(await run("create", "--demo")).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^[0-9a-f]{56}$/);
  });

  it("stores only the token's hash", async () => {
    await run("create", "--demo");
    const storage = openStorage(path.join(dir, "cli.db"));
    const rows = await storage.db.selectFrom("dashboard_tokens").selectAll().execute();
    await storage.close();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(out[0]);
  });

  it("refuses a second live token for the same user and server", async () => {
    await run("create", "--demo");
    out = [];
    expect(await run("create", "--server", demoGuildId)).toBe(1);
    expect(out).toEqual([]);
    expect(err.join("\n")).toMatch(/already has a dashboard token/);
    expect(err.join("\n")).toMatch(/Add --replace to revoke it and make a new one/);
  });

  it("create --replace revokes the member's live token and makes a new one", async () => {
    await run("create", "--demo");
    const first = out[0] as string;
    out = [];
    err = [];
    expect(await run("create", "--demo", "--replace")).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^[0-9a-f]{56}$/);
    expect(out[0]).not.toBe(first);
    expect(err.join("\n")).toMatch(/^Token [0-9a-f]{12} \(.+'s\) revoked\.$/);
    out = [];
    expect(await run("list", "--server", demoGuildId)).toBe(0);
    // The first token revoked, the new one live: still one live token for the owner.
    expect(out.filter((line) => line.endsWith("  live"))).toHaveLength(1);
    expect(out.filter((line) => line.includes("  revoked "))).toHaveLength(1);
    // With nothing to replace, --replace just creates.
    out = [];
    err = [];
    expect(await run("create", "--demo", "--permission", "admin", "--replace")).toBe(0);
    expect(err).toEqual([]);
  });

  it("creates for a member who holds the chosen permission, refuses one who doesn't, and lists them", async () => {
    await run("create", "--demo");
    const storage = openStorage(path.join(dir, "cli.db"));
    const member = await storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .orderBy("joined_at", "desc")
      .executeTakeFirstOrThrow();
    await storage.close();
    out = [];
    // Tokens follow Discord: a plain member can't hold a manager token.
    expect(
      await run("create", "--server", demoGuildId, "--user", member.user_id, "--permission", "manager"),
    ).toBe(1);
    expect(err.join("\n")).toMatch(/a manager token would be lowered or revoked on its first use/);
    out = [];
    expect(await run("create", "--demo", "--permission", "admin")).toBe(0);
    out = [];
    expect(await run("list", "--server", demoGuildId)).toBe(0);
    expect(out).toHaveLength(2);
    expect(out.filter((line) => line.includes("  admin  "))).toHaveLength(2);
  });

  it("revoke makes the token unusable and list shows it revoked", async () => {
    await run("create", "--demo");
    out = [];
    await run("list", "--server", demoGuildId);
    const id = out[0]?.split(" ")[0] ?? "";
    expect(await run("revoke", id)).toBe(0);
    out = [];
    await run("list", "--server", demoGuildId);
    expect(out[0]).toContain("revoked");
    expect(await run("revoke", id)).toBe(1);
    expect(err.join("\n")).toMatch(/already revoked/);
  });

  it.each([
    [["create"], /--server <id> or --demo/],
    [["create", "--demo", "--permission", "god"], /--permission must be one of owner, admin, manager/],
    [["list"], /--server/],
    [["revoke"], /token id/],
    [["explode"], /Unknown command/],
    [["create", "--nope"], /Unknown option/],
  ])("%j is a usage error (exit 2)", async (argv, message) => {
    expect(await run(...argv)).toBe(2);
    expect(err.join("\n")).toMatch(message);
    expect(out).toEqual([]);
  });

  it("a server the bot isn't in is a clear error", async () => {
    expect(await run("create", "--server", "999999999999999999")).toBe(1);
    expect(err.join("\n")).toMatch(/not in a server with id 999999999999999999/);
  });
});
