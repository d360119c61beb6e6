import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComponentsFixture, openComponentsFixture } from "../../../test/fixtures/message-components.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { addAction } from "./actions.ts";
import { checkRoleUsable } from "./roles.ts";
import { runActions } from "./run.ts";
import type { Editor } from "./service.ts";

let f: ComponentsFixture;

beforeAll(async () => {
  f = await openComponentsFixture();
});
afterAll(async () => {
  await f.test.cleanup();
});

describe("role rules", () => {
  it("refuses @everyone, managed roles, roles at or above the bot, and a bot without Manage Roles", async () => {
    await expect(checkRoleUsable(f.test.ctx, demoGuildId, demoGuildId)).rejects.toThrow("@everyone");
    await expect(checkRoleUsable(f.test.ctx, demoGuildId, f.role("Server Booster"))).rejects.toThrow(
      "managed",
    );
    await expect(checkRoleUsable(f.test.ctx, demoGuildId, f.role("Owner"))).rejects.toThrow(
      "at or above my highest role",
    );
    await expect(checkRoleUsable(f.test.ctx, demoGuildId, "999")).rejects.toThrow("no longer exists");
    expect((await checkRoleUsable(f.test.ctx, demoGuildId, f.role("Member"))).name).toBe("Member");
    const hearth = f.role("Hearth");
    await f.test.ctx.discord.editRole(demoGuildId, hearth, { permissions: "0" });
    try {
      await expect(checkRoleUsable(f.test.ctx, demoGuildId, f.role("Member"))).rejects.toThrow(
        "Manage Roles",
      );
    } finally {
      await f.test.ctx.discord.editRole(demoGuildId, hearth, { permissions: "8" });
    }
  });

  it("at save time the editor must outrank the role; dangerous roles are never given nor taken", async () => {
    const button = await f.create("button");
    const manager: Editor = { userId: f.memberId, roleIds: [f.role("Grinder Manager")], permissions: "32" };
    await expect(
      addAction(f.test.ctx, button, manager, { kind: "give_role", role: "Admin" }),
    ).rejects.toThrow("@Admin: it has Administrator");
    // The role-safety rule's hierarchy part: a role not below the editor's highest role is refused.
    const bronze: Editor = { userId: f.memberId, roleIds: [f.role("Bronze")], permissions: "32" };
    await expect(
      addAction(f.test.ctx, button, bronze, { kind: "give_role", role: "Diamond" }),
    ).rejects.toThrow("@Diamond: it is not below your highest role");
    // A dangerous role is neither given nor taken by a component, whoever attaches it (the owner too).
    for (const kind of ["give_role", "toggle_role", "take_role"] as const) {
      await expect(addAction(f.test.ctx, button, f.owner, { kind, role: "Grinder Manager" })).rejects.toThrow(
        "@Grinder Manager: it has Manage Server and Manage Roles; roles Hearth gives can't carry moderation or admin permissions; a component can't give or take it",
      );
    }
    await expect(addAction(f.test.ctx, button, f.owner, { kind: "give_role", role: "Nope" })).rejects.toThrow(
      'No role "Nope"',
    );
  });
});

describe("role rules on every click", () => {
  it("a role that gained a dangerous permission after it was attached is not given; taking still works", async () => {
    const ping = f.role("Giveaway Ping");
    const button = await f.create("button");
    await addAction(f.test.ctx, button, f.owner, { kind: "toggle_role", role: "Giveaway Ping" });
    if (await f.hasRole(ping)) await f.test.ctx.discord.removeMemberRole(demoGuildId, f.memberId, ping);
    const run = (kind: "give_role" | "toggle_role" | "take_role") =>
      f.member().then((m) =>
        runActions(f.test.ctx, [{ kind, roleId: ping }], {
          serverId: demoGuildId,
          channelId: null,
          member: m,
        }),
      );
    await f.test.ctx.discord.editRole(demoGuildId, ping, { permissions: String(1n << 5n) });
    try {
      for (const kind of ["give_role", "toggle_role"] as const) {
        const outcome = await run(kind);
        expect(outcome.failures).toBe(1);
        expect(outcome.lines[0]).toContain(`<@&${ping}> now grants Manage Server, so I won't hand it out`);
        expect(await f.hasRole(ping)).toBe(false);
      }
      await f.test.ctx.discord.addMemberRole(demoGuildId, f.memberId, ping);
      expect((await run("take_role")).lines[0]).toContain("Took");
      expect(await f.hasRole(ping)).toBe(false);
    } finally {
      await f.test.ctx.discord.editRole(demoGuildId, ping, { permissions: "0" });
    }
    expect((await run("give_role")).lines[0]).toContain("Gave you");
    await f.test.ctx.discord.removeMemberRole(demoGuildId, f.memberId, ping);
  });

  it("a role moved to or above the bot's highest role is refused on click with what to fix", async () => {
    const outcome = await runActions(f.test.ctx, [{ kind: "give_role", roleId: f.role("Owner") }], {
      serverId: demoGuildId,
      channelId: null,
      member: await f.member(),
    });
    expect(outcome.failures).toBe(1);
    expect(outcome.lines[0]).toContain("is at or above my highest role; an admin must move my role above it");
  });
});
