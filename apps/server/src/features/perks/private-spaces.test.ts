import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { cleanupGraceMs, cleanupJob, reviewMember } from "./cleanup.ts";
import { registerPerksJobs } from "./jobs.ts";
import { PerkListener } from "./listener.ts";
import type { Owner } from "./member-perks.ts";
import { savePrivateRole, setRoleMembers, toggleListed } from "./private-role.ts";
import { createPrivateChannel, setChannelMembers } from "./private-spaces.ts";
import { findMember } from "./store.ts";
import { configureCleanup, createTier, editTier } from "./tiers.ts";

// The member-list rules of private channels and roles, and what happens when Discord deletes them.

let test: TestContext;
let stop: () => void;
let people: string[];
let tierRole: string;
const ctx = () => test.ctx;
const notMember = "999999999999999999";

async function owner(userId: string): Promise<Owner> {
  await ctx().discord.addMemberRole(demoGuildId, userId, tierRole);
  return { userId, roleIds: (await ctx().discord.getMember(demoGuildId, userId))?.roleIds ?? [] };
}

const pendingCleanupOf = async (userId: string) =>
  (
    await ctx()
      .storage.db.selectFrom("jobs")
      .select("payload")
      .where("kind", "=", cleanupJob)
      .where("status", "=", "pending")
      .execute()
  ).some((job) => String(job.payload).includes(userId));

beforeAll(async () => {
  test = await createTestContext();
  tierRole = (await ctx().discord.createRole(demoGuildId, { name: "Patron" })).id;
  await createTier(ctx(), demoGuildId, {
    name: "Patron",
    roleId: tierRole,
    channelMembers: 3,
    roleMembers: 3,
  });
  const rows = await ctx()
    .storage.db.selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .limit(30)
    .execute();
  people = rows.map((row) => row.user_id);
  stop = new PerkListener(ctx()).listen(test.sandbox.events);
});
afterAll(async () => {
  stop();
  await test.cleanup();
});

describe("member lists", () => {
  it("a refused member list creates no channel; a valid one is let in at creation", async () => {
    const me = await owner(people[0] ?? "");
    const before = (await ctx().discord.listChannels(demoGuildId)).length;
    await expect(createPrivateChannel(ctx(), demoGuildId, me, "den", [notMember])).rejects.toThrow(
      /isn't a member of this server/,
    );
    const four = people.slice(10, 14);
    await expect(createPrivateChannel(ctx(), demoGuildId, me, "den", four)).rejects.toThrow(
      /4 members; your private channel member cap is 3/,
    );
    expect((await ctx().discord.listChannels(demoGuildId)).length).toBe(before);
    expect((await findMember(ctx().storage.db, demoGuildId, me.userId))?.channelId ?? null).toBeNull();

    const friend = people[10] ?? "";
    const { channel, members } = await createPrivateChannel(ctx(), demoGuildId, me, "den", [friend]);
    expect(members).toEqual([friend]);
    const info = await ctx().discord.getChannel(channel.id);
    expect(info?.permissionOverwrites.some((o) => o.id === friend && o.type === "member")).toBe(true);
    expect((await findMember(ctx().storage.db, demoGuildId, me.userId))?.channelMembers).toEqual([friend]);
  });

  it("a refused member list creates no role", async () => {
    const me = await owner(people[1] ?? "");
    const before = (await ctx().discord.listRoles(demoGuildId)).length;
    await expect(
      savePrivateRole(ctx(), demoGuildId, me, { name: "Comet", members: people.slice(10, 14) }),
    ).rejects.toThrow(/4 members; your private role member cap is 3/);
    expect((await ctx().discord.listRoles(demoGuildId)).length).toBe(before);
    const { role } = await savePrivateRole(ctx(), demoGuildId, me, { name: "Comet" });
    await setRoleMembers(ctx(), demoGuildId, me, [people[10] ?? ""]);
    expect((await ctx().discord.getMember(demoGuildId, people[10] ?? ""))?.roleIds).toContain(role.id);
  });

  it("after the cap shrinks, members can still be taken off one at a time, but nobody added", async () => {
    const me = await owner(people[2] ?? "");
    const [a = "", b = "", c = "", d = ""] = people.slice(15, 19);
    await createPrivateChannel(ctx(), demoGuildId, me, "crowded", [a, b, c]);
    await editTier(ctx(), demoGuildId, "Patron", { channelMembers: 1 });
    try {
      expect(await toggleListed(ctx(), demoGuildId, me, "channel", a, false)).toEqual([b, c]);
      await expect(setChannelMembers(ctx(), demoGuildId, me, [b, d])).rejects.toThrow(
        /2 members; your private channel member cap is 1/,
      );
      expect(await setChannelMembers(ctx(), demoGuildId, me, [c])).toEqual([c]);
    } finally {
      await editTier(ctx(), demoGuildId, "Patron", { channelMembers: 3 });
    }
  });

  it("a listed member who left the server can stay listed or be removed", async () => {
    const me = await owner(people[3] ?? "");
    const [a = "", b = ""] = people.slice(20, 22);
    await createPrivateChannel(ctx(), demoGuildId, me, "friends", [a, b]);
    await test.sandbox.simulateMemberLeave(demoGuildId, a);
    expect(await setChannelMembers(ctx(), demoGuildId, me, [a, b])).toEqual([a, b]);
    expect(await setChannelMembers(ctx(), demoGuildId, me, [b])).toEqual([b]);
  });
});

