import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { Permission } from "../../discord/roles/permissions.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { cleanupGraceMs, cleanupJob, deleteUserPerks, reviewMember, runCleanup } from "./cleanup.ts";
import {
  addResponder,
  type Owner,
  readUserIds,
  requirePerks,
  setEmojis,
  setKeywords,
} from "./member-perks.ts";
import { savePrivateRole, setRoleMembers } from "./private-role.ts";
import { createPrivateChannel, setChannelMembers } from "./private-spaces.ts";
import { findMember, listTiers } from "./store.ts";
import { memberKeywords } from "./store-personal.ts";
import { configureCleanup, createTier, deleteTier, editTier } from "./tiers.ts";

let test: TestContext;
let roles: Record<string, string>;
let people: string[];
const ctx = () => test.ctx;

async function giveRole(userId: string, roleId: string): Promise<Owner> {
  await test.ctx.discord.addMemberRole(demoGuildId, userId, roleId);
  return { userId, roleIds: (await test.ctx.discord.getMember(demoGuildId, userId))?.roleIds ?? [] };
}

async function pendingCleanups() {
  return test.ctx.storage.db
    .selectFrom("jobs")
    .selectAll()
    .where("kind", "=", cleanupJob)
    .where("status", "=", "pending")
    .execute();
}

