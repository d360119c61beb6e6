import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { findComponent, listPosted } from "./store.ts";

let test: TestContext;
beforeAll(async () => {
  test = await createTestContext();
});
afterAll(async () => {
  await test.cleanup();
});

describe("components demo seed", () => {
  it("builds and posts the verify button and the apply form on Ember Hollow", async () => {
    await seedDemo(test.ctx);
    const db = test.ctx.storage.db;
    const verify = await findComponent(db, demoGuildId, "verify");
    const apply = await findComponent(db, demoGuildId, "apply");
    const roles = await test.ctx.discord.listRoles(demoGuildId);
    const member = roles.find((role) => role.name === "Member")?.id;
    expect(verify?.definition.actions[0]).toEqual({ kind: "toggle_role", roleId: member });
    expect(apply?.type).toBe("form");
    expect(apply?.definition.fields).toHaveLength(4);
    expect(apply?.definition.actions[0]?.kind).toBe("post_answers");
    expect(await listPosted(db, verify?.componentId ?? "")).toHaveLength(1);
    expect(await listPosted(db, apply?.componentId ?? "")).toHaveLength(1);
  });
});
