import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComponentsFixture, openComponentsFixture } from "../../../test/fixtures/message-components.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import {
  validateFormTitle,
  validateLabel,
  validateOption,
  validatePlaceholder,
  validatePostedText,
} from "./model.ts";
import { createComponent } from "./service.ts";
import * as store from "./store.ts";

// The components page's limits table, row by row, where model.test.ts doesn't already check it.

describe("component limits", () => {
  it("button label 80, menu placeholder 150, form title 45", () => {
    expect(validateLabel("l".repeat(80))).toHaveLength(80);
    expect(() => validateLabel("l".repeat(81))).toThrow("the limit is 80");
    expect(validatePlaceholder("p".repeat(150))).toHaveLength(150);
    expect(() => validatePlaceholder("p".repeat(151))).toThrow("the limit is 150");
    expect(validatePlaceholder("  ")).toBeNull();
    expect(validateFormTitle("t".repeat(45))).toHaveLength(45);
    expect(() => validateFormTitle("t".repeat(46))).toThrow("the limit is 45");
  });

  it("a menu option's value and description are 100 characters each", () => {
    expect(
      validateOption({ label: "ok", value: "v".repeat(100), description: "d".repeat(100) }, []),
    ).toMatchObject({ value: "v".repeat(100), description: "d".repeat(100) });
    expect(() => validateOption({ label: "ok", value: "v".repeat(101) }, [])).toThrow("the limit is 100");
    expect(() => validateOption({ label: "ok", description: "d".repeat(101) }, [])).toThrow(
      "the limit is 100",
    );
  });

  it("the text posted above a component is up to 2000 characters", () => {
    expect(validatePostedText("m".repeat(2000))).toHaveLength(2000);
    expect(() => validatePostedText("m".repeat(2001))).toThrow("the limit is 2000");
  });
});

describe("components per server", () => {
  let f: ComponentsFixture;
  beforeAll(async () => {
    f = await openComponentsFixture();
  });
  afterAll(() => f.test.cleanup());

  it("a server holds up to 100 components", async () => {
    const db = f.test.ctx.storage.db;
    for (let i = await store.countComponents(db, demoGuildId); i < 100; i++) {
      await createComponent(f.test.ctx, demoGuildId, f.owner, { type: "button", name: `filler ${i}` });
    }
    expect(await store.countComponents(db, demoGuildId)).toBe(100);
    await expect(
      createComponent(f.test.ctx, demoGuildId, f.owner, { type: "button", name: "one too many" }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message:
        "This server has reached its cap of 100 message components; delete one with /components delete first.",
    });
  });
});
