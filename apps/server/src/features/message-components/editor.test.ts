import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComponentsFixture, openComponentsFixture } from "../../../test/fixtures/message-components.ts";
import { addAction } from "./actions.ts";
import { applyEditorForm, finish, removeItem } from "./editor.ts";
import { editorPanel, removableItems, removePageSize, removePages } from "./editor-panel.ts";
import { mutateDefinition, type StoredComponent } from "./service.ts";
import { findComponentById, listPosted } from "./store.ts";

let f: ComponentsFixture;

beforeAll(async () => {
  f = await openComponentsFixture();
});
afterAll(async () => {
  await f.test.cleanup();
});

describe("editing", () => {
  it("Done posts once where create asked, edits update the posted copy, remove works", async () => {
    let button = await f.create("button", f.channel("self-roles"));
    await expect(finish(f.test.ctx, button)).rejects.toThrow("Not finished yet");
    button = await addAction(f.test.ctx, button, f.owner, { kind: "toggle_role", role: "Member" });
    expect(await finish(f.test.ctx, button)).toContain(`Posted it in <#${f.channel("self-roles")}>`);
    const [copy] = await listPosted(f.test.ctx.storage.db, button.componentId);
    expect(copy?.channelId).toBe(f.channel("self-roles"));
    expect(await finish(f.test.ctx, button)).toContain("Updated 1 posted copy");
    button = (
      await applyEditorForm(f.test.ctx, button, "look", { label: "Verify me", emoji: "✅", style: "success" })
    ).component;
    const message = await f.test.ctx.discord.getMessage(copy?.channelId ?? "", copy?.messageId ?? "");
    expect(message).not.toBeNull();
    const stored = await f.test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("id", "=", copy?.messageId ?? "")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payload ?? "{}").components[0][0]).toMatchObject({
      label: "Verify me",
      emoji: "✅",
      style: "success",
    });
    const [action] = removableItems(button);
    expect(action?.value).toMatch(/^a:-:0:[0-9a-f]{10}$/);
    const removal = await removeItem(f.test.ctx, button, action?.value ?? "");
    expect(removal.removed).toBe(true);
    button = removal.component;
    expect((await findComponentById(f.test.ctx.storage.db, button.componentId))?.definition.actions).toEqual(
      [],
    );
    // The same pick again finds nothing to remove and answers the current state.
    expect(await removeItem(f.test.ctx, button, action?.value ?? "")).toMatchObject({
      removed: false,
      component: { definition: { actions: [] } },
    });
  });

  it("a posted menu keeps at least one option", async () => {
    let menu: StoredComponent = await f.create("select", f.channel("self-roles"));
    menu = (await applyEditorForm(f.test.ctx, menu, "option", { label: "Only" })).component;
    menu = await addAction(f.test.ctx, menu, f.owner, { kind: "give_role", option: "only", role: "Silver" });
    await finish(f.test.ctx, menu);
    const option = removableItems(menu).find((item) => item.value.startsWith("o:0:"));
    await expect(removeItem(f.test.ctx, menu, option?.value ?? "")).rejects.toThrow("at least one option");
  });
});

