import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, dialects, seedOtherGuild, type TestContext } from "../../../test/helpers.ts";
import type { AppContext } from "../../context.ts";
import { openStorage } from "../../db/database.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { DatabaseJobQueue } from "../../jobs/queue.ts";
import { clearCaches } from "../../lib/cache-registry.ts";
import { noticeOptions, registerNoticeJobs, startNotice } from "./notify.ts";
import {
  blockEntity,
  forgetGlobalState,
  globalState,
  globalStateChannel,
  liftLockdown,
  listBlocked,
  onGlobalStateChanged,
  shareGlobalStateChanges,
  startLockdown,
  unblockEntity,
} from "./service.ts";
import * as store from "./store.ts";

const developerId = "111111111111111111";
const closedOwnerId = "555555555555555555";
const thirdGuildId = "666666666666666666";

/** A third server whose owner doesn't accept DMs. */
async function seedClosedGuild(ctx: AppContext): Promise<void> {
  const now = Date.now();
  const db = ctx.storage.db;
  await db
    .insertInto("sandbox_users")
    .values({
      id: closedOwnerId,
      username: "closed",
      global_name: null,
      avatar: null,
      bot: 0,
      created_at: now,
      dm_open: 0,
    })
    .execute();
  await db
    .insertInto("sandbox_users")
    .values({
      id: developerId,
      username: "dev",
      global_name: null,
      avatar: null,
      bot: 0,
      created_at: now,
      dm_open: 1,
    })
    .execute();
  await db
    .insertInto("sandbox_guilds")
    .values({
      id: thirdGuildId,
      name: "Quiet Place",
      icon: null,
      owner_id: closedOwnerId,
      description: null,
      boost_count: 0,
      boost_level: 0,
      created_at: now,
    })
    .execute();
  await db
    .insertInto("sandbox_members")
    .values({
      guild_id: thirdGuildId,
      user_id: closedOwnerId,
      nick: null,
      roles: "[]",
      joined_at: now,
      timeout_until: null,
    })
    .execute();
}

async function dmsTo(ctx: AppContext, userId: string): Promise<string[]> {
  const rows = await ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", "dm.send")
    .execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { userId: string; message: { content: string } })
    .filter((dm) => dm.userId === userId)
    .map((dm) => dm.message.content);
}

