import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { AppError } from "../../lib/errors.ts";
import { addResponder, type Owner, readEmojis, setEmojis } from "./member-perks.ts";
import { listResponders } from "./store-personal.ts";
import { createTier } from "./tiers.ts";

describe("readEmojis", () => {
  it.each([
    ["🔥", ["🔥"]],
    ["🔥⭐", ["🔥", "⭐"]],
    ["🔥, ⭐  🌙", ["🔥", "⭐", "🌙"]],
    ["👍🏽", ["👍🏽"]],
    ["👨‍👩‍👧", ["👨‍👩‍👧"]],
    ["🇫🇷", ["🇫🇷"]],
    ["1️⃣", ["1️⃣"]],
    ["❤️", ["❤️"]],
  ])("reads %j as %j", (text, names) => {
    expect(readEmojis(text).map((emoji) => emoji.name)).toEqual(names);
  });

  it("reads custom emoji markup, animated too", () => {
    expect(readEmojis("<a:party:123456789012345678> <:hollow:223456789012345678>")).toEqual([
      { id: "123456789012345678", name: "party", animated: true },
      { id: "223456789012345678", name: "hollow", animated: false },
    ]);
  });

  it.each(["hello", "🔥abc", ":fire:", "<:broken:12>", "a", "🔥!", "@everyone"])(
    "refuses %j with a message naming it",
    (text) => {
      expect(() => readEmojis(text)).toThrow(AppError);
      expect(() => readEmojis(text)).toThrow(/isn't an emoji/);
    },
  );
});

describe("member perks with a database", () => {
  let test: TestContext;
  let member: Owner;

  beforeAll(async () => {
    test = await createTestContext();
    const roleId = (await test.ctx.discord.createRole(demoGuildId, { name: "Fan" })).id;
    await createTier(test.ctx, demoGuildId, { name: "Fan", roleId, emojis: 2, responders: 3 });
    const row = await test.ctx.storage.db
      .selectFrom("sandbox_members")
      .select("user_id")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "not in", [demoOwnerId, demoBotId])
      .orderBy("user_id")
      .executeTakeFirstOrThrow();
    await test.ctx.discord.addMemberRole(demoGuildId, row.user_id, roleId);
    member = {
      userId: row.user_id,
      roleIds: (await test.ctx.discord.getMember(demoGuildId, row.user_id))?.roleIds ?? [],
    };
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("emojis typed together count one by one against the limit", async () => {
    expect(await setEmojis(test.ctx, demoGuildId, member, "🔥⭐")).toEqual(["🔥", "⭐"]);
    await expect(setEmojis(test.ctx, demoGuildId, member, "🔥⭐🌙")).rejects.toThrow(
      /3 emojis; your auto-reaction limit is 2/,
    );
  });

  it("the same responder submitted twice at once is saved once, the other gets a friendly refusal", async () => {
    const input = { trigger: "rules", text: "Read #rules" };
    const results = await Promise.allSettled([
      addResponder(test.ctx, demoGuildId, member, input),
      addResponder(test.ctx, demoGuildId, member, input),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(AppError);
    expect(refused?.status === "rejected" && String(refused.reason.message)).toMatch(
      /already have a responder for "rules"/,
    );
    expect(await listResponders(test.ctx.storage.db, demoGuildId, member.userId)).toHaveLength(1);
  });
});
