import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbedsFixture } from "../../../test/fixtures/embeds.ts";
import { demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { seedDemo } from "./demo.ts";
import { listTemplates } from "./templates.ts";

describe.each(dialects)("embed builder service (%s)", (dialect) => {
  let test: TestContext;

  beforeAll(async () => {
    ({ test } = await openEmbedsFixture(dialect));
  });
  afterAll(async () => {
    await test.cleanup();
  });

  it("the demo seed saves a few valid templates on Ember Hollow, once", async () => {
    await seedDemo(test.ctx);
    await seedDemo(test.ctx);
    const names = (await listTemplates(test.ctx, demoGuildId)).map((t) => t.name);
    expect(names.filter((name) => name === "Weekly boss raid")).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(["Market rules", "Welcome card"]));
  });
});
