import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { checkCommandAccess } from "../../bot/commands/permissions.ts";
import type { InteractionMember } from "../../bot/interaction.ts";
import { demoBotId, demoOwnerId } from "../../discord/demo-seed.ts";
import type { MemberInfo } from "../../discord/port.ts";
import { applyEditorForm, finish, removeItem } from "./editor.ts";
import {
  type Action,
  checkActionFits,
  componentLimits,
  defaultDefinition,
  incompleteReason,
  validateEmoji,
  validateField,
  validateMessageText,
  validateName,
  validateOption,
  validateStyle,
} from "./model.ts";
import {
  addAction,
  answerEmbeds,
  checkRoleUsable,
  createComponent,
  type Editor,
  readAnswers,
  requireComponent,
  resolveTrigger,
  runActions,
  type StoredComponent,
  setManagerRole,
} from "./service.ts";
import { findComponentById, listPosted } from "./store.ts";

let test: TestContext;
let roles: Record<string, string>;
let channels: Record<string, string>;
let memberId: string;
const owner: Editor = { userId: demoOwnerId, roleIds: [], permissions: "8" };

const member = async (userId = memberId): Promise<MemberInfo> => {
  const found = await test.ctx.discord.getMember(demoGuildId, userId);
  if (!found) throw new Error("no member");
  return found;
};
const hasRole = async (roleId: string, userId = memberId) => (await member(userId)).roleIds.includes(roleId);
const role = (name: string) => roles[name] ?? "";
const channel = (name: string) => channels[name] ?? "";
let counter = 0;
const create = (type: "button" | "select" | "form", channelId?: string) =>
  createComponent(test.ctx, demoGuildId, owner, {
    type,
    name: `c${++counter}`,
    channelId: channelId ?? null,
  });

beforeAll(async () => {
  test = await createTestContext();
  roles = Object.fromEntries((await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]));
  channels = Object.fromEntries(
    (await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  const row = await test.ctx.storage.db
    .selectFrom("sandbox_members")
    .select("user_id")
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "not in", [demoOwnerId, demoBotId])
    .orderBy("user_id")
    .executeTakeFirstOrThrow();
  memberId = row.user_id;
});
afterAll(async () => {
  await test.cleanup();
});

describe("validation limits", () => {
  it("names are 1–50 characters", () => {
    expect(validateName("  verify ")).toBe("verify");
    expect(() => validateName(" ")).toThrow("can't be empty");
    expect(() => validateName("x".repeat(51))).toThrow("51 characters; the limit is 50");
  });

  it("emoji, style and message text (template tags checked at save time)", () => {
    expect(validateEmoji("✅")).toBe("✅");
    expect(validateEmoji("<:cozy_fox:123456789012345678>")).toBe("<:cozy_fox:123456789012345678>");
    expect(validateEmoji("")).toBeNull();
    expect(() => validateEmoji("hello")).toThrow("isn't an emoji");
    expect(validateStyle("Danger")).toBe("danger");
    expect(() => validateStyle("blurple")).toThrow("primary, secondary, success, danger");
    expect(validateMessageText("Welcome {user.mention} to {server.name}!")).toContain("{user.mention}");
    expect(() => validateMessageText("Hi {user.mentoin}")).toThrow("Did you mean {user.mention}?");
    expect(() => validateMessageText("x".repeat(2001))).toThrow("the limit is 2000");
  });

  it("select options: 25 at most, unique values, Discord's 100-character label", () => {
    const options = Array.from({ length: 25 }, (_, i) => validateOption({ label: `Option ${i}` }, []));
    expect(options[3]?.value).toBe("option-3");
    expect(() => validateOption({ label: "One more" }, options)).toThrow("at most 25 options");
    expect(() => validateOption({ label: "Option 3" }, options.slice(0, 5))).toThrow('value "option-3"');
    expect(() => validateOption({ label: "x".repeat(101) }, [])).toThrow("the limit is 100");
    expect(() => validateOption({ label: "ok", emoji: "nope" }, [])).toThrow("isn't an emoji");
  });

  it("form fields: 5 at most, 45-character labels, lengths 0–4000 with min ≤ max", () => {
    const first = validateField({ label: "Why?", style: "paragraph", required: "no", maxLength: "500" }, []);
    expect(first).toMatchObject({ id: "f1", style: "paragraph", required: false, maxLength: 500 });
    const five = [first, ...Array.from({ length: 4 }, (_, i) => ({ ...first, id: `f${i + 2}` }))];
    expect(() => validateField({ label: "Sixth" }, five)).toThrow("at most 5 fields");
    expect(validateField({ label: "Next" }, [first]).id).toBe("f2");
    expect(() => validateField({ label: "x".repeat(46) }, [])).toThrow("the limit is 45");
    expect(() => validateField({ label: "a", style: "long" }, [])).toThrow('"short"');
    expect(() => validateField({ label: "a", minLength: "10", maxLength: "5" }, [])).toThrow("can't be more");
    expect(() => validateField({ label: "a", maxLength: "5000" }, [])).toThrow("0 to 4000");
    expect(() => validateField({ label: "a", required: "maybe" }, [])).toThrow("yes or no");
  });

  it("a trigger runs at most 5 actions, and opening a form is always alone", () => {
    const give: Action = { kind: "give_role", roleId: "1" };
    const five = Array.from({ length: 5 }, () => give);
    expect(() => checkActionFits(five, give)).toThrow("at most 5 actions");
    expect(() => checkActionFits([give], { kind: "open_form", formId: "abc" })).toThrow("only action");
    expect(() => checkActionFits([{ kind: "open_form", formId: "abc" }], give)).toThrow("opens a form");
    expect(componentLimits.actionsPerTrigger).toBe(5);
  });

  it("a component is incomplete until it has what it needs", () => {
    expect(incompleteReason("select", defaultDefinition("select", "x"))).toContain("option");
    expect(incompleteReason("form", defaultDefinition("form", "x"))).toContain("field");
    expect(incompleteReason("button", defaultDefinition("button", "x"))).toContain("action");
  });
});

