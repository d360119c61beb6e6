import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, makeDue, newGiveaway, owner, roleId } from "../../../test/fixtures/giveaways.ts";
import { setInviteCount } from "../../../test/fixtures/invites.ts";
import {
  createTestContext,
  demoGuildId,
  dialects,
  seedOtherGuild,
  type TestContext,
} from "../../../test/helpers.ts";
import { countQueries } from "../../../test/query-counter.ts";
import { AppError } from "../../lib/errors.ts";
import { makeSnowflake } from "../../lib/snowflake.ts";
import { putGiveawayConfig } from "./config.ts";
import { blockMember, removeEntrant } from "./entrants.ts";
import { enterGiveaway, entitlement, leaveGiveaway } from "./entries.ts";
import * as entryStore from "./entry-store.ts";
import { endGiveaway } from "./service.ts";
import * as store from "./store.ts";

/** The refusal an entry attempt ends with: status and message. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("entitlement", () => {
  const config = {
    bypassRoles: ["1"],
    blacklistRoles: ["2"],
    multiplierRoles: [
      { roleId: "3", multiplier: 3 },
      { roleId: "4", multiplier: 2 },
      { roleId: "5", multiplier: 10 },
    ],
  };
  it.each([
    [[], { blacklisted: false, bypass: false, entries: 1 }],
    [["1"], { blacklisted: false, bypass: true, entries: 1 }],
    [["1", "2"], { blacklisted: true, bypass: true, entries: 1 }],
    [["4"], { blacklisted: false, bypass: false, entries: 2 }],
    [["4", "3"], { blacklisted: false, bypass: false, entries: 3 }],
    [["3", "5", "4"], { blacklisted: false, bypass: false, entries: 10 }],
  ])("roles %j → %j", (roles, expected) => {
    expect(entitlement(config, roles)).toEqual(expected);
  });
});

describe("entering a giveaway", () => {
  let t: TestContext;
  let booster: string;
  let blacklisted: string;
  let gold: string;
  let diamond: string;
  let giveawayPing: string;
  beforeAll(async () => {
    t = await createTestContext();
    await seedOtherGuild(t.ctx);
    booster = await roleId(t.ctx, "Server Booster");
    gold = await roleId(t.ctx, "Gold");
    diamond = await roleId(t.ctx, "Diamond");
    giveawayPing = await roleId(t.ctx, "Giveaway Ping");
    blacklisted = await roleId(t.ctx, "Member");
    await putGiveawayConfig(t.ctx, demoGuildId, owner, {
      bypassRoles: [booster],
      blacklistRoles: [blacklisted],
      multiplierRoles: [
        { roleId: diamond, multiplier: 3 },
        { roleId: gold, multiplier: 2 },
      ],
    });
  });
  afterAll(() => t.cleanup());

  const withRequirements = () =>
    newGiveaway(t.ctx, {
      requirements: { minAccountAge: 30, minMemberAge: 7, minInvites: 2, requiredRoles: [giveawayPing] },
    });

  it("stores one entry with the highest multiplier held, and refuses a second", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const member = await addMember(t.ctx, { roleIds: [gold, diamond] });
    expect(await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member)).toEqual({
      entries: 3,
      hasBypass: false,
    });
    expect(await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member))).toEqual({
      status: 409,
      message: "You have already entered this giveaway.",
    });
    const plain = await addMember(t.ctx, { username: "plainmember" });
    expect(await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, plain)).toEqual({
      entries: 1,
      hasBypass: false,
    });
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    const entries = await entryStore.listEntries(t.ctx.storage.db, found?.id ?? 0, { limit: 10, offset: 0 });
    expect(entries.map((entry) => [entry.userId, entry.entries])).toEqual([
      [member, 3],
      [plain, 1],
    ]);
    expect(entries[1]?.username).toBe("plainmember");
  });

  it("checks each requirement with a message for the member", async () => {
    const giveaway = await withRequirements();
    const young = await addMember(t.ctx, { accountAgeDays: 10, roleIds: [giveawayPing] });
    expect(await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, young))).toEqual({
      status: 403,
      message: "Your Discord account must be at least 30 days old to enter (it is 10 days old).",
    });
    const newcomer = await addMember(t.ctx, { memberAgeDays: 1, roleIds: [giveawayPing] });
    expect(await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, newcomer))).toEqual({
      status: 403,
      message: "You must have been in this server for at least 7 days to enter (you joined 1 day ago).",
    });
    const noInvites = await addMember(t.ctx, { roleIds: [giveawayPing] });
    await setInviteCount(t.ctx, demoGuildId, noInvites, 1);
    expect(await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, noInvites))).toEqual({
      status: 403,
      message: "You need at least 2 invites to enter (you have 1).",
    });
    const noRole = await addMember(t.ctx);
    await setInviteCount(t.ctx, demoGuildId, noRole, 5);
    expect(await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, noRole))).toEqual({
      status: 403,
      message: `You need the role <@&${giveawayPing}> to enter.`,
    });
    const eligible = await addMember(t.ctx, { roleIds: [giveawayPing] });
    await setInviteCount(t.ctx, demoGuildId, eligible, 2);
    expect(await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, eligible)).toEqual({
      entries: 1,
      hasBypass: false,
    });
  });

  it("lets one of several required roles do", async () => {
    const giveaway = await newGiveaway(t.ctx, {
      requirements: { minAccountAge: 0, minMemberAge: 0, minInvites: 0, requiredRoles: [giveawayPing, gold] },
    });
    const none = await addMember(t.ctx);
    expect((await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, none))).message).toBe(
      `You need one of these roles to enter: <@&${giveawayPing}>, <@&${gold}>.`,
    );
    const goldMember = await addMember(t.ctx, { roleIds: [gold] });
    expect(await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, goldMember)).toMatchObject({
      entries: 2,
    });
  });

  it("lets a bypass role skip every requirement, and records it", async () => {
    const giveaway = await withRequirements();
    const boosted = await addMember(t.ctx, { accountAgeDays: 1, memberAgeDays: 0, roleIds: [booster, gold] });
    expect(await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, boosted)).toEqual({
      entries: 2,
      hasBypass: true,
    });
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    const [entry] = await entryStore.listEntries(t.ctx.storage.db, found?.id ?? 0, { limit: 10, offset: 0 });
    expect(entry).toMatchObject({ userId: boosted, hasBypass: true, entries: 2 });
  });

  it("refuses a blacklisted role, even with a bypass role", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const member = await addMember(t.ctx, { roleIds: [blacklisted, booster] });
    expect(await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member))).toEqual({
      status: 403,
      message: "One of your roles is not allowed to enter giveaways in this server.",
    });
  });

  it("refuses bots, non-members, unknown and ended giveaways", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const bot = await addMember(t.ctx, { bot: true });
    expect((await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, bot))).status).toBe(403);
    const stranger = await addMember(t.ctx, { serverId: "222222222222222222" });
    expect(await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, stranger))).toEqual({
      status: 403,
      message: "Only members of this server can enter its giveaways.",
    });
    expect((await refusal(enterGiveaway(t.ctx, demoGuildId, "123456789012345678", bot))).status).toBe(404);
    expect((await refusal(enterGiveaway(t.ctx, "222222222222222222", giveaway.messageId, bot))).status).toBe(
      404,
    );

    const member = await addMember(t.ctx);
    await makeDue(t.ctx, giveaway.messageId);
    // Past its end but not yet ended by the job: already closed to entries.
    expect(await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member))).toEqual({
      status: 409,
      message: "This giveaway has ended.",
    });
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    expect((await refusal(enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member))).status).toBe(409);
  });

  it("uses the member the bot passes in instead of fetching one", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const userId = await addMember(t.ctx);
    const member = await t.ctx.discord.getMember(demoGuildId, userId);
    if (!member) throw new Error("no member");
    const result = await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, userId, {
      member: { ...member, roleIds: [diamond] },
    });
    expect(result.entries).toBe(3);
  });

  it("lets a member leave while the giveaway runs, and enter again", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const member = await addMember(t.ctx);
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    await leaveGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    expect(await refusal(leaveGiveaway(t.ctx, demoGuildId, giveaway.messageId, member))).toEqual({
      status: 404,
      message: "You haven't entered this giveaway.",
    });
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member);
    await endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
    expect((await refusal(leaveGiveaway(t.ctx, demoGuildId, giveaway.messageId, member))).status).toBe(409);
  });
});

describe.each(dialects)("entries under concurrency on %s", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
  });
  afterAll(() => t.cleanup());

  it("stores one entry when a member enters twice at the same moment", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const member = await addMember(t.ctx);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect((result.reason as AppError).statusCode).toBe(409);
    }
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    expect(await entryStore.countEntries(t.ctx.storage.db, found?.id ?? 0)).toBe(1);
  });

  it("never stores an entry after the end: each one is in the draw or refused", async () => {
    for (let round = 0; round < 5; round++) {
      const giveaway = await newGiveaway(t.ctx, { winnerCount: 50 });
      const members = await Promise.all(Array.from({ length: 8 }, () => addMember(t.ctx)));
      const entering = members.map((member) => enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member));
      const ending = endGiveaway(t.ctx, demoGuildId, giveaway.messageId, { by: "manual", actor: owner });
      const results = await Promise.allSettled([...entering, ending]);
      const detail = await ending;
      const entered = results.slice(0, -1).filter((result) => result.status === "fulfilled").length;
      // With 50 winners wanted, everyone in the draw wins: the winners are exactly the stored entries.
      expect(detail.entriesCount).toBe(entered);
      expect(Array.isArray(detail.winners) && detail.winners.length).toBe(entered);
    }
  });
});

describe.each(dialects)("a burst of Enter presses on %s (group commit)", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
  });
  afterAll(() => t.cleanup());

  it("stores 300 presses on two giveaways in a few transactions, each answered once committed", async () => {
    const inserts: string[] = [];
    const storage = {
      ...t.ctx.storage,
      db: t.ctx.storage.db.withPlugin(
        countQueries((label) => {
          if (label === "insert giveaway_entries") inserts.push(label);
        }),
      ),
    };
    const deps = { ...t.ctx, storage };
    const giveaways = [await newGiveaway(t.ctx), await newGiveaway(t.ctx)];
    const members = await Promise.all(Array.from({ length: 300 }, () => addMember(t.ctx)));
    const committed: boolean[] = [];
    await Promise.all(
      members.map(async (member, index) => {
        const giveaway = giveaways[index % 2] as (typeof giveaways)[number];
        await enterGiveaway(deps, demoGuildId, giveaway.messageId, member);
        // Answered: the entry is there for anyone reading, on another connection too.
        const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
        const stored = await t.ctx.storage.db
          .selectFrom("giveaway_entries")
          .select("user_id")
          .where("giveaway_id", "=", found?.id ?? 0)
          .where("user_id", "=", member)
          .executeTakeFirst();
        committed.push(stored !== undefined);
      }),
    );
    expect(committed).toHaveLength(300);
    expect(committed.every(Boolean)).toBe(true);
    for (const giveaway of giveaways) {
      const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
      expect(await entryStore.countEntries(t.ctx.storage.db, found?.id ?? 0)).toBe(150);
    }
    expect(inserts.length).toBeLessThan(60);
    // A second press of each is refused, in a burst too.
    const again = await Promise.allSettled(
      members
        .slice(0, 40)
        .map((member, index) =>
          enterGiveaway(
            deps,
            demoGuildId,
            (giveaways[index % 2] as (typeof giveaways)[number]).messageId,
            member,
          ),
        ),
    );
    expect(
      again.every((result) => result.status === "rejected" && (result.reason as AppError).statusCode === 409),
    ).toBe(true);
  });

  it("checks blocks and removals once per burst, not once per press: 1,500 presses at once are all answered", async () => {
    const refusalReads: string[] = [];
    const storage = {
      ...t.ctx.storage,
      db: t.ctx.storage.db.withPlugin(
        countQueries((label) => {
          if (label === "select giveaway_blocks" || label === "select giveaway_entry_removals")
            refusalReads.push(label);
        }),
      ),
    };
    const deps = { ...t.ctx, storage };
    const giveaway = await newGiveaway(t.ctx);
    const [blocked, removed] = [await addMember(t.ctx), await addMember(t.ctx)];
    await blockMember(t.ctx, demoGuildId, owner, { userId: blocked, reason: "an alt account" });
    await enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, removed);
    await removeEntrant(t.ctx, demoGuildId, giveaway.messageId, removed, owner, { reason: "spam" });
    const now = Date.now();
    // As the Enter button's interactions carry them (the bot passes the member it has).
    const pressing = Array.from({ length: 1500 }, (_, index) => {
      const id = makeSnowflake(now - 400 * 86_400_000 + index);
      return {
        guildId: demoGuildId,
        user: {
          id,
          username: `burst${index}`,
          globalName: null,
          avatar: null,
          bot: false,
          createdAt: now - 400 * 86_400_000,
        },
        nick: null,
        roleIds: [],
        joinedAt: now - 30 * 86_400_000,
      };
    });
    const refusedMembers = await Promise.all(
      [blocked, removed].map((id) => t.ctx.discord.getMember(demoGuildId, id)),
    );
    const results = await Promise.allSettled(
      [...pressing, ...refusedMembers].map((member) => {
        if (!member) throw new Error("member missing");
        return enterGiveaway(deps, demoGuildId, giveaway.messageId, member.user.id, { member });
      }),
    );
    expect(results.slice(0, 1500).every((result) => result.status === "fulfilled")).toBe(true);
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    expect(await entryStore.countEntries(t.ctx.storage.db, found?.id ?? 0)).toBe(1500);
    const [blockedResult, removedResult] = results
      .slice(1500)
      .map((result) => (result.status === "rejected" ? (result.reason as AppError) : null));
    expect(blockedResult?.statusCode).toBe(403);
    expect(blockedResult?.message).toContain("a manager blocked you (an alt account)");
    expect(removedResult?.statusCode).toBe(403);
    expect(removedResult?.message).toContain("Reason: spam");
    const removal = await t.ctx.storage.db
      .selectFrom("giveaway_entry_removals")
      .select("notified_at")
      .where("user_id", "=", removed)
      .executeTakeFirst();
    expect(removal?.notified_at).not.toBeNull();
    // Two reads per group of presses arriving together (and per 1,000 members in it).
    expect(refusalReads.length).toBeLessThanOrEqual(8);
  });

  it("keeps one entry's failure its own: the rest of its batch is stored", async () => {
    const giveaway = await newGiveaway(t.ctx);
    const members = await Promise.all(Array.from({ length: 12 }, () => addMember(t.ctx)));
    const memberInfo = await Promise.all(members.map((id) => t.ctx.discord.getMember(demoGuildId, id)));
    const results = await Promise.allSettled(
      memberInfo.map((member, index) => {
        if (!member) throw new Error("member missing");
        // A username the table refuses (NOT NULL): that entry's insert fails, and its batch with it.
        const broken =
          index === 5 ? { ...member, user: { ...member.user, username: null as unknown as string } } : member;
        return enterGiveaway(t.ctx, demoGuildId, giveaway.messageId, member.user.id, { member: broken });
      }),
    );
    expect(results.map((result) => result.status)).toEqual(
      Array.from({ length: 12 }, (_, index) => (index === 5 ? "rejected" : "fulfilled")),
    );
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, giveaway.messageId);
    expect(await entryStore.countEntries(t.ctx.storage.db, found?.id ?? 0)).toBe(11);
  });
});
