import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import * as roleStore from "./role-store.ts";
import * as store from "./store.ts";

let test: TestContext;
beforeAll(async () => {
  test = await createTestContext();
});
afterAll(() => test.cleanup());

describe("the self-roles demo", () => {
  it("whitelists roles and posts a button panel and a dropdown panel, once", async () => {
    await seedDemo(test.ctx);
    await seedDemo(test.ctx);
    const panels = await store.listPanels(test.ctx.storage.db, demoGuildId);
    expect(panels.map((p) => [p.name, p.display, p.roles.length])).toEqual([
      ["Colours", "buttons", 5],
      ["Pings", "dropdown", 3],
    ]);
    const whitelisted = await roleStore.listRoles(test.ctx.storage.db, demoGuildId);
    expect(whitelisted).toHaveLength(8);
    const messages = await store.listPanelMessages(test.ctx.storage.db, demoGuildId);
    expect(messages.map((m) => m.kind)).toEqual(["posted", "posted"]);
  });
});