beforeAll(async () => {
  test = await createTestContext();
  roles = Object.fromEntries((await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  for (const name of ["Supporter", "VIP", "Premium"]) {
    roles[name] = (await test.ctx.discord.createRole(demoGuildId, { name })).id;
  }
  const rows = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .limit(40)
    .execute();
  people = rows.map((row) => row.user_id);
  await createTier(ctx(), demoGuildId, {
    name: "Supporter",
    roleId: roles.Supporter ?? "",
    emojis: 2,
    responders: 1,
    afk: false,
  });
  await createTier(ctx(), demoGuildId, {
    name: "VIP",
    roleId: roles.VIP ?? "",
    emojis: 4,
    channelMembers: 2,
    roleMembers: 2,
    responders: 3,
  });
});
afterAll(async () => {
  await test.cleanup();
});

describe("perk tiers", () => {
  it("refuses bad names, duplicate names (any case), @everyone, managed and already linked roles", async () => {
    await expect(
      createTier(ctx(), demoGuildId, { name: "x".repeat(51), roleId: roles.Premium ?? "" }),
    ).rejects.toThrow(/51 characters; the limit is 50/);
    await expect(
      createTier(ctx(), demoGuildId, { name: "vip", roleId: roles.Premium ?? "" }),
    ).rejects.toThrow(/already a tier called \*\*VIP\*\*/);
    await expect(createTier(ctx(), demoGuildId, { name: "All", roleId: demoGuildId })).rejects.toThrow(
      /@everyone/,
    );
    await expect(
      createTier(ctx(), demoGuildId, { name: "Boost", roleId: roles["Server Booster"] ?? "" }),
    ).rejects.toThrow(/managed by an integration/);
    await expect(createTier(ctx(), demoGuildId, { name: "Again", roleId: roles.VIP ?? "" })).rejects.toThrow(
      /already linked to the tier \*\*VIP\*\*/,
    );
    await expect(
      createTier(ctx(), demoGuildId, { name: "Big", roleId: roles.Premium ?? "", emojis: 21 }),
    ).rejects.toThrow(/emojis\*\* must be a whole number from 0 to 20/);
  });

  it("defaults highlights and AFK on and the limits to 0; edit changes only what is given", async () => {
    const tier = await createTier(ctx(), demoGuildId, { name: "Premium", roleId: roles.Premium ?? "" });
    expect(tier).toMatchObject({ emojis: 0, highlights: true, afk: true, channelMembers: 0, responders: 0 });
    const { tier: edited } = await editTier(ctx(), demoGuildId, "PREMIUM", { emojis: 6, channelMembers: 20 });
    expect(edited).toMatchObject({ name: "Premium", emojis: 6, channelMembers: 20, afk: true });
    await expect(editTier(ctx(), demoGuildId, "premium", {})).rejects.toThrow(/Nothing to change/);
    await expect(editTier(ctx(), demoGuildId, "Gold", { emojis: 1 })).rejects.toThrow(
      /no perk tier called "Gold"/,
    );
  });

  it("two creates racing for one name: one tier, and a friendly conflict for the other", async () => {
    const other = (await ctx().discord.createRole(demoGuildId, { name: "Racer" })).id;
    const results = await Promise.allSettled([
      createTier(ctx(), demoGuildId, { name: "Racer", roleId: other }),
      createTier(ctx(), demoGuildId, { name: "racer", roleId: other }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && String(refused.reason.message)).toMatch(
      /already a tier called|just taken/,
    );
    const [raced] = (await listTiers(ctx().storage.db, demoGuildId)).filter((t) => t.roleId === other);
    expect(raced).toBeDefined();
    await deleteTier(ctx(), demoGuildId, raced?.id ?? 0);
  });

  it("members without a tier role get a friendly refusal listing the perk roles", async () => {
    await expect(requirePerks(ctx(), demoGuildId, { userId: people[0] ?? "", roleIds: [] })).rejects.toThrow(
      /Roles with perks here: <@&\d+> \(Supporter\)/,
    );
  });
});

describe("member perks", () => {
  it("auto-reactions: unicode or this server's emojis, up to the tier limit", async () => {
    const owner = await giveRole(people[1] ?? "", roles.Supporter ?? "");
    expect(await setEmojis(ctx(), demoGuildId, owner, "🔥 ⭐ 🔥")).toEqual(["🔥", "⭐"]);
    await expect(setEmojis(ctx(), demoGuildId, owner, "🔥 ⭐ 🌙")).rejects.toThrow(
      /3 emojis; your auto-reaction limit is 2/,
    );
    await expect(setEmojis(ctx(), demoGuildId, owner, "hello")).rejects.toThrow(/isn't an emoji/);
    await expect(setEmojis(ctx(), demoGuildId, owner, "<:foreign:123456789012345678>")).rejects.toThrow(
      /isn't one of this server's emojis/,
    );
    const own = await test.sandbox.addEmoji(demoGuildId, "hollow");
    expect(await setEmojis(ctx(), demoGuildId, owner, `<:hollow:${own.id}>`)).toEqual([`hollow:${own.id}`]);
  });

  it("highlights: 1–30 characters, case-insensitive, de-duplicated, up to 25, only with the tier flag", async () => {
    const owner = await giveRole(people[1] ?? "", roles.Supporter ?? "");
    expect(await setKeywords(ctx(), demoGuildId, owner, "Raid Night\nraid night\nLORE")).toEqual([
      "raid night",
      "lore",
    ]);
    await expect(setKeywords(ctx(), demoGuildId, owner, "x".repeat(31))).rejects.toThrow(/1–30 characters/);
    const many = Array.from({ length: 26 }, (_, i) => `word${i}`).join("\n");
    await expect(setKeywords(ctx(), demoGuildId, owner, many)).rejects.toThrow(
      /26 keywords; the limit is 25/,
    );
    expect(await memberKeywords(ctx().storage.db, demoGuildId, owner.userId)).toEqual(["raid night", "lore"]);
    await editTier(ctx(), demoGuildId, "Supporter", { highlights: false });
    await expect(setKeywords(ctx(), demoGuildId, owner, "lore")).rejects.toThrow(
      /doesn't include highlights/,
    );
    await editTier(ctx(), demoGuildId, "Supporter", { highlights: true });
  });

  it("private channel: hidden from @everyone, open to the owner and the bot; members up to the cap", async () => {
    const supporter = await giveRole(people[1] ?? "", roles.Supporter ?? "");
    await expect(createPrivateChannel(ctx(), demoGuildId, supporter, "den")).rejects.toThrow(
      /include a private channel/,
    );
    const owner = await giveRole(people[2] ?? "", roles.VIP ?? "");
    const { channel } = await createPrivateChannel(ctx(), demoGuildId, owner, "My Den");
    expect(channel.name).toBe("my-den");
    const info = await ctx().discord.getChannel(channel.id);
    const everyone = info?.permissionOverwrites.find((o) => o.id === demoGuildId);
    expect(BigInt(everyone?.deny ?? "0") & Permission.ViewChannel).toBe(Permission.ViewChannel);
    const mine = info?.permissionOverwrites.find((o) => o.id === owner.userId);
    expect(BigInt(mine?.allow ?? "0") & Permission.ViewChannel).toBe(Permission.ViewChannel);
    const botId = (await ctx().discord.getBotMember(demoGuildId))?.user.id;
    expect(info?.permissionOverwrites.some((o) => o.id === botId)).toBe(true);
    await expect(createPrivateChannel(ctx(), demoGuildId, owner, "second")).rejects.toThrow(
      /already have a private channel/,
    );

    const [a = "", b = "", c = ""] = people.slice(10, 13);
    await expect(setChannelMembers(ctx(), demoGuildId, owner, [a, b, c])).rejects.toThrow(
      /3 members; your private channel member cap is 2/,
    );
    expect(await setChannelMembers(ctx(), demoGuildId, owner, [a, b, owner.userId])).toEqual([a, b]);
    expect(await setChannelMembers(ctx(), demoGuildId, owner, [b])).toEqual([b]);
    const after = await ctx().discord.getChannel(channel.id);
    expect(after?.permissionOverwrites.some((o) => o.id === a)).toBe(false);
    expect(after?.permissionOverwrites.some((o) => o.id === b)).toBe(true);
    await expect(setChannelMembers(ctx(), demoGuildId, owner, ["999999999999999999"])).rejects.toThrow(
      /isn't a member/,
    );
  });

  it("private role: no permissions, #RRGGBB colour, given by the bot up to the cap", async () => {
    const owner = await giveRole(people[3] ?? "", roles.VIP ?? "");
    await expect(
      savePrivateRole(ctx(), demoGuildId, owner, { name: "Moon", colour: "orange" }),
    ).rejects.toThrow(/#RRGGBB/);
    const { role, created } = await savePrivateRole(ctx(), demoGuildId, owner, {
      name: "Moon",
      colour: "#38BDF8",
    });
    expect(created).toBe(true);
    expect(role).toMatchObject({ name: "Moon", color: 0x38bdf8, permissions: "0" });
    expect((await ctx().discord.getMember(demoGuildId, owner.userId))?.roleIds).toContain(role.id);
    const renamed = await savePrivateRole(ctx(), demoGuildId, owner, { name: "Moonlight" });
    expect(renamed).toMatchObject({ created: false, role: { id: role.id, name: "Moonlight" } });
    const [a = "", b = "", c = ""] = people.slice(13, 16);
    await expect(setRoleMembers(ctx(), demoGuildId, owner, [a, b, c])).rejects.toThrow(
      /private role member cap is 2/,
    );
    await setRoleMembers(ctx(), demoGuildId, owner, [a, b]);
    expect((await ctx().discord.getMember(demoGuildId, a))?.roleIds).toContain(role.id);
    await setRoleMembers(ctx(), demoGuildId, owner, [b]);
    expect((await ctx().discord.getMember(demoGuildId, a))?.roleIds).not.toContain(role.id);
  });

  it("auto-responders: text or a valid embed, unique trigger, up to the limit", async () => {
    const owner = await giveRole(people[4] ?? "", roles.Supporter ?? "");
    await expect(addResponder(ctx(), demoGuildId, owner, { trigger: "hi" })).rejects.toThrow(
      /Give the responder a response/,
    );
    await expect(
      addResponder(ctx(), demoGuildId, owner, { trigger: "hi", title: "x".repeat(257) }),
    ).rejects.toThrow(/title is 257 characters; the limit is 256/);
    await expect(
      addResponder(ctx(), demoGuildId, owner, { trigger: "hi", title: "Hi", colour: "#12345" }),
    ).rejects.toThrow(/#RRGGBB/i);
    const responder = await addResponder(ctx(), demoGuildId, owner, {
      trigger: "rules",
      title: "Rules",
      description: "Be kind",
      colour: "#FF0000",
    });
    expect(responder.embed).toEqual({ title: "Rules", description: "Be kind", color: 0xff0000 });
    await expect(
      addResponder(ctx(), demoGuildId, owner, { trigger: "faq", text: "See #faq" }),
    ).rejects.toThrow(/You have 1 auto-responder; your limit is 1/);
  });

  it("reads member ids from mentions and ids", () => {
    expect(readUserIds("<@123456789012345678>, 223456789012345678\n<@!123456789012345678>")).toEqual([
      "123456789012345678",
      "223456789012345678",
    ]);
    expect(() => readUserIds("@morgan")).toThrow(/isn't a member mention or user id/);
  });
});

describe("losing the perk role", () => {
  it("marks the channel and role expired; cleanup is off by default so nothing is scheduled", async () => {
    const userId = people[2] ?? "";
    await test.ctx.discord.removeMemberRole(demoGuildId, userId, roles.VIP ?? "");
    expect(await reviewMember(ctx(), demoGuildId, userId, [], 1000)).toBe("expired");
    expect((await findMember(ctx().storage.db, demoGuildId, userId))?.expiredAt).toBe(1000);
    expect(await pendingCleanups()).toHaveLength(0);
    expect(await runCleanup(ctx(), demoGuildId, userId, 1000 + cleanupGraceMs)).toEqual({
      channel: false,
      role: false,
    });
  });

  it("switching auto-cleanup on schedules it; the job deletes the channel after the grace period", async () => {
    const userId = people[2] ?? "";
    const before = await findMember(ctx().storage.db, demoGuildId, userId);
    expect(await configureCleanup(ctx(), demoGuildId, true)).toEqual({ autoCleanup: true, scheduled: 1 });
    // It expired long before the grace period (at 1000): the cleanup is due at once.
    const [job] = await pendingCleanups();
    expect(Number(job?.run_at)).toBeLessThanOrEqual(Date.now());
    expect(await runCleanup(ctx(), demoGuildId, userId)).toEqual({ channel: true, role: false });
    expect(await ctx().discord.getChannel(before?.channelId ?? "")).toBeNull();
    expect(await findMember(ctx().storage.db, demoGuildId, userId)).toMatchObject({
      channelId: null,
      expiredAt: null,
    });
  });

  it("getting the role back before the cleanup clears the mark and cancels the job", async () => {
    const owner = await giveRole(people[5] ?? "", roles.VIP ?? "");
    await createPrivateChannel(ctx(), demoGuildId, owner, "keep");
    expect(await reviewMember(ctx(), demoGuildId, owner.userId, [])).toBe("expired");
    const [job] = (await pendingCleanups()).filter((j) => String(j.payload).includes(owner.userId));
    expect(Number(job?.run_at)).toBeGreaterThan(Date.now() + cleanupGraceMs - 60_000);
    expect(await reviewMember(ctx(), demoGuildId, owner.userId, owner.roleIds)).toBe("active");
    expect((await pendingCleanups()).some((j) => String(j.payload).includes(owner.userId))).toBe(false);
    expect(await runCleanup(ctx(), demoGuildId, owner.userId)).toEqual({ channel: false, role: false });
  });

  it("deleting a tier expires what only it allowed; deleteuser removes everything, on Discord too", async () => {
    const owner = await giveRole(people[6] ?? "", roles.VIP ?? "");
    const { channel } = await createPrivateChannel(ctx(), demoGuildId, owner, "gone-soon");
    const { role } = await savePrivateRole(ctx(), demoGuildId, owner, { name: "Soon gone" });
    await setKeywords(ctx(), demoGuildId, owner, "lore");
    const vip = (
      await ctx()
        .storage.db.selectFrom("perk_tiers")
        .select("id")
        .where("name", "=", "VIP")
        .executeTakeFirst()
    )?.id;
    const { expired } = await deleteTier(ctx(), demoGuildId, vip ?? 0);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await findMember(ctx().storage.db, demoGuildId, owner.userId))?.expiredAt).not.toBeNull();
    expect(await deleteUserPerks(ctx(), demoGuildId, owner.userId)).toEqual({
      channel: true,
      role: true,
      found: true,
    });
    expect(await ctx().discord.getChannel(channel.id)).toBeNull();
    expect((await ctx().discord.listRoles(demoGuildId)).some((r) => r.id === role.id)).toBe(false);
    expect(await findMember(ctx().storage.db, demoGuildId, owner.userId)).toBeNull();
    expect(await memberKeywords(ctx().storage.db, demoGuildId, owner.userId)).toEqual([]);
  });
});