describe.each(dialects)("developer tools on %s", (dialect) => {
  let test: TestContext;
  let ctx: AppContext;
  let other: { guildId: string; ownerId: string };

  beforeAll(async () => {
    test = await createTestContext({ dialect });
    ctx = { ...test.ctx, config: { ...test.ctx.config, developerIds: [developerId] } };
    other = await seedOtherGuild(ctx);
    await seedClosedGuild(ctx);
  });

  afterAll(async () => {
    await test?.cleanup();
  });

  afterEach(() => forgetGlobalState());

  it("blocks a user and a server by id (telling which is which), and leaves the server", async () => {
    const heard: number[] = [];
    const stop = onGlobalStateChanged(() => heard.push(1));
    const { block: user } = await blockEntity(ctx, {
      id: other.ownerId,
      reason: "spam",
      blockedBy: developerId,
    });
    expect(user).toMatchObject({ id: other.ownerId, kind: "user", reason: "spam" });
    const { block: server, left } = await blockEntity(ctx, {
      id: other.guildId,
      reason: "abuse",
      blockedBy: developerId,
    });
    expect(server.kind).toBe("server");
    expect(left).toBe(true);
    expect(await ctx.discord.getGuild(other.guildId)).toBeNull();
    stop();
    expect(heard).toHaveLength(2);
    const state = await globalState(ctx);
    expect([...state.blocks.keys()].sort()).toEqual([other.guildId, other.ownerId].sort());
    expect((await listBlocked(ctx)).map((block) => block.id).sort()).toEqual(
      [other.guildId, other.ownerId].sort(),
    );

    await unblockEntity(ctx, other.ownerId, developerId);
    await unblockEntity(ctx, other.guildId, developerId);
    expect((await globalState(ctx)).blocks.size).toBe(0);
    await expect(unblockEntity(ctx, other.guildId, developerId)).rejects.toThrow("is not on the block list");
  });

  it("refuses a malformed id, an unknown one, and a developer", async () => {
    await expect(blockEntity(ctx, { id: "abc", reason: null, blockedBy: developerId })).rejects.toThrow(
      "isn't a Discord ID",
    );
    await expect(
      blockEntity(ctx, { id: "999999999999999999", reason: null, blockedBy: developerId }),
    ).rejects.toThrow("npm run admin -- block server 999999999999999999");
    await expect(blockEntity(ctx, { id: developerId, reason: null, blockedBy: developerId })).rejects.toThrow(
      "belongs to one of the bot's developers",
    );
    // By kind (the operator CLI), an id Discord doesn't know can be blocked ahead of time.
    const { block, left } = await blockEntity(ctx, {
      id: "999999999999999999",
      kind: "server",
      reason: null,
      blockedBy: "cli",
    });
    expect(block.kind).toBe("server");
    expect(left).toBe(false);
    await unblockEntity(ctx, block.id, "cli");
  });

  it("keeps a lockdown in the database, so another process sees it, until it is lifted", async () => {
    await startLockdown(ctx, "Emergency maintenance", developerId);
    const second = openStorage(test.ctx.config.databaseUrl);
    try {
      // A second process: its own storage, its own cached state.
      expect((await globalState({ storage: second })).lockdown).toMatchObject({
        reason: "Emergency maintenance",
        startedBy: developerId,
      });
      await liftLockdown(ctx, developerId);
      forgetGlobalState();
      expect((await globalState({ storage: second })).lockdown).toBeNull();
    } finally {
      if (dialect === "postgres") await second.close();
    }
    await expect(liftLockdown(ctx, developerId)).rejects.toThrow("There is no lockdown to lift.");
  });

  it("DMs every owner once, resumes after a restart without a second DM, and reports the counts", async () => {
    const saved = { ...noticeOptions };
    // One owner per run, the next run due 30 ms later: each runDue below is one run.
    Object.assign(noticeOptions, { paceMs: 30, batchSize: 1 });
    try {
      registerNoticeJobs(ctx);
      // The first test made the bot leave the other server; it is invited back.
      await ctx.storage.db
        .insertInto("sandbox_guilds")
        .values({
          id: other.guildId,
          name: "Other Place",
          icon: null,
          owner_id: other.ownerId,
          description: null,
          boost_count: 0,
          boost_level: 0,
          created_at: Date.now(),
        })
        .execute();
      clearCaches();
      const started = await startNotice(ctx, "Maintenance on Sunday at 02:00 UTC.", developerId);
      // Three servers, three owners (the demo's, the other server's, and one whose DMs are closed).
      expect(started).toMatchObject({ total: 3, sent: 0, failed: 0, pending: 3, finished: false });
      const owners = [demoOwnerId, other.ownerId, closedOwnerId].sort();

      expect(await ctx.jobs.runDue()).toBe(1);
      const sentFirst = await store.recipientCounts(ctx.storage.db, started.id);
      expect(sentFirst.sent + sentFirst.failed).toBe(1);
      const pending = await store.pendingRecipients(ctx.storage.db, started.id, 10);
      expect(pending).toHaveLength(2);
      const done = owners.find((owner) => !pending.includes(owner)) ?? "";
      if (done !== closedOwnerId) {
        expect(await dmsTo(ctx, done)).toHaveLength(1);
        expect((await dmsTo(ctx, done))[0]).toContain("Maintenance on Sunday at 02:00 UTC.");
      }

      // The process dies while DMing the next owner: its row says "sending", its next job is due.
      const crashed = pending.find((owner) => owner !== closedOwnerId) ?? "";
      expect(
        await store.moveRecipient(
          ctx.storage.db,
          started.id,
          crashed,
          "pending",
          "sending",
          null,
          Date.now(),
        ),
      ).toBe(true);

      // A new process on the same database picks the job up where it stopped.
      const jobs = new DatabaseJobQueue(ctx.storage, ctx.logger);
      const restarted: AppContext = { ...ctx, jobs };
      registerNoticeJobs(restarted);
      const deadline = Date.now() + 5000;
      while (
        (await store.findNotice(ctx.storage.db, started.id))?.finishedAt === null &&
        Date.now() < deadline
      ) {
        await jobs.runDue();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }

      // Each owner was DMed at most once: the interrupted one not again, the closed one never.
      for (const owner of owners) {
        expect(await dmsTo(ctx, owner), owner).toHaveLength(
          owner === closedOwnerId || owner === crashed ? 0 : 1,
        );
      }
      expect(await store.recipientCounts(ctx.storage.db, started.id)).toEqual({
        pending: 0,
        sending: 0,
        sent: 1,
        failed: 2,
      });
      const rows = await ctx.storage.db.selectFrom("dev_notice_recipients").selectAll().execute();
      expect(rows.find((row) => row.user_id === crashed)?.error).toBe(
        "interrupted by a restart (not sent again)",
      );
      expect(rows.find((row) => row.user_id === closedOwnerId)?.error).toBe("dm_closed");
      const report = await dmsTo(ctx, developerId);
      expect(report).toEqual([
        "📣 Notice #1 is done: **1** owner told, **2** failed (DMs closed or unreachable).",
      ]);
    } finally {
      Object.assign(noticeOptions, saved);
    }
  });
});

// Another process is simulated by writing the row directly and publishing on the channel, as its
// `changed()` would; this process must drop its copy without waiting for the expiry.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("block list changes across processes through Redis", () => {
  let test: TestContext;
  const clients: Redis[] = [];
  let stop: () => void = () => {};
  const connect = () => {
    const client = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    test = await createTestContext();
    stop = await shareGlobalStateChanges(connect(), connect(), (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    stop();
    for (const client of clients) client.disconnect();
    await test.cleanup();
  });

  it("drops its cached block list when another process announces a change", async () => {
    expect((await globalState(test.ctx)).blocks.size).toBe(0);
    await store.upsertBlock(test.ctx.storage.db, {
      id: "777777777777777777",
      kind: "user",
      reason: null,
      blockedBy: "cli",
      blockedAt: Date.now(),
    });
    // Still the cached copy: nothing announced yet.
    expect((await globalState(test.ctx)).blocks.size).toBe(0);
    await connect().publish(globalStateChannel, "1");
    const deadline = Date.now() + 2000;
    let size = 0;
    while (size === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      size = (await globalState(test.ctx)).blocks.size;
    }
    expect(size).toBe(1);
  });

  it("announces this process's changes to the others", async () => {
    const listener = connect();
    let heard = 0;
    listener.on("message", (channel: string) => {
      if (channel === globalStateChannel) heard++;
    });
    await listener.subscribe(globalStateChannel);
    await startLockdown(test.ctx, null, "111111111111111111");
    const deadline = Date.now() + 2000;
    while (heard === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(heard).toBe(1);
  });
});