describe("form fields in the builder", () => {
  it("Add field takes a placeholder; editing a field keeps its id and place and checks the limits", async () => {
    let form = await f.create("form");
    const add = (fields: Record<string, string>, fieldId: string | null = null) =>
      applyEditorForm(f.test.ctx, form, "field", fields, fieldId).then((r) => {
        form = r.component;
        return r.notice;
      });
    expect(await add({ label: "Name", placeholder: "First name is fine" })).toContain("Field added");
    await add({ label: "Why?", style: "paragraph" });
    expect(form.definition.fields.map((field) => field.placeholder)).toEqual(["First name is fine", null]);
    expect(
      await add(
        {
          label: "Why us?",
          placeholder: "A few sentences",
          style: "paragraph",
          required: "no",
          length: "20-",
        },
        "f2",
      ),
    ).toContain("Field saved");
    expect(form.definition.fields[1]).toEqual({
      id: "f2",
      label: "Why us?",
      style: "paragraph",
      required: false,
      minLength: 20,
      maxLength: null,
      placeholder: "A few sentences",
    });
    await expect(add({ label: "Name", placeholder: "y".repeat(101) }, "f1")).rejects.toThrow(
      "Discord's limit is 100",
    );
    await expect(add({ label: "Gone" }, "f7")).rejects.toThrow("That field was removed");
    const stored = await findComponentById(f.test.ctx.storage.db, form.componentId);
    expect(stored?.definition.fields.map((field) => [field.id, field.label])).toEqual([
      ["f1", "Name"],
      ["f2", "Why us?"],
    ]);
    const editMenu = editorPanel(form)
      .components?.flat()
      .find((c) => c.type === "select" && c.customId === `cmpe:editfield:${form.componentId}`);
    expect(editMenu?.type === "select" && editMenu.options).toEqual([
      { label: "Field 1: Name", value: "f1", description: "Placeholder: First name is fine" },
      { label: "Field 2: Why us?", value: "f2", description: "Placeholder: A few sentences" },
    ]);
  });
});

describe("the Remove menu", () => {
  it("every item of a long menu is on exactly one page, and each page fits a select menu", async () => {
    let menu = await f.create("select");
    menu = await mutateDefinition(f.test.ctx, menu, (definition) => {
      definition.options = Array.from({ length: 25 }, (_, i) => ({
        label: `Choice ${i + 1}`,
        value: `c${i + 1}`,
        description: null,
        emoji: null,
        actions: Array.from({ length: 5 }, () => ({
          kind: "send_message" as const,
          text: "x",
          target: "here",
        })),
      }));
    });
    const all = removableItems(menu);
    expect(all).toHaveLength(150);
    const first = removePages(menu, 0);
    expect(first.count).toBe(6);
    const seen = Array.from({ length: first.count }, (_, page) => removePages(menu, page).items);
    for (const page of seen) expect(page.length).toBeLessThanOrEqual(removePageSize);
    expect(seen.flat()).toEqual(all);
    expect(removePages(menu, 99).page).toBe(5);
    expect(removePages(menu, -3).page).toBe(0);
    // The last item, far beyond the first 25, can be removed.
    const last = all.at(-1)?.value ?? "";
    expect(last).toMatch(/^o:24:[0-9a-f]{10}$/);
    menu = (await removeItem(f.test.ctx, menu, last)).component;
    expect(menu.definition.options.map((o) => o.value)).not.toContain("c25");
    const rows = editorPanel(menu, null, 5).components ?? [];
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(rows.at(-2)?.[0]).toMatchObject({
      customId: `cmpe:remove:${menu.componentId}:5`,
      placeholder: "Remove… (page 6 of 6)",
    });
  });

  it("a short list has one unpaged menu and no paging buttons", async () => {
    let button = await f.create("button");
    button = await addAction(f.test.ctx, button, f.owner, { kind: "toggle_role", role: "Member" });
    const rows = editorPanel(button, null, 3).components ?? [];
    expect(rows).toHaveLength(3);
    expect(rows[2]?.[0]).toMatchObject({
      customId: `cmpe:remove:${button.componentId}:0`,
      placeholder: "Remove…",
    });
  });
});

