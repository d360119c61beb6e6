import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { createDashboardToken, resolveToken } from "./service.ts";

let t: TestApp;
let adminId: string;
let adminToken: string;
let adminTokenId: string;

beforeAll(async () => {
  t = await createTestApp();
  [adminId = ""] = await demoMembers(t.ctx.storage.db, 1);
  const created = await createStandingToken(t.ctx, {
    serverId: demoGuildId,
    userId: adminId,
    permission: "admin",
  });
  adminToken = created.token;
  adminTokenId = created.record.id;
});
afterAll(() => t.cleanup());

const as = (authorization: string, method: "GET" | "DELETE", url: string) =>
  t.app.inject({ method, url, headers: { authorization }, remoteAddress: "198.51.100.7" });

describe("the owner's token panel", () => {
  it("lists the server's tokens, live first, marking the caller's, never a hash", async () => {
    const res = await as(t.token, "GET", "/api/dashboard/tokens");
    expect(res.statusCode).toBe(200);
    const tokens = res.json() as { id: string; userId: string; permission: string; current: boolean }[];
    expect(tokens.map((token) => [token.userId, token.permission, token.current]).sort()).toEqual(
      [
        [demoOwnerId, "owner", true],
        [adminId, "admin", false],
      ].sort(),
    );
    expect(res.body).not.toMatch(/hash|[0-9a-f]{56}/);
  });

  it("is refused to an administrator, naming the permission", async () => {
    const res = await as(adminToken, "GET", "/api/dashboard/tokens");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "GET /api/dashboard/tokens needs the owner permission; this dashboard token has admin",
    );
    const revoke = await as(adminToken, "DELETE", `/api/dashboard/tokens/${adminTokenId}`);
    expect(revoke.statusCode).toBe(403);
  });

  it("a token of another server is not found", async () => {
    const other = await seedOtherGuild(t.ctx);
    const { record } = await createDashboardToken(t.ctx, { serverId: other.guildId, permission: "owner" });
    const res = await as(t.token, "DELETE", `/api/dashboard/tokens/${record.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No dashboard token with id ${record.id} on this server`);
  });

  it("revokes a member's token, DMs them and records who did it from where", async () => {
    const res = await as(t.token, "DELETE", `/api/dashboard/tokens/${adminTokenId}`);
    expect(res.statusCode).toBe(204);
    expect(await resolveToken(t.ctx, adminToken)).toBeNull();
    const dm = await t.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("channel_id", "=", `dm-${adminId}`)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(dm.payload).embeds[0].description).toMatch(/was revoked by the server owner/);
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({
      action: "token.revoke",
      feature: "token",
      actorUserId: demoOwnerId,
      address: "198.51.100.7",
      summary: { tokenId: adminTokenId },
    });
    const again = await as(t.token, "DELETE", `/api/dashboard/tokens/${adminTokenId}`);
    expect(again.statusCode).toBe(409);
  });
});
