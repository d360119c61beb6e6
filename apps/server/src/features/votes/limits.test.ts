import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { registerVoteJobs } from "./jobs.ts";
import { configureVotes } from "./service.ts";
import { findReward } from "./store.ts";

// The vote tracker page's body limit and permanent reward, which no other test pinned down.

const actor = { tokenId: null, userId: demoOwnerId };
const hour = 3_600_000;

let t: TestApp;
let webhookId: string;
let secret: string;
let roleId: string;
let voter: string;

const post = (payload: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/votes/${webhookId}`,
    headers: { "content-type": "application/json", authorization: secret },
    payload,
  });

beforeAll(async () => {
  t = await createTestApp();
  registerVoteJobs(t.ctx);
  roleId = (await t.ctx.discord.listRoles(demoGuildId)).find((r) => r.name === "Events Ping")?.id ?? "";
  const member = await t.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .executeTakeFirstOrThrow();
  voter = member.user_id;
  const setup = await configureVotes(t.ctx, demoGuildId, actor, { rewardRoleId: roleId, rewardHours: 0 });
  webhookId = setup.settings.webhook_id;
  secret = setup.settings.secret;
});
afterAll(() => t.cleanup());
afterEach(() => vi.useRealTimers());

describe("the vote webhook's body limit", () => {
  it("reads a body up to 64 KB and refuses a bigger one", async () => {
    const vote = (voteId: string, padding: number) =>
      JSON.stringify({ userId: voter, platform: "dbl", voteId, note: "x".repeat(padding) });
    const bare = vote("big-1", 0).length;
    const atLimit = vote("big-1", 64 * 1024 - bare);
    expect(atLimit.length).toBe(64 * 1024);
    expect((await post(atLimit)).statusCode).toBe(204);
    expect((await post(vote("big-2", 64 * 1024 - bare + 1))).statusCode).toBe(413);
  });
});

describe("a permanent reward (0 hours)", () => {
  it("gives the role with no expiry, and no job ever takes it back", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.UTC(2032, 4, 2, 12);
    vi.setSystemTime(start);
    await post(JSON.stringify({ user: voter, type: "upvote" }));
    await t.ctx.jobs.runDue();
    expect((await t.ctx.discord.getMember(demoGuildId, voter))?.roleIds).toContain(roleId);
    expect(await findReward(t.ctx.storage.db, demoGuildId, voter)).toMatchObject({ expires_at: null });
    vi.setSystemTime(start + 400 * 24 * hour);
    await t.ctx.jobs.runDue();
    expect((await t.ctx.discord.getMember(demoGuildId, voter))?.roleIds).toContain(roleId);
  });
});
