import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { defaultDefinition } from "./model.ts";
import * as store from "./store.ts";

describe.each(dialects)("components store on %s", (dialect) => {
  let test: TestStorage;
  const server = "100";
  const input = (componentId: string, name: string, serverId = server) => ({
    componentId,
    serverId,
    name,
    type: "button" as const,
    definition: defaultDefinition("button", name),
    postChannelId: null,
    createdBy: "7",
  });

  beforeAll(async () => {
    test = await openTestStorage(dialect);
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("stores a component, finds it by id or by name whatever the case, per server", async () => {
    const db = test.storage.db;
    const made = await store.insertComponent(db, input("abc123", "Verify"), 1000);
    expect(made).toMatchObject({ componentId: "abc123", name: "Verify", type: "button", createdAt: 1000 });
    expect((await store.findComponent(db, server, "verify"))?.componentId).toBe("abc123");
    expect((await store.findComponent(db, server, "abc123"))?.name).toBe("Verify");
    expect(await store.findComponent(db, "other", "verify")).toBeNull();
    expect((await store.findComponentById(db, "abc123", { lock: dialect === "postgres" }))?.serverId).toBe(
      server,
    );
    await store.insertComponent(db, input("def456", "verify", "other"), 1000);
    expect(await store.countComponents(db, server)).toBe(1);
  });

  it("refuses a second component of the same name in a server (case-insensitive)", async () => {
    await expect(store.insertComponent(test.storage.db, input("x1", "VERIFY"), 1000)).rejects.toThrow();
  });

  it("saves definitions as JSON and keeps posted messages until the component is deleted", async () => {
    const db = test.storage.db;
    const definition = {
      ...defaultDefinition("button", "Verify"),
      actions: [{ kind: "give_role", roleId: "9" }],
    };
    expect(await store.saveDefinition(db, "abc123", definition as never, 2000)).toBe(true);
    expect((await store.findComponentById(db, "abc123"))?.definition.actions).toEqual([
      { kind: "give_role", roleId: "9" },
    ]);
    const posted = { componentId: "abc123", serverId: server, channelId: "c1", messageId: "m1" };
    await store.recordPosted(db, posted, 2000);
    await store.recordPosted(db, posted, 2001);
    await store.recordPosted(db, { ...posted, channelId: "c2", messageId: "m2" }, 2002);
    expect(await store.listPosted(db, "abc123")).toHaveLength(2);
    expect(await store.forgetPosted(db, { channelId: "c2" })).toBe(1);
    const gone = await store.deleteComponent(db, "abc123");
    expect(gone).toEqual([posted]);
    expect(await store.findComponentById(db, "abc123")).toBeNull();
    expect(await store.listPosted(db, "abc123")).toEqual([]);
    expect(await store.saveDefinition(db, "abc123", definition as never, 3000)).toBe(false);
  });

  it("keeps one management role per server, replaced and cleared", async () => {
    const db = test.storage.db;
    expect(await store.getManagerRole(db, server)).toBeNull();
    await store.setManagerRole(db, server, "r1", "7", 1000);
    await store.setManagerRole(db, server, "r2", "7", 1001);
    expect(await store.getManagerRole(db, server)).toBe("r2");
    await store.setManagerRole(db, server, null, "7", 1002);
    expect(await store.getManagerRole(db, server)).toBeNull();
  });
});