describe("creating and finding", () => {
  it("names are unique per server whatever their case; found by name or id", async () => {
    const made = await createComponent(test.ctx, demoGuildId, owner, { type: "button", name: "Verify" });
    await expect(
      createComponent(test.ctx, demoGuildId, owner, { type: "button", name: "verify" }),
    ).rejects.toThrow("already has a component named");
    expect((await requireComponent(test.ctx, demoGuildId, "VERIFY")).componentId).toBe(made.componentId);
    expect((await requireComponent(test.ctx, demoGuildId, made.componentId)).name).toBe("Verify");
    await expect(requireComponent(test.ctx, demoGuildId, "nothing")).rejects.toThrow("No component named");
    await expect(
      createComponent(test.ctx, demoGuildId, owner, { type: "slider", name: "x" }),
    ).rejects.toThrow("button, select or form");
    await expect(
      createComponent(test.ctx, demoGuildId, owner, {
        type: "button",
        name: "v",
        channelId: channel("Lounge"),
      }),
    ).rejects.toThrow("not a text channel");
  });
});

describe("role rules", () => {
  it("refuses @everyone, managed roles, roles at or above the bot, and a bot without Manage Roles", async () => {
    await expect(checkRoleUsable(test.ctx, demoGuildId, demoGuildId)).rejects.toThrow("@everyone");
    await expect(checkRoleUsable(test.ctx, demoGuildId, role("Server Booster"))).rejects.toThrow("managed");
    await expect(checkRoleUsable(test.ctx, demoGuildId, role("Owner"))).rejects.toThrow(
      "at or above my highest role",
    );
    await expect(checkRoleUsable(test.ctx, demoGuildId, "999")).rejects.toThrow("no longer exists");
    expect((await checkRoleUsable(test.ctx, demoGuildId, role("Member"))).name).toBe("Member");
    const hearth = role("Hearth");
    await test.ctx.discord.editRole(demoGuildId, hearth, { permissions: "0" });
    try {
      await expect(checkRoleUsable(test.ctx, demoGuildId, role("Member"))).rejects.toThrow("Manage Roles");
    } finally {
      await test.ctx.discord.editRole(demoGuildId, hearth, { permissions: "8" });
    }
  });

  it("at save time the editor must outrank the role; dangerous roles are never given, and only Administrators attach them to take", async () => {
    const button = await create("button");
    const manager: Editor = { userId: memberId, roleIds: [role("Grinder Manager")], permissions: "32" };
    await expect(addAction(test.ctx, button, manager, { kind: "give_role", role: "Admin" })).rejects.toThrow(
      "at or above your highest role",
    );
    await expect(
      addAction(test.ctx, button, manager, { kind: "give_role", role: "@Moderator" }),
    ).rejects.toThrow("at or above your highest role");
    for (const kind of ["give_role", "toggle_role"] as const) {
      await expect(addAction(test.ctx, button, owner, { kind, role: "Grinder Manager" })).rejects.toThrow(
        "@Grinder Manager grants Manage Server, Manage Roles; a component can't give it, since anyone who uses it would get that power.",
      );
    }
    await expect(
      addAction(test.ctx, button, owner, { kind: "take_role", role: "Grinder Manager" }),
    ).resolves.toBeTruthy();
    const lowered: Editor = { userId: memberId, roleIds: [role("Moderator")], permissions: "32" };
    await expect(
      addAction(test.ctx, button, lowered, { kind: "take_role", role: "Grinder Manager" }),
    ).rejects.toThrow("only an Administrator");
    await expect(addAction(test.ctx, button, owner, { kind: "give_role", role: "Nope" })).rejects.toThrow(
      'No role "Nope"',
    );
  });
});

