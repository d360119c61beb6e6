import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { expectAppError } from "../../../test/fixtures/statica.ts";
import { createTestApp, demoGuildId, dialects, type TestApp } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { registerVoteJobs } from "./jobs.ts";
import { monthlyResetJob, runMonthlyReset } from "./rewards.ts";
import { configureVotes, getLeaderboard, getVoterStats, recordVote } from "./service.ts";
import { findReward, listArchive } from "./store.ts";
import { signBody, signTimestamped } from "./webhook.ts";

const actor = { tokenId: null, userId: demoOwnerId };
const hour = 3_600_000;

describe.each(dialects)("vote tracker (%s)", (dialect) => {
  let t: TestApp;
  let roles: Record<string, string>;
  let channels: Record<string, string>;
  let members: string[];
  let webhookId: string;
  let secret: string;

  const post = (body: unknown, headers: Record<string, string> = {}, raw?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/votes/${webhookId}`,
      headers: { "content-type": "application/json", ...headers },
      payload: raw ?? JSON.stringify(body),
    });
  const signed = (body: unknown) => {
    const raw = JSON.stringify(body);
    return post(undefined, { "x-topgg-signature": signTimestamped(secret, raw) }, raw);
  };
  const stats = (userId: string) => getVoterStats(t.ctx, demoGuildId, userId);
  const outbox = async (action: string) =>
    (
      await t.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .select("payload")
        .where("action", "=", action)
        .orderBy("id")
        .execute()
    ).map((row) => JSON.parse(row.payload) as Record<string, unknown>);

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    registerVoteJobs(t.ctx);
    roles = Object.fromEntries((await t.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
    channels = Object.fromEntries((await t.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]));
    const rows = await t.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "not in", [demoOwnerId, demoBotId])
      .orderBy("user_id")
      .limit(20)
      .execute();
    members = rows.map((row) => row.user_id);
    const setup = await configureVotes(t.ctx, demoGuildId, actor, {
      channelId: channels["bot-commands"] ?? null,
      rewardRoleId: roles["Events Ping"] ?? null,
      rewardHours: 24,
    });
    webhookId = setup.settings.webhook_id;
    secret = setup.settings.secret;
  });
  afterAll(() => t.cleanup());
  afterEach(() => vi.useRealTimers());

  describe("setup", () => {
    it("makes an unguessable webhook id and secret once, and keeps them on later edits", async () => {
      expect(webhookId).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const again = await configureVotes(t.ctx, demoGuildId, actor, { leaderboards: true });
      expect(again.created).toBe(false);
      expect(again.settings).toMatchObject({ webhook_id: webhookId, secret, reward_hours: 24 });
      expect(again.webhookUrl).toMatch(new RegExp(`/api/votes/${webhookId}$`));
    });

    it("refuses bad reward roles, durations and channels, naming the field", async () => {
      const setup = (input: Parameters<typeof configureVotes>[3]) =>
        configureVotes(t.ctx, demoGuildId, actor, input);
      await expectAppError(setup({ rewardHours: 169 }), 400, "reward_hours");
      await expectAppError(setup({ rewardHours: 1.5 }), 400, "reward_hours");
      await expectAppError(
        setup({ rewardRoleId: roles.Moderator ?? "" }),
        400,
        "reward_role",
        /Kick Members/,
      );
      await expectAppError(
        setup({ rewardRoleId: roles["Server Booster"] ?? "" }),
        400,
        "reward_role",
        /managed/,
      );
      await expectAppError(setup({ rewardRoleId: demoGuildId }), 400, "reward_role");
      await expectAppError(setup({ rewardRoleId: roles.Owner ?? "" }), 400, "reward_role");
      await expectAppError(setup({ channelId: channels.Lounge ?? "" }), 400, "channel", /not a text channel/);
    });

    it("schedules the monthly reset for the next month boundary", async () => {
      const job = await t.ctx.storage.db
        .selectFrom("jobs")
        .selectAll()
        .where("kind", "=", monthlyResetJob)
        .executeTakeFirstOrThrow();
      const now = new Date();
      expect(Number(job.run_at)).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    });
  });

  describe("webhook", () => {
    it("legacy form: the shared secret in Authorization; a retry counts once", async () => {
      const voter = members[0] ?? "";
      const body = { guild: demoGuildId, user: voter, type: "upvote", isWeekend: false };
      expect((await post(body, { authorization: secret })).statusCode).toBe(204);
      expect((await post(body, { authorization: secret })).statusCode).toBe(204);
      expect((await stats(voter)).totalVotes).toBe(1);
      expect((await post(body, { authorization: `${secret}x` })).statusCode).toBe(401);
      expect((await post(body, { authorization: secret.slice(0, -1) })).statusCode).toBe(401);
      expect((await post(body)).statusCode).toBe(401);
      expect((await post({ ...body, user: "nope" }, { authorization: secret })).statusCode).toBe(400);
      expect((await post(undefined, { authorization: secret }, "{not json")).statusCode).toBe(400);
      expect(
        (await post({ ...body, guild: "123456789012345678" }, { authorization: secret })).statusCode,
      ).toBe(400);
    });

    it("a weekend legacy vote weighs 2; a test vote notifies without counting", async () => {
      const voter = members[1] ?? "";
      await post({ user: voter, type: "upvote", isWeekend: true }, { authorization: secret });
      expect((await stats(voter)).totalVotes).toBe(2);
      await post({ user: voter, type: "test" }, { authorization: secret });
      await t.ctx.jobs.runDue();
      expect((await stats(voter)).totalVotes).toBe(2);
      const sent = await outbox("message.send");
      expect(sent.some((m) => JSON.stringify(m).includes("🧪 Test vote"))).toBe(true);
    });

    it("signed form: valid counts once per vote id; invalid or tampered is 401", async () => {
      const voter = members[2] ?? "";
      const body = { type: "vote.create", data: { id: "v-1", weight: 1, user: { platform_id: voter } } };
      expect((await signed(body)).statusCode).toBe(204);
      expect((await signed(body)).statusCode).toBe(204);
      expect((await signed({ id: "v-2", weight: 2, user: voter })).statusCode).toBe(204);
      expect(await stats(voter)).toMatchObject({ totalVotes: 3 });

      const raw = JSON.stringify({ id: "v-3", user: voter });
      const signature = signTimestamped(secret, raw);
      const tampered = raw.replace("v-3", "v-4");
      expect((await post(undefined, { "x-topgg-signature": signature }, tampered)).statusCode).toBe(401);
      expect(
        (await post(undefined, { "x-topgg-signature": signTimestamped("other", raw) }, raw)).statusCode,
      ).toBe(401);
      expect((await post(undefined, { "x-topgg-signature": "zz" }, raw)).statusCode).toBe(401);
      // Reformatting the same JSON changes the bytes, so the signature no longer matches.
      expect((await post(undefined, { "x-topgg-signature": signature }, ` ${raw}`)).statusCode).toBe(401);
      // A correct HMAC without its time is refused: it could be replayed for ever.
      expect(
        (await post(undefined, { "x-topgg-signature": `sha256=${signBody(secret, raw)}` }, raw)).statusCode,
      ).toBe(401);
      expect((await post(undefined, { "x-topgg-signature": signature }, raw)).statusCode).toBe(204);
      expect((await stats(voter)).totalVotes).toBe(4);
      const badBody = JSON.stringify({ user: voter });
      expect(
        (await post(undefined, { "x-topgg-signature": signTimestamped(secret, badBody) }, badBody))
          .statusCode,
      ).toBe(400);
    });

    it("top.gg's timestamped signature (t=…,v1=… over `t.` + raw body), its test event, and its project", async () => {
      const voter = members[5] ?? "";
      const send = (body: unknown, sign = (raw: string) => signTimestamped(secret, raw)) => {
        const raw = JSON.stringify(body);
        return post(undefined, { "x-topgg-signature": sign(raw) }, raw);
      };
      const vote = (id: string) => ({
        type: "vote.create",
        data: {
          id,
          weight: 1,
          created_at: "2025-03-10T12:00:00.000Z",
          project: { id: "p1", type: "server", platform: "discord", platform_id: demoGuildId },
          user: { id: "900000000000000001", platform_id: voter, name: "Voter" },
        },
      });
      expect((await send(vote("ts-1"))).statusCode).toBe(204);
      expect((await send(vote("ts-1"))).statusCode).toBe(204);
      expect((await stats(voter)).totalVotes).toBe(1);

      // The timestamp is part of what is signed: changing it breaks the signature.
      const raw = JSON.stringify(vote("ts-2"));
      const header = signTimestamped(secret, raw);
      const moved = header.replace(/^t=\d+/, "t=1");
      expect((await post(undefined, { "x-topgg-signature": moved }, raw)).statusCode).toBe(401);
      expect((await post(undefined, { "x-topgg-signature": "t=1,v1=zz" }, raw)).statusCode).toBe(401);
      expect((await post(undefined, { "x-topgg-signature": header }, raw)).statusCode).toBe(204);
      expect((await stats(voter)).totalVotes).toBe(2);

      // webhook.test carries no vote id: a marked notification, nothing counted.
      const test = {
        type: "webhook.test",
        data: { user: { platform_id: voter }, project: { type: "server" } },
      };
      expect((await send(test)).statusCode).toBe(204);
      await t.ctx.jobs.runDue();
      expect((await stats(voter)).totalVotes).toBe(2);

      const noId = await send({ type: "vote.create", data: { user: { platform_id: voter } } });
      expect(noId.statusCode).toBe(400);
      expect(noId.json()).toMatchObject({ field: "data.id" });
      const elsewhere = vote("ts-3");
      elsewhere.data.project.platform_id = "123456789012345678";
      const other = await send(elsewhere);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ field: "data.project.platform_id" });
      expect((await stats(voter)).totalVotes).toBe(2);
    });

    it("a bad body is 400 naming the field; retries in parallel count once; any content type is read", async () => {
      const voter = members[6] ?? "";
      const badWeight = await post({ userId: voter, platform: "dbl", weight: 0 }, { authorization: secret });
      expect(badWeight.statusCode).toBe(400);
      expect(badWeight.json()).toMatchObject({ field: "weight" });
      expect(badWeight.json().message).toMatch(/^weight: /);
      const noUser = await post({ type: "upvote" }, { authorization: secret });
      expect(noUser.json()).toMatchObject({ field: "user" });
      const empty = await post(undefined, { authorization: secret }, "");
      expect(empty.statusCode).toBe(400);

      const raw = JSON.stringify({
        type: "vote.create",
        data: { id: "par-1", user: { platform_id: voter } },
      });
      const retries = await Promise.all(
        Array.from({ length: 8 }, () =>
          post(undefined, { "x-topgg-signature": signTimestamped(secret, raw) }, raw),
        ),
      );
      expect(retries.map((res) => res.statusCode)).toEqual(Array(8).fill(204));
      expect((await stats(voter)).totalVotes).toBe(1);
      expect(
        await t.ctx.storage.db.selectFrom("votes").select("id").where("user_id", "=", voter).execute(),
      ).toHaveLength(1);

      const plain = await t.app.inject({
        method: "POST",
        url: `/api/votes/${webhookId}`,
        headers: { "content-type": "text/plain", authorization: secret },
        payload: JSON.stringify({ userId: voter, platform: "discords.com", voteId: "txt-1" }),
      });
      expect(plain.statusCode).toBe(204);
      expect((await stats(voter)).totalVotes).toBe(2);
    });

    it("generic form records the platform; its vote ids are per platform", async () => {
      const voter = members[3] ?? "";
      const vote = (platform: string, voteId?: string) =>
        post({ userId: voter, platform, ...(voteId ? { voteId } : {}) }, { authorization: secret });
      expect((await vote("discordbotlist", "a1")).statusCode).toBe(204);
      expect((await vote("discordbotlist", "a1")).statusCode).toBe(204);
      expect((await vote("discords.com", "a1")).statusCode).toBe(204);
      expect((await stats(voter)).totalVotes).toBe(2);
      const platforms = await t.ctx.storage.db
        .selectFrom("votes")
        .select("platform")
        .where("user_id", "=", voter)
        .orderBy("id")
        .execute();
      expect(platforms.map((row) => row.platform)).toEqual(["discordbotlist", "discords.com"]);
      expect((await vote("bad/platform")).statusCode).toBe(400);
    });

    it("an unknown webhook id is 404, on every form", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/votes/unknown-webhook-id-1234",
        headers: { authorization: secret, "content-type": "application/json" },
        payload: JSON.stringify({ user: members[0], type: "upvote" }),
      });
      expect(res.statusCode).toBe(404);
    });

    it("id-less votes of one member: a second within 11 h is a retry; one 12 h later counts", async () => {
      const voter = members[4] ?? "";
      const vote = (at: number) =>
        recordVote(t.ctx, demoGuildId, { userId: voter, platform: "top.gg", voteId: null, weight: 1, at });
      const start = Date.UTC(2025, 2, 10, 11, 59);
      expect((await vote(start)).counted).toBe(true);
      expect((await vote(start + 2 * 60_000)).counted).toBe(false); // crosses the 12 h bucket boundary
      expect((await vote(start + 12 * hour)).counted).toBe(true);
      expect(
        (await Promise.all([vote(start + 30 * hour), vote(start + 30 * hour)])).filter((r) => r.counted),
      ).toHaveLength(1);
    });
  });

  it("votes arriving together are stored as one after another would be: a retry in the same batch counts once, a member's votes see each other, each counted vote gets one delivery", async () => {
    const [together, apart] = [members[12] ?? "", members[13] ?? ""];
    const start = Date.UTC(2025, 4, 6, 11, 59);
    const day = 24 * hour;
    const votes = (userId: string) =>
      [
        { voteId: "b-1", at: start },
        { voteId: null, at: start },
        { voteId: "b-2", at: start + day },
        { voteId: "b-1", at: start + day }, // a retry of the first
        { voteId: null, at: start + 2 * 60_000 }, // an id-less retry in the next 12 h bucket
        { voteId: "b-3", at: start + 2 * day, weight: 2 },
        { voteId: null, at: start + 2 * day },
      ].map((vote) => ({
        userId,
        platform: "top.gg",
        weight: 1,
        ...vote,
        // Vote ids are the listing site's, unique per server: each member's own.
        voteId: vote.voteId && `${userId}-${vote.voteId}`,
      }));
    const apartResults = [];
    for (const vote of votes(apart)) apartResults.push(await recordVote(t.ctx, demoGuildId, vote));
    // Submitted in one turn of the event loop: one batch, one transaction.
    const togetherResults = await Promise.all(
      votes(together).map((vote) => recordVote(t.ctx, demoGuildId, vote)),
    );

    const counted = [true, true, true, false, false, true, true];
    expect(togetherResults.map((result) => result.counted)).toEqual(counted);
    expect(apartResults.map((result) => result.counted)).toEqual(counted);
    const statsOf = async (userId: string) => {
      const {
        userId: _userId,
        rank: _rank,
        ...rest
      } = await getVoterStats(t.ctx, demoGuildId, userId, start + 2 * day);
      return rest;
    };
    expect(await statsOf(together)).toEqual(await statsOf(apart));
    expect(await statsOf(together)).toMatchObject({ totalVotes: 6, currentStreak: 3, longestStreak: 3 });
    const ids = togetherResults.flatMap((result) => (result.voteRowId === null ? [] : [result.voteRowId]));
    expect(new Set(ids).size).toBe(5);
    const jobs = await t.ctx.storage.db
      .selectFrom("jobs")
      .select(["kind", "payload"])
      .where(
        "dedupe_key",
        "in",
        ids.map((id) => `votes.deliver:${id}`),
      )
      .execute();
    expect(jobs.map((job) => JSON.parse(job.payload).voteRowId).sort()).toEqual(ids.toSorted());
    // Their deliveries are not what this test is about: later tests run the due jobs.
    const mine = [...togetherResults, ...apartResults].map((result) => `votes.deliver:${result.voteRowId}`);
    await t.ctx.storage.db.deleteFrom("jobs").where("dedupe_key", "in", mine).execute();
  });

  describe("reward role", () => {
    it("a vote gives the role for 24 h; a new vote extends it; the job removes it on time", async () => {
      const voter = members[5] ?? "";
      const roleId = roles["Events Ping"] ?? "";
      vi.useFakeTimers({ toFake: ["Date"] });
      const start = Date.UTC(2031, 0, 10, 12);
      vi.setSystemTime(start);
      await post({ user: voter, type: "upvote" }, { authorization: secret });
      await t.ctx.jobs.runDue();
      expect((await t.ctx.discord.getMember(demoGuildId, voter))?.roleIds).toContain(roleId);
      expect(Number((await findReward(t.ctx.storage.db, demoGuildId, voter))?.expires_at)).toBe(
        start + 24 * hour,
      );

      vi.setSystemTime(start + 12 * hour);
      await post({ user: voter, type: "upvote" }, { authorization: secret });
      await t.ctx.jobs.runDue();
      expect(Number((await findReward(t.ctx.storage.db, demoGuildId, voter))?.expires_at)).toBe(
        start + 36 * hour,
      );

      vi.setSystemTime(start + 24 * hour + 1);
      await t.ctx.jobs.runDue(); // the first expiry job moves itself to the extended time
      expect((await t.ctx.discord.getMember(demoGuildId, voter))?.roleIds).toContain(roleId);

      vi.setSystemTime(start + 36 * hour + 1);
      await t.ctx.jobs.runDue();
      expect((await t.ctx.discord.getMember(demoGuildId, voter))?.roleIds).not.toContain(roleId);
      expect(await findReward(t.ctx.storage.db, demoGuildId, voter)).toBeUndefined();
    });

    it("a member who already holds the role by hand keeps it and is not tracked", async () => {
      const voter = members[6] ?? "";
      const roleId = roles["Events Ping"] ?? "";
      await t.ctx.discord.addMemberRole(demoGuildId, voter, roleId);
      await post({ user: voter, type: "upvote" }, { authorization: secret });
      await t.ctx.jobs.runDue();
      expect(await findReward(t.ctx.storage.db, demoGuildId, voter)).toBeUndefined();
    });

    it("the notification renders the vote tags and pings only the voter", async () => {
      const voter = members[7] ?? "";
      await post({ userId: voter, platform: "discordbotlist", voteId: "n-1" }, { authorization: secret });
      await t.ctx.jobs.runDue();
      const sent = (await outbox("message.send")).map(
        (m) => m as { message?: { content?: string; allowedMentions?: unknown } },
      );
      const mine = sent.find((m) => m.message?.content?.includes(`<@${voter}>`));
      expect(mine?.message?.content).toBe(
        `🗳️ <@${voter}> voted for **Ember Hollow** on discordbotlist! They have 1 votes (1 this month).`,
      );
      expect(mine?.message?.allowedMentions).toEqual({ users: [voter] });
    });
  });

  describe("leaderboard", () => {
    it("orders by votes, then the earliest last vote, and adds the caller below the top 15", async () => {
      const server = "555555555555555555";
      await t.ctx.storage.db
        .insertInto("vote_settings")
        .values({
          server_id: server,
          webhook_id: "lb-webhook-0000000000",
          secret: "s",
          channel_id: null,
          reward_role_id: null,
          reward_hours: 0,
          leaderboards_enabled: 1,
          message: null,
          created_at: 0,
          updated_at: 0,
        })
        .execute();
      const base = Date.now() - 10 * hour;
      const users = Array.from({ length: 18 }, (_, i) => `7000000000000000${String(i).padStart(2, "0")}`);
      // users[i] gets 18 - i votes, except users[2] who gets 15 like users[3] but reaches it later.
      for (const [i, userId] of users.entries()) {
        const count = i === 2 ? 15 : 18 - i;
        for (let n = 0; n < count; n++) {
          const at = base + n * 1000 + (i === 2 ? 500 : 0);
          await recordVote(t.ctx, server, {
            userId,
            platform: "top.gg",
            voteId: `${userId}-${n}`,
            weight: 1,
            at,
          });
        }
      }
      const board = await getLeaderboard(t.ctx, server, "all-time", users[17] ?? "");
      expect(board.rows).toHaveLength(15);
      expect(board.rows.slice(0, 5).map((row) => [row.rank, row.userId, row.votes])).toEqual([
        [1, users[0], 18],
        [2, users[1], 17],
        [3, users[3], 15],
        [4, users[2], 15],
        [5, users[4], 14],
      ]);
      expect(board.caller).toMatchObject({ userId: users[17], rank: 18, votes: 1 });
      const inTop = await getLeaderboard(t.ctx, server, "monthly", users[0] ?? "");
      expect(inTop.caller).toBeNull();
    });

    it("ties on votes go to the earliest last vote", async () => {
      const server = "555555555555555556";
      await t.ctx.storage.db
        .insertInto("vote_settings")
        .values({
          server_id: server,
          webhook_id: "lb-webhook-0000000001",
          secret: "s",
          channel_id: null,
          reward_role_id: null,
          reward_hours: 0,
          leaderboards_enabled: 1,
          message: null,
          created_at: 0,
          updated_at: 0,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const now = Date.now();
      const vote = (userId: string, at: number) =>
        recordVote(t.ctx, server, { userId, platform: "top.gg", voteId: `${userId}-${at}`, weight: 1, at });
      await vote("800000000000000001", now - 3000);
      await vote("800000000000000002", now - 5000);
      await vote("800000000000000003", now - 4000);
      await vote("800000000000000003", now - 1000);
      const board = await getLeaderboard(t.ctx, server, "all-time", "800000000000000001");
      expect(board.rows.map((row) => row.userId)).toEqual([
        "800000000000000003",
        "800000000000000002",
        "800000000000000001",
      ]);
      // Same votes in the same millisecond: the lower member id first, and the caller's rank agrees.
      await vote("800000000000000005", now - 6000);
      await vote("800000000000000004", now - 6000);
      const tied = await getLeaderboard(t.ctx, server, "all-time", "800000000000000005");
      expect(tied.rows.slice(1, 3).map((row) => [row.userId, row.rank])).toEqual([
        ["800000000000000004", 2],
        ["800000000000000005", 3],
      ]);
      expect((await getVoterStats(t.ctx, server, "800000000000000005")).rank).toBe(3);
    });

    it("is refused when leaderboards are off", async () => {
      await configureVotes(t.ctx, demoGuildId, actor, { leaderboards: false });
      await expectAppError(
        getLeaderboard(t.ctx, demoGuildId, "monthly", demoOwnerId),
        400,
        undefined,
        /turned off/,
      );
      await configureVotes(t.ctx, demoGuildId, actor, { leaderboards: true });
    });
  });

  describe("monthly reset", () => {
    it("archives the finished month from the vote rows and zeroes monthly counts, once", async () => {
      const server = "555555555555555557";
      const march = Date.UTC(2030, 2, 31, 22);
      const vote = (userId: string, at: number, id: string, weight = 1) =>
        recordVote(t.ctx, server, { userId, platform: "top.gg", voteId: id, weight, at });
      await vote("900000000000000001", march, "m1", 2);
      await vote("900000000000000001", march + hour, "m2"); // 23:00 UTC, still March
      await vote("900000000000000002", march + 3 * hour, "a1"); // April 1st 01:00
      expect(await runMonthlyReset(t.ctx, "2030-03")).toBeGreaterThanOrEqual(1);
      await runMonthlyReset(t.ctx, "2030-03");
      expect(await listArchive(t.ctx.storage.db, server, "2030-03")).toEqual(
        [{ user_id: "900000000000000001", votes: 3, last_vote_at: march + hour }].map((row) =>
          expect.objectContaining({ user_id: row.user_id, votes: row.votes }),
        ),
      );
      const april = Date.UTC(2030, 3, 2);
      expect((await getVoterStats(t.ctx, server, "900000000000000001", april)).monthlyVotes).toBe(0);
      expect((await getVoterStats(t.ctx, server, "900000000000000001", april)).totalVotes).toBe(3);
      expect((await getVoterStats(t.ctx, server, "900000000000000002", april)).monthlyVotes).toBe(1);
      const next = await t.ctx.storage.db
        .selectFrom("jobs")
        .select("run_at")
        .where("dedupe_key", "=", `${monthlyResetJob}:2030-04`)
        .executeTakeFirst();
      expect(Number(next?.run_at)).toBe(Date.UTC(2030, 4, 1));
    });
  });
});
