import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { deliverTestJob } from "./jobs.ts";
import { configureVotes, getVoterStats } from "./service.ts";
import { signBody, signTimestamped } from "./webhook.ts";

const minute = 60_000;

/**
 * Issue 15, finding 7: a signed webhook's `t=` was never checked, so one captured `webhook.test`
 * replayed 30 times made 30 test notifications. A `t` more than 5 minutes from now is refused (401);
 * inside the window, vote ids still make a replayed vote count once.
 */
describe("signed vote webhook replays", () => {
  let t: TestApp;
  let webhookId: string;
  let secret: string;
  let voter: string;

  const post = (raw: string, signature: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/votes/${webhookId}`,
      headers: { "content-type": "application/json", "x-topgg-signature": signature },
      payload: raw,
    });
  const testJobs = async () =>
    (await t.ctx.storage.db.selectFrom("jobs").select("id").where("kind", "=", deliverTestJob).execute())
      .length;

  beforeAll(async () => {
    t = await createTestApp();
    const member = await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "not in", [demoOwnerId, demoBotId])
      .orderBy("user_id")
      .executeTakeFirstOrThrow();
    voter = member.user_id;
    const setup = await configureVotes(t.ctx, demoGuildId, { tokenId: null, userId: demoOwnerId }, {});
    webhookId = setup.settings.webhook_id;
    secret = setup.settings.secret;
  });
  afterAll(() => t.cleanup());

  it("refuses 30 replays of a webhook.test captured 6 minutes ago: 401, no notification", async () => {
    const raw = JSON.stringify({ type: "webhook.test", data: { user: { platform_id: voter } } });
    const captured = signTimestamped(secret, raw, Date.now() - 6 * minute);
    const before = await testJobs();
    for (let replay = 0; replay < 30; replay++) {
      const response = await post(raw, captured);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: "Unauthorized",
        message: "x-topgg-signature: its time (t=) is more than 5 minutes from now; a replay is refused",
      });
    }
    expect(await testJobs()).toBe(before);
  });

  it("refuses a signature without its time (issue 24 §4): a bare or sha256= HMAC could be replayed for ever", async () => {
    const raw = JSON.stringify({ type: "webhook.test", data: { user: { platform_id: voter } } });
    const before = await testJobs();
    for (const header of [signBody(secret, raw), `sha256=${signBody(secret, raw)}`]) {
      const response = await post(raw, header);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/^x-topgg-signature: a signature needs its time \(t=/);
    }
    expect(await testJobs()).toBe(before);
  });

  it("refuses a t more than 5 minutes ahead, accepts one within the window", async () => {
    const raw = JSON.stringify({ type: "webhook.test", data: { user: { platform_id: voter } } });
    expect((await post(raw, signTimestamped(secret, raw, Date.now() + 6 * minute))).statusCode).toBe(401);
    const before = await testJobs();
    expect((await post(raw, signTimestamped(secret, raw, Date.now() - 4 * minute))).statusCode).toBe(204);
    expect((await post(raw, signTimestamped(secret, raw, Date.now() + 4 * minute))).statusCode).toBe(204);
    expect(await testJobs()).toBe(before + 2);
  });

  it("a vote replayed inside the window counts once (vote-id deduplication), outside it is 401", async () => {
    const raw = JSON.stringify({
      type: "vote.create",
      data: { id: "replay-1", user: { platform_id: voter } },
    });
    const header = signTimestamped(secret, raw);
    for (let replay = 0; replay < 5; replay++) expect((await post(raw, header)).statusCode).toBe(204);
    expect((await getVoterStats(t.ctx, demoGuildId, voter)).totalVotes).toBe(1);
    const old = signTimestamped(secret, raw.replace("replay-1", "replay-2"), Date.now() - 10 * minute);
    expect((await post(raw.replace("replay-1", "replay-2"), old)).statusCode).toBe(401);
    expect((await getVoterStats(t.ctx, demoGuildId, voter)).totalVotes).toBe(1);
  });
});
