import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import * as inviteStore from "./store.ts";

const otherServer = "222222222222222222";

describe.each(dialects)("invite store on %s", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
  });
  afterAll(() => t.cleanup());

  it("keeps members' invite counts, 0 when unknown", async () => {
    const db = t.ctx.storage.db;
    expect(await inviteStore.getInvites(db, demoGuildId, "900000000000000101")).toBe(0);
    await inviteStore.setInvites(db, demoGuildId, "900000000000000101", 4, 1);
    await inviteStore.setInvites(db, demoGuildId, "900000000000000101", 6, 2);
    expect(await inviteStore.getInvites(db, demoGuildId, "900000000000000101")).toBe(6);
    expect(await inviteStore.getInvites(db, otherServer, "900000000000000101")).toBe(0);
  });
});
