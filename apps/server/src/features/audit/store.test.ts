import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { auditFacets, pageAudit, pageAuditOfSubject, recordAudit } from "./store.ts";

const server = "100000000000000001";
const alice = "200000000000000001";
const bob = "200000000000000002";

describe.each(dialects)("audit store on %s", (dialect) => {
  let test: TestStorage;
  beforeAll(async () => {
    test = await openTestStorage(dialect);
    const db = test.storage.db;
    await recordAudit(
      db,
      server,
      { tokenId: "aaaaaaaaaaaa", userId: alice, address: "192.0.2.1" },
      "settings.edit",
      {
        memberTriggerLimit: 4,
      },
    );
    await recordAudit(db, server, { tokenId: null, userId: bob }, "grinders.break.start", {
      id: "300",
      userId: bob,
    });
    await recordAudit(db, server, { tokenId: null, userId: null }, "grinders.break.end", {
      id: "300",
      userId: bob,
    });
    await recordAudit(db, server, { tokenId: null, userId: bob }, "grinders.break.start", {
      id: "3001",
      userId: bob,
    });
    await recordAudit(db, "100000000000000002", { tokenId: null, userId: bob }, "grinders.break.start", {
      id: "300",
    });
  });
  afterAll(() => test.cleanup());

  it("records the address and the feature, and pages newest first with the total", async () => {
    const page = await pageAudit(test.storage.db, server, {}, { offset: 1, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.entries.map((entry) => entry.action)).toEqual(["grinders.break.end", "grinders.break.start"]);
    const [edit] = (
      await pageAudit(test.storage.db, server, { feature: "settings" }, { offset: 0, limit: 5 })
    ).entries;
    expect(edit).toMatchObject({ feature: "settings", address: "192.0.2.1", actorUserId: alice });
    expect(
      (await pageAudit(test.storage.db, server, { actorUserId: bob }, { offset: 0, limit: 5 })).total,
    ).toBe(2);
  });

  it("finds one record's entries exactly (300 is not 3001) on this server only", async () => {
    const actions = ["grinders.break.start", "grinders.break.end"];
    const page = await pageAuditOfSubject(test.storage.db, server, actions, "300", { offset: 0, limit: 10 });
    expect(page.total).toBe(2);
    expect(page.entries.map((entry) => entry.action)).toEqual(["grinders.break.end", "grinders.break.start"]);
    expect(
      (await pageAuditOfSubject(test.storage.db, server, actions, "30%", { offset: 0, limit: 10 })).total,
    ).toBe(0);
  });

  it("lists the features and members the log has", async () => {
    const facets = await auditFacets(test.storage.db, server);
    expect(facets.features).toEqual(["grinders", "settings"]);
    expect(facets.actorUserIds.sort()).toEqual([alice, bob]);
  });
});
