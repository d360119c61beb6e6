import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSelfRoleFixture, type SelfRoleFixture } from "../../../test/fixtures/selfroles.ts";
import { expectAppError } from "../../../test/fixtures/statica.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { updateSetup } from "../setup/service.ts";
import { setPanelSelection, toggleRole } from "./clicks.ts";
import { forgetDeletedRole, guardRole, restoreRole, sweepServer } from "./guard.ts";
import { registerSelfRolesJobs } from "./jobs.ts";
import { createPanel, deletePanel, refreshJob } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import * as store from "./store.ts";
import { addToWhitelist, removeFromWhitelist, viewWhitelist } from "./whitelist.ts";

let t: SelfRoleFixture;
const sr = (name: string): { roleId: string; emoji: string | null } => ({
  roleId: t.role(name),
  emoji: null,
});

beforeAll(async () => {
  t = await openSelfRoleFixture();
  for (const name of ["Red", "Blue", "Green"])
    await addToWhitelist(t.ctx, t.serverId, t.ownerId, t.role(name));
});
afterAll(() => t.cleanup());

const post = (
  name: string,
  roles: { roleId: string; emoji: string | null }[] = [sr("Red"), sr("Blue")],
  display: "buttons" | "dropdown" = "buttons",
) =>
  createPanel(t.ctx, t.serverId, t.ownerId, {
    name,
    display,
    roles,
    channelId: t.channels["self-roles"] ?? "",
  });

describe("the whitelist", () => {
  it.each([
    ["Admin", /Administrator/],
    ["Grinder Manager", /Manage Server.*Manage Roles/s],
  ])("refuses @%s, naming the dangerous permission and why", async (name, permission) => {
    const error = await expectAppError(
      addToWhitelist(t.ctx, t.serverId, t.ownerId, t.role(name)),
      400,
      "role",
    );
    expect(error.message).toMatch(permission);
    expect(error.message).toContain("can't be a self-role");
  });

  it.each([
    ["Administrator", 1n << 3n],
    ["Manage Server", 1n << 5n],
    ["Manage Roles", 1n << 28n],
  ])("refuses a role holding only %s", async (permission, bit) => {
    const risky = await t.ctx.discord.createRole(t.serverId, {
      name: `Only ${permission}`,
      permissions: bit.toString(),
    });
    const error = await expectAppError(addToWhitelist(t.ctx, t.serverId, t.ownerId, risky.id), 400, "role");
    expect(error.message).toContain(`**${permission}**`);
    expect(await roleStore.findRole(t.ctx.storage.db, t.serverId, risky.id)).toBeNull();
  });

  it("refuses @everyone and roles an integration manages", async () => {
    await expectAppError(addToWhitelist(t.ctx, t.serverId, t.ownerId, t.serverId), 400, "role", /@everyone/);
    await expectAppError(
      addToWhitelist(t.ctx, t.serverId, t.ownerId, t.role("Server Booster")),
      400,
      "role",
      /managed by an integration/,
    );
  });

  it("refuses Ban/Kick Members like every dangerous permission, and a role listed twice", async () => {
    await expectAppError(
      addToWhitelist(t.ctx, t.serverId, t.ownerId, t.role("Bouncer")),
      400,
      "role",
      /Kick Members.*Ban Members.*can't be a self-role/s,
    );
    const teal = await t.ctx.discord.createRole(t.serverId, { name: "Teal" });
    const { role } = await addToWhitelist(t.ctx, t.serverId, t.ownerId, teal.id);
    expect(role.id).toBe(teal.id);
    await expectAppError(addToWhitelist(t.ctx, t.serverId, t.ownerId, teal.id), 409, "role");
    await removeFromWhitelist(t.ctx, t.serverId, teal.id);
    expect((await viewWhitelist(t.ctx, t.serverId)).whitelisted.map((r) => r.roleId)).not.toContain(teal.id);
  });

  it("warns when the bot's role sits below the role", async () => {
    const high = await t.ctx.discord.createRole(t.serverId, { name: "High" });
    await t.sandbox.simulateRoleUpdate(t.serverId, high.id, { position: 99 });
    const { warnings } = await addToWhitelist(t.ctx, t.serverId, t.ownerId, high.id);
    expect(warnings.join("\n")).toMatch(/above my highest role \(@Hearth\).*Drag @Hearth above/s);
    await removeFromWhitelist(t.ctx, t.serverId, high.id);
  });
});

