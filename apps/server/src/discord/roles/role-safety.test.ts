import { dangerousPermissionNames, dangerousPermissions } from "@hearth/core";
import { describe, expect, it } from "vitest";
import type { RoleInfo } from "../port/port.ts";
import { judgeRole, roleScene } from "./role-safety.ts";

const serverId = "100000000000000000";
const ownerId = "200000000000000000";
const role = (id: string, name: string, position: number, permissions = "0", managed = false): RoleInfo => ({
  id,
  guildId: serverId,
  name,
  color: 0,
  position,
  permissions,
  managed,
});
const roles = [
  role(serverId, "@everyone", 0),
  role("300000000000000001", "Member", 1),
  role("300000000000000002", "Gold", 2),
  role("300000000000000003", "Staff", 3),
  role("300000000000000004", "Booster", 4, "0", true),
  role("300000000000000009", "Hearth", 9, String(1n << 28n), true),
  role("300000000000000010", "Above", 10),
];
const scene = roleScene({ serverId, ownerId, roles, bot: { roleIds: ["300000000000000009"] } });
const verdict = (roleId: string, actor?: { userId: string; roleIds: string[] }) =>
  judgeRole(scene, roleId, actor);

describe("the role-safety rule", () => {
  it("allows a plain role below the bot, for automatic grants and for an actor above it", () => {
    expect(verdict("300000000000000002")).toMatchObject({ safe: true, role: { name: "Gold" } });
    expect(verdict("300000000000000002", { userId: "5", roleIds: ["300000000000000003"] }).safe).toBe(true);
  });

  it("refuses @everyone, a managed role, a role that isn't there, and one not below the bot", () => {
    expect(verdict(serverId)).toMatchObject({ safe: false, refusal: "everyone" });
    expect(verdict("300000000000000004")).toMatchObject({ safe: false, refusal: "managed" });
    expect(verdict("399999999999999999")).toMatchObject({ safe: false, refusal: "missing" });
    expect(verdict("300000000000000010")).toMatchObject({
      safe: false,
      refusal: "above-bot",
      reason: "it is not below Hearth's highest role",
    });
  });

  it("refuses a role not below the acting member's highest role, unless they own the server", () => {
    const gold = { userId: "5", roleIds: ["300000000000000002"] };
    expect(verdict("300000000000000002", gold)).toMatchObject({ safe: false, refusal: "above-actor" });
    expect(verdict("300000000000000003", gold)).toMatchObject({ safe: false, refusal: "above-actor" });
    expect(verdict("300000000000000003", { userId: ownerId, roleIds: [] }).safe).toBe(true);
  });

  it("refuses every permission of the one list, naming them", () => {
    for (const { bit, name } of dangerousPermissions) {
      const withIt = roleScene({
        serverId,
        ownerId,
        roles: [...roles, role("300000000000000005", "Risky", 5, String(bit))],
        bot: { roleIds: ["300000000000000009"] },
      });
      const refused = judgeRole(withIt, "300000000000000005");
      expect(refused).toMatchObject({ safe: false, refusal: "dangerous" });
      if (!refused.safe) expect(refused.reason).toContain(`it has ${name}`);
    }
  });

  it("holds at least the permissions the issue names", () => {
    const names = dangerousPermissions.map((p) => p.name);
    for (const name of [
      "Administrator",
      "Manage Server",
      "Manage Roles",
      "Manage Channels",
      "Manage Webhooks",
      "Kick Members",
      "Ban Members",
      "Timeout Members",
      "Manage Messages",
      "Mention @everyone",
      "Manage Expressions",
      "Manage Events",
    ])
      expect(names).toContain(name);
    expect(dangerousPermissionNames(String((1n << 3n) | (1n << 2n)))).toEqual([
      "Administrator",
      "Ban Members",
    ]);
    expect(dangerousPermissionNames("not a number")).toEqual([]);
  });

  it("refuses everything while the bot lacks Manage Roles or isn't in the server", () => {
    const weak = roleScene({ serverId, ownerId, roles, bot: null });
    expect(judgeRole(weak, "300000000000000001")).toMatchObject({
      safe: false,
      refusal: "bot-cannot-manage-roles",
    });
  });
});
