import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { DatabaseJobQueue } from "../../jobs/queue.ts";
import { createLogger } from "../../lib/logger.ts";
import { goAfk, welcomeBackDeleteJob } from "./afk.ts";
import { registerPerksJobs } from "./jobs.ts";
import { PerkListener, perkCooldowns } from "./listener.ts";
import type { Owner } from "./member-perks.ts";
import { createTier } from "./tiers.ts";

// The welcome-back message is deleted by a durable job a minute after it is posted; these tests move
// the clock instead of waiting, and run the job on a fresh queue as a restarted process would.

let test: TestContext;
let stopListening: () => void;
let channelId: string;
let people: string[];
let vipRole: string;

const db = () => test.ctx.storage.db;

/** Fakes only the clock, so the database and the job queue keep working. */
function setNow(at: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

/** A process started after the one that posted: a new queue over the same database. */
function restartedJobs() {
  const jobs = new DatabaseJobQueue(test.ctx.storage, createLogger({ logLevel: "silent" }));
  registerPerksJobs({ ...test.ctx, jobs });
  return jobs;
}

async function owner(userId: string): Promise<Owner> {
  await test.ctx.discord.addMemberRole(demoGuildId, userId, vipRole);
  return { userId, roleIds: (await test.ctx.discord.getMember(demoGuildId, userId))?.roleIds ?? [] };
}

/** Goes AFK, comes back with a message, and answers the welcome-back message's row and its job. */
async function welcomedBack(userId: string) {
  await goAfk(test.ctx, demoGuildId, await owner(userId), "lunch");
  const before = Date.now();
  await test.sandbox.simulateMessage(channelId, userId, "back");
  const message = await db()
    .selectFrom("sandbox_messages")
    .select(["id", "deleted_at"])
    .where("channel_id", "=", channelId)
    .where("author_id", "=", test.sandbox.botUserId)
    .where("payload", "like", `%Welcome back <@${userId}>%`)
    .executeTakeFirstOrThrow();
  const job = await db()
    .selectFrom("jobs")
    .select(["id", "run_at", "payload"])
    .where("kind", "=", welcomeBackDeleteJob)
    .where("payload", "like", `%${message.id}%`)
    .executeTakeFirstOrThrow();
  return { message, job, before };
}

const deletedAt = async (messageId: string) =>
  (
    await db()
      .selectFrom("sandbox_messages")
      .select("deleted_at")
      .where("id", "=", messageId)
      .executeTakeFirstOrThrow()
  ).deleted_at;

const jobStatus = async (id: number) =>
  (await db().selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  test = await createTestContext();
  channelId = (await test.ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "general")?.id ?? "";
  vipRole = (await test.ctx.discord.createRole(demoGuildId, { name: "VIP" })).id;
  await createTier(test.ctx, demoGuildId, { name: "VIP", roleId: vipRole });
  const rows = await db()
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .limit(2)
    .execute();
  people = rows.map((row) => row.user_id);
  stopListening = new PerkListener(test.ctx).listen(test.sandbox.events);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  stopListening();
  await test.cleanup();
});

describe("the welcome-back message", () => {
  it("is deleted a minute after it is posted, even by a process that started after it was sent", async () => {
    const { message, job, before } = await welcomedBack(people[0] ?? "");
    expect(message.deleted_at).toBeNull();
    expect(Number(job.run_at)).toBeGreaterThanOrEqual(before + perkCooldowns.welcomeBackDeleteAfter);
    expect(Number(job.run_at)).toBeLessThanOrEqual(Date.now() + perkCooldowns.welcomeBackDeleteAfter);
    const jobs = restartedJobs();
    // Not yet: a second short of the minute the message stays.
    setNow(Number(job.run_at) - 1000);
    await jobs.runDue();
    expect(await deletedAt(message.id)).toBeNull();
    setNow(Number(job.run_at) + 1000);
    expect(await jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await deletedAt(message.id)).not.toBeNull();
    expect(await jobStatus(job.id)).toBe("done");
  });

  it("already deleted by someone else, the job still finishes instead of retrying", async () => {
    const { message, job } = await welcomedBack(people[1] ?? "");
    await test.ctx.discord.deleteMessage(channelId, message.id);
    setNow(Number(job.run_at) + 1000);
    expect(await restartedJobs().runDue()).toBeGreaterThanOrEqual(1);
    expect(await jobStatus(job.id)).toBe("done");
  });
});
