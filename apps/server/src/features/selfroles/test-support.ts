import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/demo-seed.ts";
import type { OutgoingMessage } from "../../discord/port.ts";

/** Shared set-up of the self-role tests: the demo server, colour roles, a plain member. */
export interface SelfRoleFixture extends TestContext {
  serverId: string;
  ownerId: string;
  memberId: string;
  /** Role ids by name (demo roles and the ones created here). */
  roles: Record<string, string>;
  channels: Record<string, string>;
  role(name: string): string;
  memberRoles(userId: string): Promise<string[]>;
  /** The payload Hearth last stored for a message (as the sandbox keeps it). */
  messagePayload(messageId: string): Promise<OutgoingMessage & { deleted: boolean }>;
}

export async function openSelfRoleFixture(
  dialect: "sqlite" | "postgres" = "sqlite",
): Promise<SelfRoleFixture> {
  const test = await createTestContext({ dialect });
  const { ctx } = test;
  for (const name of ["Red", "Blue", "Green", "Yellow"]) {
    await ctx.discord.createRole(demoGuildId, { name });
  }
  await ctx.discord.createRole(demoGuildId, {
    name: "Bouncer",
    permissions: ((1n << 1n) | (1n << 2n)).toString(),
  });
  const roles = Object.fromEntries((await ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  const channels = Object.fromEntries(
    (await ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  const members = await ctx.storage.db
    .selectFrom("sandbox_members")
    .select(["user_id", "roles"])
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .execute();
  const staff = new Set(["Owner", "Admin", "Moderator", "Grinder Manager"].map((name) => roles[name]));
  const member = members.find((m) => !(JSON.parse(m.roles) as string[]).some((id) => staff.has(id)));
  if (!member) throw new Error("the demo server has no plain member");
  return {
    ...test,
    serverId: demoGuildId,
    ownerId: demoOwnerId,
    memberId: member.user_id,
    roles,
    channels,
    role: (name) => {
      const id = roles[name];
      if (!id) throw new Error(`no role ${name}`);
      return id;
    },
    memberRoles: async (userId) => (await ctx.discord.getMember(demoGuildId, userId))?.roleIds ?? [],
    messagePayload: async (messageId) => {
      const row = await ctx.storage.db
        .selectFrom("sandbox_messages")
        .select(["payload", "deleted_at"])
        .where("id", "=", messageId)
        .executeTakeFirstOrThrow();
      return { ...(JSON.parse(row.payload) as OutgoingMessage), deleted: row.deleted_at !== null };
    },
  };
}