describe("deleted on Discord", () => {
  it("a private channel deleted by hand is forgotten, with its expired mark and pending cleanup", async () => {
    const me = await owner(people[4] ?? "");
    const { channel } = await createPrivateChannel(ctx(), demoGuildId, me, "doomed");
    await configureCleanup(ctx(), demoGuildId, true);
    expect(await reviewMember(ctx(), demoGuildId, me.userId, [])).toBe("expired");
    expect(await pendingCleanupOf(me.userId)).toBe(true);
    await ctx().discord.deleteChannel(channel.id, "by hand");
    expect(await findMember(ctx().storage.db, demoGuildId, me.userId)).toMatchObject({
      channelId: null,
      channelMembers: [],
      expiredAt: null,
    });
    expect(await pendingCleanupOf(me.userId)).toBe(false);
    await configureCleanup(ctx(), demoGuildId, false);
  });

  it("a private role deleted by hand is forgotten; the owner can make a new one", async () => {
    const me = await owner(people[5] ?? "");
    const { role } = await savePrivateRole(ctx(), demoGuildId, me, { name: "Fleeting" });
    await ctx().discord.deleteRole(demoGuildId, role.id, "by hand");
    expect((await findMember(ctx().storage.db, demoGuildId, me.userId))?.roleId).toBeNull();
    const again = await savePrivateRole(ctx(), demoGuildId, me, { name: "Back" });
    expect(again.created).toBe(true);
  });

  it("deleting a tier's role expires the private channels it allowed", async () => {
    const extra = (await ctx().discord.createRole(demoGuildId, { name: "Short-lived" })).id;
    await createTier(ctx(), demoGuildId, { name: "Short-lived", roleId: extra, channelMembers: 2 });
    const userId = people[6] ?? "";
    await ctx().discord.addMemberRole(demoGuildId, userId, extra);
    const roleIds = (await ctx().discord.getMember(demoGuildId, userId))?.roleIds ?? [];
    await createPrivateChannel(ctx(), demoGuildId, { userId, roleIds }, "short");
    await ctx().discord.deleteRole(demoGuildId, extra, "by hand");
    expect((await findMember(ctx().storage.db, demoGuildId, userId))?.expiredAt).not.toBeNull();
  });
});

describe("auto-cleanup job", () => {
  it("runs from the jobs table once due: the expired channel and role are deleted on Discord", async () => {
    registerPerksJobs(ctx());
    await configureCleanup(ctx(), demoGuildId, true);
    const me = await owner(people[7] ?? "");
    const { channel } = await createPrivateChannel(ctx(), demoGuildId, me, "lapsed");
    const { role } = await savePrivateRole(ctx(), demoGuildId, me, { name: "Lapsed" });
    await ctx().discord.removeMemberRole(demoGuildId, me.userId, tierRole);
    // Lost longer ago than the grace period: the job is due now.
    const lostAt = Date.now() - cleanupGraceMs - 1000;
    expect(await reviewMember(ctx(), demoGuildId, me.userId, [], lostAt)).toBe("expired");
    expect(await ctx().jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await ctx().discord.getChannel(channel.id)).toBeNull();
    expect((await ctx().discord.listRoles(demoGuildId)).some((r) => r.id === role.id)).toBe(false);
    expect(await findMember(ctx().storage.db, demoGuildId, me.userId)).toMatchObject({
      channelId: null,
      roleId: null,
      expiredAt: null,
    });
    await configureCleanup(ctx(), demoGuildId, false);
  });
});
