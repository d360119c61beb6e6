import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { recordGuildJoined } from "../guilds/service.ts";
import * as configStore from "./config-store.ts";
import * as entryStore from "./entry-store.ts";
import * as store from "./store.ts";

const otherServer = "222222222222222222";

function row(serverId: string, messageId: string, createdAt: number, status: "active" | "ended" = "active") {
  return {
    server_id: serverId,
    channel_id: "700000000000000001",
    message_id: messageId,
    guild_name: "Name at creation",
    prize: `Prize ${messageId.slice(-2)}`,
    description: null,
    winner_count: 2,
    host_id: "700000000000000002",
    donor_id: null,
    min_account_age: 3,
    min_member_age: 4,
    min_invites: 5,
    required_roles: JSON.stringify(["700000000000000003"]),
    status,
    end_time: createdAt + 3_600_000,
    ended_at: status === "ended" ? createdAt + 3_600_000 : null,
    created_at: createdAt,
  } as const;
}

const entry = (userId: string, entries = 1) => ({
  userId,
  username: `user${userId.slice(-3)}`,
  entries,
  hasBypass: entries > 1,
  enteredAt: Number(userId.slice(-3)),
});

describe.each(dialects)("giveaway store on %s", (dialect) => {
  let t: TestContext;
  let first: store.Giveaway;
  let second: store.Giveaway;
  let elsewhere: store.Giveaway;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
    first = await store.insertGiveaway(
      t.ctx.storage.db,
      row(demoGuildId, "800000000000000001", 1000, "ended"),
    );
    second = await store.insertGiveaway(t.ctx.storage.db, row(demoGuildId, "800000000000000002", 2000));
    elsewhere = await store.insertGiveaway(t.ctx.storage.db, row(otherServer, "800000000000000003", 3000));
  });
  afterAll(() => t.cleanup());

  it("keeps every field and finds a giveaway only within its server", async () => {
    const found = await store.findGiveaway(t.ctx.storage.db, demoGuildId, "800000000000000002");
    expect(found).toEqual({
      id: second.id,
      serverId: demoGuildId,
      channelId: "700000000000000001",
      messageId: "800000000000000002",
      guildName: "Name at creation",
      prize: "Prize 02",
      description: null,
      winnerCount: 2,
      hostId: "700000000000000002",
      donorId: null,
      minAccountAge: 3,
      minMemberAge: 4,
      minInvites: 5,
      requiredRoles: ["700000000000000003"],
      status: "active",
      endTime: 3_602_000,
      endedAt: null,
      createdAt: 2000,
      scheduleId: null,
      runNumber: null,
      pingRoleId: null,
      winnersChannelId: null,
      dmWinners: false,
      claimWindowMs: null,
      endAfterEntries: null,
      reminderBeforeMs: null,
      remindedAt: null,
      pausedAt: null,
    });
    expect(await store.findGiveaway(t.ctx.storage.db, demoGuildId, "800000000000000003")).toBeNull();
    expect(await store.findGiveaway(t.ctx.storage.db, otherServer, "800000000000000003")).not.toBeNull();
  });

  it("stores one entry per member and pages them in entry order", async () => {
    const db = t.ctx.storage.db;
    expect(await entryStore.insertEntry(db, second.id, entry("900000000000000102", 3))).toBe(true);
    expect(await entryStore.insertEntry(db, second.id, entry("900000000000000101"))).toBe(true);
    expect(await entryStore.insertEntry(db, second.id, entry("900000000000000101", 5))).toBe(false);
    expect(await entryStore.insertEntry(db, first.id, entry("900000000000000101"))).toBe(true);
    expect(await entryStore.countEntries(db, second.id)).toBe(2);
    expect(await entryStore.listEntries(db, second.id, { limit: 10, offset: 0 })).toEqual([
      entry("900000000000000101"),
      entry("900000000000000102", 3),
    ]);
    expect(await entryStore.listEntries(db, second.id, { limit: 1, offset: 1 })).toEqual([
      entry("900000000000000102", 3),
    ]);
    expect(await entryStore.loadDrawPool(db, second.id)).toEqual([
      { id: "900000000000000101", username: "user101", entries: 1 },
      { id: "900000000000000102", username: "user102", entries: 3 },
    ]);
    expect(await entryStore.deleteEntry(db, second.id, "900000000000000101")).toBe(true);
    expect(await entryStore.deleteEntry(db, second.id, "900000000000000101")).toBe(false);
    await entryStore.insertEntry(db, second.id, entry("900000000000000101"));
  });

  it("ends a giveaway once: the second conditional update changes nothing", async () => {
    const extra = await store.insertGiveaway(t.ctx.storage.db, row(demoGuildId, "800000000000000009", 500));
    expect(await store.markEnded(t.ctx.storage.db, extra.id, 42)).toBe(true);
    expect(await store.markEnded(t.ctx.storage.db, extra.id, 43)).toBe(false);
    const ended = await store.findGiveaway(t.ctx.storage.db, demoGuildId, "800000000000000009");
    expect(ended).toMatchObject({ status: "ended", endedAt: 42 });
    await store.deleteGiveaway(t.ctx.storage.db, extra.id);
  });

  it("records winners once per member and lists the latest per server", async () => {
    const db = t.ctx.storage.db;
    const winner = (userId: string, draw: number, wonAt: number) => ({
      giveawayId: first.id,
      userId,
      username: "w",
      entries: 1,
      draw,
      wonAt,
    });
    await store.insertWinners(db, demoGuildId, [winner("900000000000000101", 0, 5000)]);
    await store.insertWinners(db, demoGuildId, [winner("900000000000000104", 1, 6000)]);
    await expect(
      store.insertWinners(db, demoGuildId, [winner("900000000000000101", 2, 7000)]),
    ).rejects.toThrow();
    expect((await store.listWinners(db, [first.id])).map((w) => [w.userId, w.draw])).toEqual([
      ["900000000000000101", 0],
      ["900000000000000104", 1],
    ]);
    const recent = await store.recentWinners(db, demoGuildId, 1);
    expect(recent).toEqual([
      {
        ...winner("900000000000000104", 1, 6000),
        replacesUserId: null,
        replacedAt: null,
        claimedAt: null,
        claimDeadline: null,
        messageId: "800000000000000001",
        prize: "Prize 01",
      },
    ]);
    expect(await store.recentWinners(db, otherServer, 10)).toEqual([]);
  });

  it("lists with counts, the current server name and only a public discovery invite", async () => {
    const db = t.ctx.storage.db;
    await recordGuildJoined(
      t.ctx,
      { id: demoGuildId, name: "Ember Hollow", icon: null, ownerId: "1", memberCount: 9 },
      1,
    );
    await db
      .insertInto("discovery_entries")
      .values([
        {
          server_id: demoGuildId,
          invite: "https://discord.gg/ember",
          description: "d",
          tags: "[]",
          is_public: 1,
          advertised: 0,
          created_by: null,
          created_at: 1,
          updated_at: 1,
        },
        {
          server_id: otherServer,
          invite: "https://discord.gg/hidden",
          description: "d",
          tags: "[]",
          is_public: 0,
          advertised: 0,
          created_by: null,
          created_at: 1,
          updated_at: 1,
        },
      ])
      .execute();
    const all = await store.listGiveaways(db, { limit: 10, order: "activeFirst" });
    expect(all.map((g) => [g.messageId, g.guildName, g.entryCount, g.drawnWinners, g.inviteUrl])).toEqual([
      ["800000000000000003", "Name at creation", 0, 0, null],
      ["800000000000000002", "Ember Hollow", 2, 0, "https://discord.gg/ember"],
      ["800000000000000001", "Ember Hollow", 1, 2, "https://discord.gg/ember"],
    ]);
    const mine = await store.listGiveaways(db, { serverId: demoGuildId, limit: 10, order: "newest" });
    expect(mine.map((g) => g.messageId)).toEqual(["800000000000000002", "800000000000000001"]);
    expect(await store.listGiveaways(db, { limit: 1, order: "newest" })).toHaveLength(1);
    const summary = await store.findGiveawaySummary(db, demoGuildId, "800000000000000001");
    expect(summary).toMatchObject({ entryCount: 1, drawnWinners: 2, inviteUrl: "https://discord.gg/ember" });
    expect(await store.findGiveawaySummary(db, demoGuildId, "800000000000000003")).toBeNull();

    // A server the bot has left drops out of the lists.
    await db.updateTable("guilds").set({ left_at: 2 }).where("id", "=", demoGuildId).execute();
    const after = await store.listGiveaways(db, { limit: 10, order: "newest" });
    expect(after.map((g) => g.messageId)).toEqual(["800000000000000003"]);
    await db.updateTable("guilds").set({ left_at: null }).where("id", "=", demoGuildId).execute();
  });

  it("counts by status and lists ended giveaways of one server", async () => {
    expect(await store.countByStatus(t.ctx.storage.db, demoGuildId)).toEqual({ active: 1, ended: 1 });
    expect(await store.countByStatus(t.ctx.storage.db, otherServer)).toEqual({ active: 1, ended: 0 });
    const ended = await store.listEnded(t.ctx.storage.db, demoGuildId, { limit: 10 });
    expect(ended.map((g) => g.messageId)).toEqual(["800000000000000001"]);
    expect(
      await store.listEnded(t.ctx.storage.db, demoGuildId, { limit: 10, messageId: "800000000000000002" }),
    ).toEqual([]);
  });

  it("finds active giveaways past their end", async () => {
    const key = (messageId: string) => `giveaway-end:${messageId}`;
    const overdue = await store.listOverdue(t.ctx.storage.db, 3_602_500, key);
    expect(overdue).toEqual([{ serverId: demoGuildId, messageId: "800000000000000002" }]);
    await t.ctx.jobs.schedule("giveaway.end", {}, 0, { dedupeKey: key("800000000000000002") });
    expect(await store.listOverdue(t.ctx.storage.db, 3_602_500, key)).toEqual([]);
    await t.ctx.jobs.cancel(key("800000000000000002"));
    expect(await store.listOverdue(t.ctx.storage.db, 3_602_500, key)).toHaveLength(1);
  });

  it("keeps the configuration per server, with empty defaults and a reset", async () => {
    const db = t.ctx.storage.db;
    expect(await configStore.getConfig(db, demoGuildId)).toEqual(configStore.emptyConfig());
    const config = {
      bypassRoles: ["700000000000000010"],
      blacklistRoles: ["700000000000000011"],
      multiplierRoles: [{ roleId: "700000000000000012", multiplier: 3 }],
    };
    await configStore.putConfig(db, demoGuildId, config, 1);
    await configStore.putConfig(db, demoGuildId, { ...config, bypassRoles: [] }, 2);
    expect(await configStore.getConfig(db, demoGuildId)).toEqual({ ...config, bypassRoles: [] });
    expect(await configStore.getConfig(db, otherServer)).toEqual(configStore.emptyConfig());
    await configStore.deleteConfig(db, demoGuildId);
    expect(await configStore.getConfig(db, demoGuildId)).toEqual(configStore.emptyConfig());
  });

  it("deletes a giveaway with its entries and winners", async () => {
    const db = t.ctx.storage.db;
    await store.deleteGiveaway(db, first.id);
    expect(await store.findGiveaway(db, demoGuildId, "800000000000000001")).toBeNull();
    expect(await entryStore.countEntries(db, first.id)).toBe(0);
    expect(await store.listWinners(db, [first.id])).toEqual([]);
    expect(await store.findGiveaway(db, otherServer, elsewhere.messageId)).not.toBeNull();
  });
});
