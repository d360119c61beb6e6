import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import * as draftStore from "./draft-store.ts";
import * as roleStore from "./role-store.ts";
import * as store from "./store.ts";

describe.each(dialects)("self-role store (%s)", (dialect) => {
  let test: TestStorage;
  const server = "500000000000000001";
  const other = "500000000000000002";
  const now = 1_700_000_000_000;
  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(() => test.cleanup());

  const panel = (serverId: string, name: string, roleIds: string[]) =>
    store.insertPanel(
      test.storage.db,
      {
        serverId,
        name,
        title: name,
        description: null,
        display: "buttons",
        roles: roleIds.map((roleId, i) => ({ roleId, emoji: i === 0 ? "🔴" : null })),
        createdBy: "1",
      },
      now,
    );

  it("whitelists once, blacklists once, and lifts the blacklist on a new whitelisting", async () => {
    const db = test.storage.db;
    expect(await roleStore.whitelistRole(db, server, "r1", "u", now)).toBe(true);
    expect(await roleStore.whitelistRole(db, server, "r1", "u", now)).toBe(false);
    const removedFrom = [{ panelId: 4, emoji: "🔵" }];
    expect(
      await roleStore.blacklistRole(db, server, "r1", { reason: "gained Administrator", removedFrom }, now),
    ).toBe(true);
    expect(await roleStore.blacklistRole(db, server, "r1", { reason: "again", removedFrom: [] }, now)).toBe(
      false,
    );
    expect(await roleStore.findRole(db, server, "r1")).toMatchObject({
      status: "blacklisted",
      reason: "gained Administrator",
      removedFrom,
    });
    expect(await roleStore.findRole(db, other, "r1")).toBeNull();
    expect(await roleStore.whitelistRole(db, server, "r1", "u", now)).toBe(true);
    expect(await roleStore.findRole(db, server, "r1")).toMatchObject({
      status: "whitelisted",
      reason: null,
      removedFrom: [],
    });
    expect(await roleStore.forgetRole(db, server, "r1")).toBe(true);
    expect(await roleStore.listRoles(db, server)).toEqual([]);
  });

  it("keeps panel names unique per server whatever their case", async () => {
    const first = await panel(server, "Colours", ["a", "b"]);
    expect(first?.roles).toEqual([
      { roleId: "a", emoji: "🔴" },
      { roleId: "b", emoji: null },
    ]);
    expect(await panel(server, "colours", ["a"])).toBeNull();
    expect(await panel(other, "Colours", ["a"])).not.toBeNull();
    expect((await store.findPanelByName(test.storage.db, server, " COLOURS "))?.id).toBe(first?.id);
  });

  it("takes a role off every panel of one server, answering where it was and with which emoji", async () => {
    const db = test.storage.db;
    const one = await panel(server, "One", ["x", "y"]);
    const two = await panel(server, "Two", ["y", "x"]);
    const elsewhere = await panel(other, "Three", ["x"]);
    const removed = await store.removeRoleFromPanels(db, server, "x");
    expect(removed).toEqual([
      { panelId: one?.id, emoji: "🔴" },
      { panelId: two?.id, emoji: null },
    ]);
    expect((await store.findPanel(db, other, elsewhere?.id ?? 0))?.roles).toHaveLength(1);
    expect(await store.appendPanelRole(db, server, one?.id ?? 0, { roleId: "x", emoji: "🔴" }, 25)).toBe(
      true,
    );
    expect(await store.appendPanelRole(db, server, one?.id ?? 0, { roleId: "x", emoji: "🔴" }, 25)).toBe(
      false,
    );
    expect(await store.appendPanelRole(db, server, two?.id ?? 0, { roleId: "z", emoji: null }, 1)).toBe(
      false,
    );
    expect((await store.findPanel(db, server, one?.id ?? 0))?.roles.map((r) => r.roleId)).toEqual(["y", "x"]);
  });

  it("records panel messages, moves a rebound message, and deletes them with the panel", async () => {
    const db = test.storage.db;
    const a = await panel(server, "Msg A", ["a"]);
    const b = await panel(server, "Msg B", ["b"]);
    await store.savePanelMessage(
      db,
      server,
      { messageId: "m1", panelId: a?.id ?? 0, channelId: "c", kind: "posted" },
      now,
    );
    await store.savePanelMessage(
      db,
      server,
      { messageId: "m2", panelId: a?.id ?? 0, channelId: "c", kind: "bound" },
      now,
    );
    await store.savePanelMessage(
      db,
      server,
      { messageId: "m2", panelId: b?.id ?? 0, channelId: "c", kind: "bound" },
      now,
    );
    expect((await store.listPanelMessages(db, server, [a?.id ?? 0])).map((m) => m.messageId)).toEqual(["m1"]);
    expect(await store.findPanelMessage(db, "m2")).toMatchObject({ panelId: b?.id, kind: "bound" });
    expect(await store.deletePanel(db, server, a?.id ?? 0)).toBe(true);
    expect(await store.findPanelMessage(db, "m1")).toBeNull();
    expect(await store.deletePanel(db, other, b?.id ?? 0)).toBe(false);
  });

  it("keeps drafts until they expire", async () => {
    const db = test.storage.db;
    const draft: draftStore.Draft = {
      id: "d1",
      serverId: server,
      userId: "u",
      channelId: "c",
      name: "Draft",
      title: "Draft",
      description: null,
      roleIds: [],
      display: "buttons",
      page: 0,
      expiresAt: now + 1000,
    };
    await draftStore.insertDraft(db, draft, now);
    await draftStore.updateDraft(db, "d1", { roleIds: ["a", "b"], display: "dropdown", page: 1 });
    expect(await draftStore.findDraft(db, "d1", now)).toMatchObject({
      roleIds: ["a", "b"],
      display: "dropdown",
      page: 1,
    });
    expect(await draftStore.findDraft(db, "d1", now + 2000)).toBeNull();
    await draftStore.insertDraft(db, { ...draft, id: "d2" }, now + 2000);
    expect(await db.selectFrom("selfrole_drafts").select("id").execute()).toEqual([{ id: "d2" }]);
  });
});