describe("panels", () => {
  it("take only whitelisted roles, at most 25, with unique names", async () => {
    await expectAppError(
      post("Nope", [sr("Red"), sr("Yellow")]),
      400,
      "roles",
      /Yellow.*isn't on the whitelist/,
    );
    const many = Array.from({ length: 26 }, () => sr("Red"));
    await expectAppError(post("Too many", many), 400, "roles", /at most 25 roles.*you gave 26/);
    await expectAppError(post("Twice", [sr("Red"), sr("Red")]), 400, "roles", /listed twice/);
    await post("Unique");
    await expectAppError(post("UNIQUE"), 409, "name", /already has a panel named/);
  });

  it("are posted with a warning naming what to fix when the bot can't give a role yet", async () => {
    const high = await t.ctx.discord.createRole(t.serverId, { name: "Lofty" });
    await addToWhitelist(t.ctx, t.serverId, t.ownerId, high.id);
    await t.sandbox.simulateRoleUpdate(t.serverId, high.id, { position: 99 });
    const posted = await post("Lofty panel", [sr("Red"), { roleId: high.id, emoji: null }]);
    expect(posted.warnings).toHaveLength(1);
    expect(posted.warnings[0]).toMatch(/\*\*@Lofty\*\* sits above my highest role.*Drag @Hearth above/s);
    await deletePanel(t.ctx, t.serverId, posted.panel.id);
    await removeFromWhitelist(t.ctx, t.serverId, high.id);
  });

  it("are posted with one button per role", async () => {
    const posted = await post("Posted", [sr("Red"), sr("Blue"), sr("Green")]);
    const payload = await t.messagePayload(posted.messageId);
    expect(payload.components?.[0]?.map((b) => ("label" in b ? b.label : null))).toEqual([
      "Red",
      "Blue",
      "Green",
    ]);
    expect(payload.embeds?.[0]?.description).toContain(`<@&${t.role("Blue")}>`);
  });
});

describe("clicking a panel", () => {
  it("a button gives the role, then takes it back", async () => {
    const { panel } = await post("Toggle");
    const click = async () =>
      toggleRole(t.ctx, t.serverId, {
        panelId: panel.id,
        roleId: t.role("Red"),
        member: { userId: t.memberId, roleIds: await t.memberRoles(t.memberId) },
      });
    expect((await click()).action).toBe("added");
    expect(await t.memberRoles(t.memberId)).toContain(t.role("Red"));
    expect((await click()).action).toBe("removed");
    expect(await t.memberRoles(t.memberId)).not.toContain(t.role("Red"));
  });

  it("a menu gives the chosen roles and takes the unchosen", async () => {
    const { panel } = await post("Menu", [sr("Red"), sr("Blue"), sr("Green")], "dropdown");
    const pick = async (values: string[]) =>
      setPanelSelection(t.ctx, t.serverId, {
        panelId: panel.id,
        values,
        member: { userId: t.memberId, roleIds: await t.memberRoles(t.memberId) },
      });
    const first = await pick([t.role("Red"), t.role("Blue")]);
    expect(first.added.map((r) => r.name)).toEqual(["Red", "Blue"]);
    const second = await pick([t.role("Green"), t.role("Blue")]);
    expect(second.added.map((r) => r.name)).toEqual(["Green"]);
    expect(second.removed.map((r) => r.name)).toEqual(["Red"]);
    await pick([]);
    expect(await t.memberRoles(t.memberId)).not.toContain(t.role("Blue"));
  });

  it("explains when the bot lacks Manage Roles or sits below the role", async () => {
    const { panel } = await post("Hierarchy", [sr("Green")]);
    const click = () =>
      toggleRole(t.ctx, t.serverId, {
        panelId: panel.id,
        roleId: t.role("Green"),
        member: { userId: t.memberId, roleIds: [] },
      });
    const hearth = t.role("Hearth");
    await t.sandbox.simulateRoleUpdate(t.serverId, hearth, { permissions: "2048" });
    await expectAppError(click(), 403, undefined, /need the \*\*Manage Roles\*\* permission.*@Hearth/);
    await t.sandbox.simulateRoleUpdate(t.serverId, hearth, { permissions: "268435456" });
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { position: 50 });
    await expectAppError(
      click(),
      403,
      undefined,
      /above my highest role.*Drag @Hearth above \*\*@Green\*\*/s,
    );
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { position: 1 });
    expect((await click()).action).toBe("added");
    await t.sandbox.simulateRoleUpdate(t.serverId, hearth, { permissions: "8" });
  });

  it("refuses a role taken off the whitelist", async () => {
    await addToWhitelist(t.ctx, t.serverId, t.ownerId, t.role("Yellow"));
    const { panel } = await post("Removed later", [sr("Yellow")]);
    await removeFromWhitelist(t.ctx, t.serverId, t.role("Yellow"));
    await expectAppError(
      toggleRole(t.ctx, t.serverId, {
        panelId: panel.id,
        roleId: t.role("Yellow"),
        member: { userId: t.memberId, roleIds: [] },
      }),
      400,
      undefined,
      /isn't on this panel any more/,
    );
  });
});

