import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";

// The dashboard's Danger zone: POST /api/servers/:serverId/purge, for owner tokens only.

let t: TestApp;
let adminToken: string;
let other: { guildId: string; ownerId: string };
const url = `/api/servers/${demoGuildId}/purge`;

beforeAll(async () => {
  t = await createTestApp();
  const [adminId = ""] = await demoMembers(t.ctx.storage.db, 1);
  adminToken = (
    await createStandingToken(t.ctx, { serverId: demoGuildId, userId: adminId, permission: "admin" })
  ).token;
  other = await seedOtherGuild(t.ctx);
  await t.ctx.storage.db
    .insertInto("sticky_messages")
    .values([
      {
        server_id: demoGuildId,
        channel_id: "900000000000000001",
        message: "ours",
        trigger_count: 5,
        created_by: null,
        created_at: 1,
        updated_at: 1,
      },
      {
        server_id: other.guildId,
        channel_id: "900000000000000002",
        message: "theirs",
        trigger_count: 5,
        created_by: null,
        created_at: 1,
        updated_at: 1,
      },
    ])
    .execute();
});

afterAll(async () => {
  await t?.cleanup();
});

const purge = (token: string, confirmName: unknown, target = url) =>
  t.app.inject({ method: "POST", url: target, headers: { authorization: token }, payload: { confirmName } });

describe("POST /api/servers/:serverId/purge", () => {
  it("refuses a token below owner, naming the permission", async () => {
    const response = await purge(adminToken, "Ember Hollow");
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/needs the owner permission; this dashboard token has admin/);
  });

  it("refuses another server's id", async () => {
    const response = await purge(t.token, "Other Place", `/api/servers/${other.guildId}/purge`);
    expect(response.statusCode).toBe(403);
  });

  it("refuses a name that isn't the server's exactly, naming the field, and deletes nothing", async () => {
    for (const name of ["ember hollow", "Ember Hollo", "Other Place"]) {
      const response = await purge(t.token, name);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: "confirmName",
        message: "The name doesn't match. Type the server's name exactly: Ember Hollow",
      });
    }
    const empty = await purge(t.token, "");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe("confirmName");
    expect(
      await t.ctx.storage.db.selectFrom("sticky_messages").select("message").orderBy("message").execute(),
    ).toEqual([{ message: "ours" }, { message: "theirs" }]);
  });

  it("deletes every row of the server, revokes every token (its own too) and leaves other servers alone", async () => {
    const response = await purge(t.token, "Ember Hollow");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ serverName: "Ember Hollow", tokensRevoked: 2 });
    expect(body.tables).toContainEqual({ table: "sticky_messages", rows: 1 });
    expect(body.tables).toContainEqual({ table: "dashboard_tokens", rows: 2 });
    expect(body.rows).toBe(body.tables.reduce((sum: number, entry: { rows: number }) => sum + entry.rows, 0));

    // The session ends: the token is gone.
    const after = await t.app.inject({
      method: "GET",
      url: "/api/dashboard/token-info",
      headers: { authorization: t.token },
    });
    expect(after.statusCode).toBe(401);
    expect(await t.ctx.storage.db.selectFrom("sticky_messages").select("message").execute()).toEqual([
      { message: "theirs" },
    ]);
    expect(
      await t.ctx.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("server_id", "=", demoGuildId)
        .execute(),
    ).toEqual([]);
  });
});