describe("a Remove menu gone stale", () => {
  const roleIds = (component: StoredComponent) =>
    component.definition.actions.map((action) => ("roleId" in action ? action.roleId : action.kind));

  it("a second pick from the same outdated menu never removes a different item", async () => {
    let button = await f.create("button");
    for (const role of ["Member", "Silver", "Gold"]) {
      button = await addAction(f.test.ctx, button, f.owner, { kind: "give_role", role });
    }
    // Two admins look at the same menu; one removes Member, then the other picks Silver.
    const [member, silver] = removableItems(button);
    expect((await removeItem(f.test.ctx, button, member?.value ?? "")).removed).toBe(true);
    const stale = await removeItem(f.test.ctx, button, silver?.value ?? "");
    expect(stale.removed).toBe(false);
    expect(roleIds(stale.component)).toEqual([f.role("Silver"), f.role("Gold")]);
    const stored = await findComponentById(f.test.ctx.storage.db, button.componentId);
    expect(stored && roleIds(stored)).toEqual([f.role("Silver"), f.role("Gold")]);
    // Picked from the refreshed menu, Silver goes.
    const fresh = removableItems(stale.component).find((item) => item.label.startsWith("Action 1"));
    const removed = await removeItem(f.test.ctx, stale.component, fresh?.value ?? "");
    expect(removed.removed).toBe(true);
    expect(roleIds(removed.component)).toEqual([f.role("Gold")]);
  });

  it("of two identical actions, an outdated menu removes only one", async () => {
    let button = await f.create("button");
    for (let n = 0; n < 2; n++) {
      button = await addAction(f.test.ctx, button, f.owner, { kind: "give_role", role: "Member" });
    }
    const [first, second] = removableItems(button);
    expect(first?.value).not.toBe(second?.value);
    expect((await removeItem(f.test.ctx, button, first?.value ?? "")).removed).toBe(true);
    // The twin now sits first, but it is no longer one of two, so the old pick doesn't match it.
    expect((await removeItem(f.test.ctx, button, first?.value ?? "")).removed).toBe(false);
    const stored = await findComponentById(f.test.ctx.storage.db, button.componentId);
    expect(stored && roleIds(stored)).toEqual([f.role("Member")]);
  });

  it("an option's action moved to another option's place, or an edited field, is not removed", async () => {
    let menu = await f.create("select");
    for (const label of ["Red", "Blue"]) {
      menu = (await applyEditorForm(f.test.ctx, menu, "option", { label })).component;
      menu = await addAction(f.test.ctx, menu, f.owner, { kind: "give_role", option: label, role: "Member" });
    }
    const staleMenu = removableItems(menu);
    const redOption = staleMenu.find((item) => item.label === "Option: Red");
    const redAction = staleMenu.find((item) => item.label.startsWith("Red →"));
    expect((await removeItem(f.test.ctx, menu, redOption?.value ?? "")).removed).toBe(true);
    // Blue's identical action is now at Red's old place: the digest includes the option.
    const stale = await removeItem(f.test.ctx, menu, redAction?.value ?? "");
    expect(stale.removed).toBe(false);
    expect(stale.component.definition.options.map((o) => [o.label, o.actions.length])).toEqual([["Blue", 1]]);

    let form = await f.create("form");
    form = (await applyEditorForm(f.test.ctx, form, "field", { label: "Name" })).component;
    const [field] = removableItems(form);
    form = (await applyEditorForm(f.test.ctx, form, "field", { label: "Full name" }, "f1")).component;
    expect((await removeItem(f.test.ctx, form, field?.value ?? "")).removed).toBe(false);
    expect(form.definition.fields.map((x) => x.label)).toEqual(["Full name"]);
  });

  it("values stay within Discord's 100 characters however long the items are", async () => {
    let menu = await f.create("select");
    menu = await mutateDefinition(f.test.ctx, menu, (definition) => {
      definition.options = Array.from({ length: 25 }, (_, i) => ({
        label: "l".repeat(100),
        value: `${"v".repeat(97)}${i}`.slice(-100),
        description: null,
        emoji: null,
        actions: Array.from({ length: 5 }, () => ({
          kind: "send_message" as const,
          text: "t".repeat(2000),
          target: "here",
        })),
      }));
    });
    for (const item of removableItems(menu)) expect(item.value.length).toBeLessThanOrEqual(20);
  });
});