describe("the automatic blacklist", () => {
  it("takes a role that gained Administrator off every panel, tells the owner, and restores it once fixed", async () => {
    const blue = t.role("Blue");
    const posted = await post("Guarded", [sr("Red"), { roleId: blue, emoji: "🔵" }]);
    const updated = await t.sandbox.simulateRoleUpdate(t.serverId, blue, { permissions: "8" });
    const result = await guardRole(t.ctx, updated);
    expect(result?.notice).toEqual({ kind: "owner", id: t.ownerId });
    expect(await guardRole(t.ctx, updated)).toBeNull();
    expect((await roleStore.findRole(t.ctx.storage.db, t.serverId, blue))?.status).toBe("blacklisted");
    const panel = await store.findPanel(t.ctx.storage.db, t.serverId, posted.panel.id);
    expect(panel?.roles.map((r) => r.roleId)).toEqual([t.role("Red")]);
    const payload = await t.messagePayload(posted.messageId);
    expect(payload.embeds?.[0]?.description).not.toContain(blue);
    expect(JSON.stringify(payload.components)).not.toContain(blue);
    await expectAppError(
      toggleRole(t.ctx, t.serverId, {
        panelId: posted.panel.id,
        roleId: blue,
        member: { userId: t.memberId, roleIds: [] },
      }),
      400,
    );
    await expectAppError(
      post("Blacklisted", [sr("Blue")]),
      400,
      "roles",
      /blacklisted \(gained Administrator\)/,
    );

    await expectAppError(restoreRole(t.ctx, t.serverId, blue, t.memberId), 403);
    await expectAppError(
      restoreRole(t.ctx, t.serverId, blue, t.ownerId),
      400,
      undefined,
      /Not yet.*Administrator/,
    );
    await t.sandbox.simulateRoleUpdate(t.serverId, blue, { permissions: "0" });
    const restored = await restoreRole(t.ctx, t.serverId, blue, t.ownerId);
    expect(restored.panels).toContain("Guarded");
    const back = await store.findPanel(t.ctx.storage.db, t.serverId, posted.panel.id);
    expect(back?.roles).toContainEqual({ roleId: blue, emoji: "🔵" });
    expect(JSON.stringify((await t.messagePayload(posted.messageId)).components)).toContain(blue);
  });

  it("puts a role back once when two admins press Restore together", async () => {
    const posted = await post("Double restore", [sr("Red"), sr("Green")]);
    await guardRole(
      t.ctx,
      await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { permissions: "32" }),
    );
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { permissions: "0" });
    const presses = await Promise.all([
      restoreRole(t.ctx, t.serverId, t.role("Green"), t.ownerId),
      restoreRole(t.ctx, t.serverId, t.role("Green"), t.ownerId),
    ]);
    expect(presses.map((press) => press.already).sort()).toEqual([false, true]);
    const panel = await store.findPanel(t.ctx.storage.db, t.serverId, posted.panel.id);
    expect(panel?.roles.map((r) => r.roleId)).toEqual([t.role("Red"), t.role("Green")]);
  });

  it("catches on reconnect a role that turned dangerous while the bot was away", async () => {
    const posted = await post("Offline change", [sr("Red"), sr("Green")]);
    // The directory changes without the guard hearing it, as when the bot is offline.
    await t.ctx.storage.db
      .updateTable("sandbox_roles")
      .set({ permissions: "268435456" })
      .where("id", "=", t.role("Green"))
      .execute();
    expect(await sweepServer(t.ctx, t.serverId)).toBe(1);
    expect((await roleStore.findRole(t.ctx.storage.db, t.serverId, t.role("Green")))?.reason).toBe(
      "gained Manage Roles",
    );
    expect(JSON.stringify((await t.messagePayload(posted.messageId)).components)).not.toContain(
      t.role("Green"),
    );
    expect(await sweepServer(t.ctx, t.serverId)).toBe(0);
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { permissions: "0" });
    await restoreRole(t.ctx, t.serverId, t.role("Green"), t.ownerId);
  });

  it("posts the notice to the log channel when setup has one", async () => {
    const logChannelId = t.channels["mod-logs"] ?? "";
    await updateSetup(t.ctx, t.serverId, { logChannelId }, { tokenId: null, userId: t.ownerId });
    const updated = await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { permissions: "32" });
    expect((await guardRole(t.ctx, updated))?.notice).toEqual({ kind: "channel", id: logChannelId });
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { permissions: "0" });
    await restoreRole(t.ctx, t.serverId, t.role("Green"), t.ownerId);
  });

  it("retries redrawing a posted panel when Discord refuses the edit", async () => {
    const posted = await post("Flaky", [sr("Red"), sr("Green")]);
    let failing = true;
    const flaky = new Proxy(t.ctx.discord, {
      get(target, key, receiver) {
        if (key === "editMessage" && failing) {
          return async () => {
            throw new DiscordError("unavailable", "Discord is down");
          };
        }
        const value = Reflect.get(target, key, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const updated = await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { permissions: "8" });
    await guardRole({ ...t.ctx, discord: flaky }, updated);
    expect(JSON.stringify((await t.messagePayload(posted.messageId)).components)).toContain(t.role("Green"));
    failing = false;
    registerSelfRolesJobs(t.ctx);
    await t.ctx.storage.db.updateTable("jobs").set({ run_at: 0 }).where("kind", "=", refreshJob).execute();
    expect(await t.ctx.jobs.runDue()).toBeGreaterThan(0);
    expect(JSON.stringify((await t.messagePayload(posted.messageId)).components)).not.toContain(
      t.role("Green"),
    );
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Green"), { permissions: "0" });
    await restoreRole(t.ctx, t.serverId, t.role("Green"), t.ownerId);
  });

  it("forgets a deleted role everywhere", async () => {
    const temp = await t.ctx.discord.createRole(t.serverId, { name: "Temp" });
    await addToWhitelist(t.ctx, t.serverId, t.ownerId, temp.id);
    const { panel } = await post("With temp", [sr("Red"), { roleId: temp.id, emoji: null }]);
    await t.sandbox.simulateRoleDelete(t.serverId, temp.id);
    await forgetDeletedRole(t.ctx, t.serverId, temp.id);
    expect(await roleStore.findRole(t.ctx.storage.db, t.serverId, temp.id)).toBeNull();
    expect((await store.findPanel(t.ctx.storage.db, t.serverId, panel.id))?.roles).toHaveLength(1);
  });
});
