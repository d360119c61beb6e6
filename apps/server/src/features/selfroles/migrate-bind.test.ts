import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSelfRoleFixture, type SelfRoleFixture } from "../../../test/fixtures/selfroles.ts";
import { expectAppError } from "../../../test/fixtures/statica.ts";
import { migrateReactionRoles } from "./migrate.ts";
import { bindPanel, createPanel, deletePanel } from "./panels.ts";
import * as store from "./store.ts";
import { addToWhitelist } from "./whitelist.ts";

// `/selfroles migrate`, `bind` and `delete` as services, on the demo server with Red, Blue and
// Green whitelisted (Yellow is not).

let t: SelfRoleFixture;

beforeAll(async () => {
  t = await openSelfRoleFixture();
  for (const name of ["Red", "Blue", "Green"])
    await addToWhitelist(t.ctx, t.serverId, t.ownerId, t.role(name));
});
afterAll(() => t.cleanup());

const post = (name: string) =>
  createPanel(t.ctx, t.serverId, t.ownerId, {
    name,
    display: "buttons",
    roles: [
      { roleId: t.role("Red"), emoji: null },
      { roleId: t.role("Blue"), emoji: null },
    ],
    channelId: t.channels["self-roles"] ?? "",
  });

describe("migrate, bind and delete", () => {
  it("imports the whitelisted roles of a reaction-role message and reports the skipped ones", async () => {
    const channelId = t.channels.roles ?? t.channels["self-roles"] ?? "";
    const old = await t.sandbox.simulateMessage(
      channelId,
      t.ownerId,
      `React for colours!\n🔴 <@&${t.role("Red")}>\n🟡 <@&${t.role("Yellow")}>\n⚔️ <@&${t.role("Admin")}>\n🟢 @Green`,
    );
    const migration = await migrateReactionRoles(t.ctx, t.serverId, t.ownerId, {
      messageId: old.id,
      channelId,
    });
    expect(migration.imported).toBe(2);
    expect(migration.panel.roles).toEqual([
      { roleId: t.role("Red"), emoji: "🔴" },
      { roleId: t.role("Green"), emoji: "🟢" },
    ]);
    expect(migration.skipped.join("\n")).toMatch(/Yellow\*\*: not on the whitelist/);
    expect(migration.skipped.join("\n")).toMatch(/Admin\*\*: it has dangerous permissions \(Administrator\)/);
    await expectAppError(
      migrateReactionRoles(t.ctx, t.serverId, t.ownerId, { messageId: "123456789012345678", channelId }),
      404,
    );
    await expectAppError(
      migrateReactionRoles(t.ctx, t.serverId, t.ownerId, { messageId: "abc", channelId }),
      400,
      "message_id",
    );
  });

  it("pairs the message's reactions with its mentioned roles, in the order the text names them", async () => {
    const channelId = t.channels["self-roles"] ?? "";
    const old = await t.sandbox.simulateMessage(
      channelId,
      t.ownerId,
      `React to get a colour: <@&${t.role("Green")}> or <@&${t.role("Red")}>`,
    );
    for (const emoji of ["🟢", "🔴"]) {
      await t.sandbox.simulateReaction({ channelId, messageId: old.id, userId: t.ownerId, emoji });
    }
    const migration = await migrateReactionRoles(t.ctx, t.serverId, t.ownerId, {
      messageId: old.id,
      channelId,
    });
    expect(migration.panel.roles).toEqual([
      { roleId: t.role("Green"), emoji: "🟢" },
      { roleId: t.role("Red"), emoji: "🔴" },
    ]);
    expect(migration.notes).toEqual([]);
  });

  it("keeps a role whose custom emoji is from another server, without the emoji", async () => {
    const channelId = t.channels["self-roles"] ?? "";
    const old = await t.sandbox.simulateMessage(
      channelId,
      t.ownerId,
      `<:elsewhere:123456789012345678> <@&${t.role("Red")}>\n🔵 <@&${t.role("Blue")}>`,
    );
    const migration = await migrateReactionRoles(t.ctx, t.serverId, t.ownerId, {
      messageId: old.id,
      channelId,
    });
    expect(migration.panel.roles).toEqual([
      { roleId: t.role("Red"), emoji: null },
      { roleId: t.role("Blue"), emoji: "🔵" },
    ]);
    expect(migration.notes.join("\n")).toMatch(
      /without its emoji <:elsewhere:\d+> \(it's from another server\)/,
    );
  });

  it("binds a panel to a message Hearth posted, never to someone else's", async () => {
    const channelId = t.channels.general ?? "";
    await post("Bindable");
    const theirs = await t.sandbox.simulateMessage(channelId, t.ownerId, "hello");
    await expectAppError(
      bindPanel(t.ctx, t.serverId, { panelName: "bindable", channelId, messageId: theirs.id }),
      400,
      "message_id",
      /only bind a panel to a message I posted/,
    );
    const ours = await t.ctx.discord.sendMessage(channelId, { content: "Pick a colour below" });
    // Manage Roles was taken from Hearth meanwhile: the bind works and says what to fix.
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Hearth"), { permissions: "2048" });
    const bound = await bindPanel(t.ctx, t.serverId, {
      panelName: "Bindable",
      channelId,
      messageId: ours.id,
    });
    await t.sandbox.simulateRoleUpdate(t.serverId, t.role("Hearth"), { permissions: "8" });
    expect(bound.warnings).toEqual([expect.stringMatching(/need the \*\*Manage Roles\*\* permission/)]);
    const payload = await t.messagePayload(ours.id);
    expect(payload.content).toBe("Pick a colour below");
    expect(payload.components?.[0]).toHaveLength(2);
    const panel = await store.findPanelByName(t.ctx.storage.db, t.serverId, "Bindable");
    const [posted] = (await store.listPanelMessages(t.ctx.storage.db, t.serverId, [panel?.id ?? 0])).filter(
      (m) => m.kind === "posted",
    );
    const { messages } = await deletePanel(t.ctx, t.serverId, panel?.id ?? 0);
    expect(messages).toBe(2);
    expect((await t.messagePayload(posted?.messageId ?? "")).deleted).toBe(true);
    const stripped = await t.messagePayload(ours.id);
    expect(stripped).toMatchObject({ content: "Pick a colour below", components: [], deleted: false });
    expect(await store.findPanelByName(t.ctx.storage.db, t.serverId, "Bindable")).toBeNull();
  });
});