describe("role rules on every click", () => {
  it("a role that gained a dangerous permission after it was attached is not given; taking still works", async () => {
    const ping = role("Giveaway Ping");
    const button = await create("button");
    await addAction(test.ctx, button, owner, { kind: "toggle_role", role: "Giveaway Ping" });
    if (await hasRole(ping)) await test.ctx.discord.removeMemberRole(demoGuildId, memberId, ping);
    const run = (kind: "give_role" | "toggle_role" | "take_role") =>
      member().then((m) =>
        runActions(test.ctx, [{ kind, roleId: ping }], { serverId: demoGuildId, channelId: null, member: m }),
      );
    await test.ctx.discord.editRole(demoGuildId, ping, { permissions: String(1n << 5n) });
    try {
      for (const kind of ["give_role", "toggle_role"] as const) {
        const outcome = await run(kind);
        expect(outcome.failures).toBe(1);
        expect(outcome.lines[0]).toContain(`<@&${ping}> now grants Manage Server, so I won't hand it out`);
        expect(await hasRole(ping)).toBe(false);
      }
      await test.ctx.discord.addMemberRole(demoGuildId, memberId, ping);
      expect((await run("take_role")).lines[0]).toContain("Took");
      expect(await hasRole(ping)).toBe(false);
    } finally {
      await test.ctx.discord.editRole(demoGuildId, ping, { permissions: "0" });
    }
    expect((await run("give_role")).lines[0]).toContain("Gave you");
    await test.ctx.discord.removeMemberRole(demoGuildId, memberId, ping);
  });

  it("a role moved to or above the bot's highest role is refused on click with what to fix", async () => {
    const outcome = await runActions(test.ctx, [{ kind: "give_role", roleId: role("Owner") }], {
      serverId: demoGuildId,
      channelId: null,
      member: await member(),
    });
    expect(outcome.failures).toBe(1);
    expect(outcome.lines[0]).toContain("is at or above my highest role; an admin must move my role above it");
  });
});

