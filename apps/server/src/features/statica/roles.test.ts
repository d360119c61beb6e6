import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStaticaFixture, type StaticaFixture } from "../../../test/fixtures/statica.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import type { AppContext } from "../../context.ts";
import { demoBotId } from "../../discord/sandbox/demo-seed-data.ts";
import { listRewardRoles } from "./roles.ts";

let t: StaticaFixture;
let ctx: AppContext;
const role = (name: string) => t.role(name);

beforeEach(async () => {
  t = await openStaticaFixture();
  ctx = t.ctx;
});
afterEach(() => t.cleanup());

describe("reward roles", () => {
  it("lists every role but @everyone and managed ones, highest first, with what the bot can give", async () => {
    const roles = await listRewardRoles(ctx, demoGuildId);
    const names = roles.map((r) => r.name);
    expect(names).not.toContain("@everyone");
    expect(names).not.toContain("Hearth");
    expect(names).not.toContain("Server Booster");
    expect(roles.map((r) => r.position)).toEqual(roles.map((r) => r.position).toSorted((a, b) => b - a));
    const byName = Object.fromEntries(roles.map((r) => [r.name, r]));
    expect(byName.Owner).toMatchObject({ assignable: false, dangerous: true });
    expect(byName.Admin).toMatchObject({ assignable: true, dangerous: true });
    expect(byName.Member).toMatchObject({ id: role("Member"), assignable: true, dangerous: false });
    expect(byName.Member?.color).toBe(0x94a3b8);
  });

  it("marks nothing assignable when the bot lacks Manage Roles", async () => {
    await ctx.storage.db
      .updateTable("sandbox_roles")
      .set({ permissions: "0" })
      .where("id", "=", role("Hearth"))
      .execute();
    expect((await listRewardRoles(ctx, demoGuildId)).some((r) => r.assignable)).toBe(false);
  });

  it("gives each role the role-safety rule's reason, and nothing in a server the bot isn't in", async () => {
    const roles = await listRewardRoles(ctx, demoGuildId);
    const byName = Object.fromEntries(roles.map((r) => [r.name, r]));
    expect(byName.Admin?.unsafeReason).toContain("Administrator");
    expect(byName.Moderator?.unsafeReason).toContain("Timeout Members");
    expect(byName.Member?.unsafeReason).toBeNull();
    expect((await ctx.discord.getBotMember(demoGuildId))?.user).toMatchObject({ id: demoBotId, bot: true });
    expect(await listRewardRoles(ctx, "123456789012345678")).toEqual([]);
  });
});
