import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComponentsFixture, openComponentsFixture } from "../../../test/fixtures/message-components.ts";
import { addAction } from "./actions.ts";
import { applyEditorForm } from "./editor.ts";
import { resolveTrigger } from "./run.ts";

let f: ComponentsFixture;

beforeAll(async () => {
  f = await openComponentsFixture();
});
afterAll(async () => {
  await f.test.cleanup();
});

describe("adding actions", () => {
  it("select options carry their own actions; a form is opened only alone", async () => {
    let menu = await f.create("select");
    menu = await applyEditorForm(f.test.ctx, menu, "option", { label: "Red" }).then((r) => r.component);
    menu = await applyEditorForm(f.test.ctx, menu, "option", { label: "Blue", value: "b" }).then(
      (r) => r.component,
    );
    menu = await addAction(f.test.ctx, menu, f.owner, { kind: "give_role", option: "red", role: "Gold" });
    menu = await addAction(f.test.ctx, menu, f.owner, {
      kind: "send_message",
      option: "Blue",
      text: "Blue!",
    });
    await expect(addAction(f.test.ctx, menu, f.owner, { kind: "give_role", role: "Gold" })).rejects.toThrow(
      "which option",
    );
    await expect(
      addAction(f.test.ctx, menu, f.owner, { kind: "give_role", option: "green", role: "Gold" }),
    ).rejects.toThrow('no option "green"');
    await expect(
      addAction(f.test.ctx, menu, f.owner, { kind: "post_answers", option: "b", channel: "general" }),
    ).rejects.toThrow("can't run");
    const red = await resolveTrigger(f.test.ctx, menu, "red");
    expect(red).toEqual({ actions: [{ kind: "give_role", roleId: f.role("Gold") }] });
    const blue = await resolveTrigger(f.test.ctx, menu, "b");
    expect(blue).toEqual({ actions: [{ kind: "send_message", text: "Blue!", target: "here" }] });
    let form = await f.create("form");
    form = await applyEditorForm(f.test.ctx, form, "field", { label: "Name" }).then((r) => r.component);
    form = await addAction(f.test.ctx, form, f.owner, { kind: "post_answers", channel: "#staff-chat" });
    let opener = await f.create("button");
    opener = await addAction(f.test.ctx, opener, f.owner, { kind: "open_form", form: form.name });
    await expect(addAction(f.test.ctx, opener, f.owner, { kind: "give_role", role: "Gold" })).rejects.toThrow(
      "opens a form",
    );
    await expect(
      addAction(f.test.ctx, opener, f.owner, { kind: "open_form", form: menu.name }),
    ).rejects.toThrow("not a form");
    const opened = await resolveTrigger(f.test.ctx, opener, null);
    expect("form" in opened && opened.form.componentId).toBe(form.componentId);
  });
});