describe("actions", () => {
  it("give, take and toggle a role", async () => {
    const ping = role("Events Ping");
    const run = (action: Action) =>
      member().then((m) =>
        runActions(test.ctx, [action], { serverId: demoGuildId, channelId: null, member: m }),
      );
    if (await hasRole(ping)) await test.ctx.discord.removeMemberRole(demoGuildId, memberId, ping);
    expect((await run({ kind: "give_role", roleId: ping })).lines[0]).toContain("Gave you");
    expect(await hasRole(ping)).toBe(true);
    expect((await run({ kind: "give_role", roleId: ping })).lines[0]).toContain("already have");
    expect((await run({ kind: "toggle_role", roleId: ping })).lines[0]).toContain("Took");
    expect(await hasRole(ping)).toBe(false);
    expect((await run({ kind: "take_role", roleId: ping })).lines[0]).toContain("don't have");
    expect((await run({ kind: "toggle_role", roleId: ping })).lines[0]).toContain("Gave you");
    expect((await run({ kind: "take_role", roleId: ping })).lines[0]).toContain("Took");
  });

  it("sends messages here, in a channel, or privately, with template tags rendered", async () => {
    const here = channel("general");
    const there = channel("bot-commands");
    const outcome = await runActions(
      test.ctx,
      [
        { kind: "send_message", text: "Hi {user.mention} from {server.name}", target: "here" },
        { kind: "send_message", text: "Logged {user.id}", target: there },
        { kind: "send_message", text: "Only you see {user.mention}", target: "private" },
      ],
      { serverId: demoGuildId, channelId: here, member: await member() },
    );
    expect(outcome.failures).toBe(0);
    expect(outcome.privateMessages).toEqual([`Only you see <@${memberId}>`]);
    const sent = await test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select(["channel_id", "content"])
      .where("content", "in", [`Hi <@${memberId}> from Ember Hollow`, `Logged ${memberId}`])
      .execute();
    expect(sent.map((m) => m.channel_id).sort()).toEqual([here, there].sort());
  });

  it("one failing action is reported while the others still run", async () => {
    const ping = role("Giveaway Ping");
    const outcome = await runActions(
      test.ctx,
      [
        { kind: "give_role", roleId: role("Owner") },
        { kind: "send_message", text: "x", target: "999999999999" },
        { kind: "give_role", roleId: ping },
      ],
      { serverId: demoGuildId, channelId: null, member: await member() },
    );
    expect(outcome.failures).toBe(2);
    expect(outcome.lines[0]).toMatch(/^⚠️ Give a role: .*highest role/);
    expect(outcome.lines[1]).toMatch(/^⚠️ Send a message/);
    expect(outcome.lines[2]).toContain("Gave you");
    expect(await hasRole(ping)).toBe(true);
  });

  it("select options carry their own actions; a form is opened only alone", async () => {
    let menu = await create("select");
    menu = await applyEditorForm(test.ctx, menu, "option", { label: "Red" }).then((r) => r.component);
    menu = await applyEditorForm(test.ctx, menu, "option", { label: "Blue", value: "b" }).then(
      (r) => r.component,
    );
    menu = await addAction(test.ctx, menu, owner, { kind: "give_role", option: "red", role: "Gold" });
    menu = await addAction(test.ctx, menu, owner, { kind: "send_message", option: "Blue", text: "Blue!" });
    await expect(addAction(test.ctx, menu, owner, { kind: "give_role", role: "Gold" })).rejects.toThrow(
      "which option",
    );
    await expect(
      addAction(test.ctx, menu, owner, { kind: "give_role", option: "green", role: "Gold" }),
    ).rejects.toThrow('no option "green"');
    await expect(
      addAction(test.ctx, menu, owner, { kind: "post_answers", option: "b", channel: "general" }),
    ).rejects.toThrow("can't run");
    const red = await resolveTrigger(test.ctx, menu, "red");
    expect(red).toEqual({ actions: [{ kind: "give_role", roleId: role("Gold") }] });
    const blue = await resolveTrigger(test.ctx, menu, "b");
    expect(blue).toEqual({ actions: [{ kind: "send_message", text: "Blue!", target: "here" }] });
    let form = await create("form");
    form = await applyEditorForm(test.ctx, form, "field", { label: "Name" }).then((r) => r.component);
    form = await addAction(test.ctx, form, owner, { kind: "post_answers", channel: "#staff-chat" });
    let opener = await create("button");
    opener = await addAction(test.ctx, opener, owner, { kind: "open_form", form: form.name });
    await expect(addAction(test.ctx, opener, owner, { kind: "give_role", role: "Gold" })).rejects.toThrow(
      "opens a form",
    );
    await expect(addAction(test.ctx, opener, owner, { kind: "open_form", form: menu.name })).rejects.toThrow(
      "not a form",
    );
    const opened = await resolveTrigger(test.ctx, opener, null);
    expect("form" in opened && opened.form.componentId).toBe(form.componentId);
  });

  it("form answers are checked and posted as embeds within Discord's limits", async () => {
    let form = await create("form");
    form = await applyEditorForm(test.ctx, form, "look", {
      label: "Apply",
      style: "success",
      title: "Staff application",
    }).then((r) => r.component);
    form = await applyEditorForm(test.ctx, form, "field", {
      label: "Age",
      min_length: "2",
      max_length: "3",
    }).then((r) => r.component);
    form = await applyEditorForm(test.ctx, form, "field", { label: "Why you?", style: "paragraph" }).then(
      (r) => r.component,
    );
    form = await addAction(test.ctx, form, owner, { kind: "post_answers", channel: channel("staff-chat") });
    expect(() => readAnswers(form, { f1: "1", f2: "x" })).toThrow("at least 2");
    expect(() => readAnswers(form, { f1: "21" })).toThrow('"Why you?" is required');
    expect(() => readAnswers(form, { f1: "2100", f2: "x" })).toThrow("at most 3");
    const answers = readAnswers(form, { f1: "21", f2: "I like helping" });
    const outcome = await runActions(test.ctx, form.definition.actions, {
      serverId: demoGuildId,
      channelId: channel("general"),
      member: await member(),
      form: { component: form, answers },
    });
    expect(outcome.lines).toEqual([`✅ Sent your answers to <#${channel("staff-chat")}>.`]);
    const posted = await test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("channel_id", "=", channel("staff-chat"))
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const embed = JSON.parse(posted.payload ?? "{}").embeds[0];
    expect(embed.title).toBe("📝 Staff application");
    expect(embed.description).toBe(`Submitted by <@${memberId}>`);
    expect(embed.fields).toEqual([
      { name: "Age", value: "21" },
      { name: "Why you?", value: "I like helping" },
    ]);
    const long = answerEmbeds(
      form,
      await member(),
      Array.from({ length: 5 }, (_, i) => ({ label: `Q${i}`, value: "y".repeat(4000) })),
      Date.now(),
    );
    for (const part of long) {
      expect(part.fields?.length).toBeLessThanOrEqual(25);
      for (const field of part.fields ?? []) expect(field.value.length).toBeLessThanOrEqual(1024);
      const size = (part.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
      expect(size).toBeLessThanOrEqual(6000);
    }
    const total = long.flatMap((part) => part.fields ?? []).reduce((n, f) => n + f.value.length, 0);
    expect(total).toBe(20_000);
  });
});

describe("editing", () => {
  it("Done posts once where create asked, edits update the posted copy, remove works", async () => {
    let button = await create("button", channel("self-roles"));
    await expect(finish(test.ctx, button)).rejects.toThrow("Not finished yet");
    button = await addAction(test.ctx, button, owner, { kind: "toggle_role", role: "Member" });
    expect(await finish(test.ctx, button)).toContain(`Posted it in <#${channel("self-roles")}>`);
    const [copy] = await listPosted(test.ctx.storage.db, button.componentId);
    expect(copy?.channelId).toBe(channel("self-roles"));
    expect(await finish(test.ctx, button)).toContain("Updated 1 posted copy");
    button = (
      await applyEditorForm(test.ctx, button, "look", { label: "Verify me", emoji: "✅", style: "success" })
    ).component;
    const message = await test.ctx.discord.getMessage(copy?.channelId ?? "", copy?.messageId ?? "");
    expect(message).not.toBeNull();
    const stored = await test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("id", "=", copy?.messageId ?? "")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payload ?? "{}").components[0][0]).toMatchObject({
      label: "Verify me",
      emoji: "✅",
      style: "success",
    });
    button = await removeItem(test.ctx, button, "a:-:0");
    expect((await findComponentById(test.ctx.storage.db, button.componentId))?.definition.actions).toEqual(
      [],
    );
    await expect(removeItem(test.ctx, button, "a:-:0")).rejects.toThrow("already removed");
  });

  it("a posted menu keeps at least one option", async () => {
    let menu: StoredComponent = await create("select", channel("self-roles"));
    menu = (await applyEditorForm(test.ctx, menu, "option", { label: "Only" })).component;
    menu = await addAction(test.ctx, menu, owner, { kind: "give_role", option: "only", role: "Silver" });
    await finish(test.ctx, menu);
    await expect(removeItem(test.ctx, menu, "o:0")).rejects.toThrow("at least one option");
  });
});

describe("the component-management role", () => {
  it("stands in for Manage Server on the /components admin commands once set", async () => {
    const plain = await member();
    const asMember: InteractionMember = { ...plain, roleIds: [role("Event Manager")], permissions: "0" };
    await expect(
      checkCommandAccess(test.ctx, demoGuildId, "components create", asMember, []),
    ).rejects.toThrow("component management role");
    await setManagerRole(test.ctx, demoGuildId, demoOwnerId, role("Event Manager"));
    await expect(
      checkCommandAccess(test.ctx, demoGuildId, "components create", asMember, []),
    ).resolves.toBeUndefined();
    await expect(
      checkCommandAccess(test.ctx, demoGuildId, "components delete", asMember, []),
    ).resolves.toBeUndefined();
    await setManagerRole(test.ctx, demoGuildId, demoOwnerId, demoGuildId);
    await expect(checkCommandAccess(test.ctx, demoGuildId, "components edit", asMember, [])).rejects.toThrow(
      "Manage Server",
    );
    await expect(setManagerRole(test.ctx, demoGuildId, demoOwnerId, role("Server Booster"))).rejects.toThrow(
      "managed",
    );
  });
});
