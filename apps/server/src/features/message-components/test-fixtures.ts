import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { demoBotId, demoOwnerId } from "../../discord/demo-seed.ts";
import type { MemberInfo } from "../../discord/port.ts";
import { createComponent, type Editor } from "./service.ts";

/** The demo server as the components tests use it: ids by name, a plain member, the owner as editor. */
export interface ComponentsFixture {
  test: TestContext;
  owner: Editor;
  memberId: string;
  role(name: string): string;
  channel(name: string): string;
  member(userId?: string): Promise<MemberInfo>;
  hasRole(roleId: string, userId?: string): Promise<boolean>;
  /** A new component with a fresh name. */
  create: (type: "button" | "select" | "form", channelId?: string) => ReturnType<typeof createComponent>;
}

export async function openComponentsFixture(): Promise<ComponentsFixture> {
  const test = await createTestContext();
  const roles = Object.fromEntries(
    (await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]),
  );
  const channels = Object.fromEntries(
    (await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  const row = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .executeTakeFirstOrThrow();
  const memberId = row.user_id;
  const owner: Editor = { userId: demoOwnerId, roleIds: [], permissions: "8" };
  const member = async (userId = memberId) => {
    const found = await test.ctx.discord.getMember(demoGuildId, userId);
    if (!found) throw new Error("no member");
    return found;
  };
  let counter = 0;
  return {
    test,
    owner,
    memberId,
    role: (name) => roles[name] ?? "",
    channel: (name) => channels[name] ?? "",
    member,
    hasRole: async (roleId, userId = memberId) => (await member(userId)).roleIds.includes(roleId),
    create: (type, channelId) =>
      createComponent(test.ctx, demoGuildId, owner, {
        type,
        name: `c${++counter}`,
        channelId: channelId ?? null,
      }),
  };
}
