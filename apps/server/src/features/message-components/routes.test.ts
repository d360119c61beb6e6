import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  dialects,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { createDashboardToken } from "../auth/service.ts";
import { postedMessage } from "./posting.ts";
import { requireComponent } from "./service.ts";

describe.each(dialects)("the Components page's routes on %s", (dialect) => {
  let t: TestApp;
  let otherToken: string;
  let otherGuildId: string;
  let managerToken: string;
  let general: string;
  let lounge: string;
  let member: string;
  let admin: string;
  let eventsPing: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const other = await seedOtherGuild(t.ctx);
    otherGuildId = other.guildId;
    otherToken = (await createDashboardToken(t.ctx, { serverId: otherGuildId, permission: "owner" })).token;
    const [managerId] = await demoMembers(t.ctx.storage.db, 1);
    managerToken = (
      await createStandingToken(t.ctx, {
        serverId: demoGuildId,
        userId: managerId ?? "",
        permission: "manager",
      })
    ).token;
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    general = channels.find((channel) => channel.name === "general")?.id ?? "";
    lounge = channels.find((channel) => channel.name === "Lounge")?.id ?? "";
    const roles = await t.ctx.discord.listRoles(demoGuildId);
    const role = (name: string) => roles.find((candidate) => candidate.name === name)?.id ?? "";
    member = role("Member");
    admin = role("Admin");
    eventsPing = role("Events Ping");
  });
  afterAll(() => t.cleanup());

  const url = (rest = "", serverId = demoGuildId) => `/api/components/${serverId}${rest}`;
  const inject = (
    method: "GET" | "PUT" | "POST" | "DELETE",
    path: string,
    token = t.token,
    payload?: object,
  ) =>
    t.app.inject({ method, url: path, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const audited = (action: string) =>
    t.ctx.storage.db
      .selectFrom("audit_log")
      .selectAll()
      .where("server_id", "=", demoGuildId)
      .where("action", "=", action)
      .execute();

  const verify = () => ({
    type: "button",
    name: "verify",
    definition: {
      message: "Press to get in",
      label: "Verify",
      emoji: "✅",
      style: "success",
      actions: [
        { kind: "toggle_role", roleId: member },
        { kind: "send_message", text: "Welcome {user.mention}!", target: "private" },
      ],
    },
  });

  it("creates a button with its actions, audited, and lists it with the limits", async () => {
    const res = await inject("POST", url(), t.token, verify());
    expect(res.statusCode).toBe(200);
    const { component } = res.json();
    expect(component).toMatchObject({
      name: "verify",
      type: "button",
      postedCount: 0,
      incomplete: null,
      definition: {
        message: "Press to get in",
        label: "Verify",
        emoji: "✅",
        style: "success",
        actions: [
          { kind: "toggle_role", roleId: member },
          { kind: "send_message", text: "Welcome {user.mention}!", target: "private" },
        ],
      },
    });
    // The bot's own record: `/components` sees what the page saved.
    const stored = await requireComponent(t.ctx, demoGuildId, "verify");
    expect(stored.definition.actions).toHaveLength(2);
    const list = await inject("GET", url(), managerToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().components.map((c: { name: string }) => c.name)).toContain("verify");
    expect(list.json().limits).toMatchObject({
      label: 80,
      options: 25,
      actionsPerTrigger: 5,
      perServer: 100,
    });
    const [entry] = await audited("components.create");
    expect(entry).toMatchObject({ token_id: expect.any(String), feature: "components" });
    expect(JSON.parse(entry?.summary ?? "{}")).toMatchObject({ name: "verify", type: "button" });
    const one = await inject("GET", url(`/${component.componentId}`), managerToken);
    expect(one.json().component.definition.label).toBe("Verify");
  });

  it("previews a draft exactly as posting.ts draws it, for every level, saving nothing", async () => {
    const body = {
      type: "select",
      name: "pings",
      definition: {
        message: "Pick your pings",
        placeholder: "Choose one",
        options: [{ label: "Events", emoji: "📣", actions: [{ kind: "give_role", roleId: eventsPing }] }],
      },
    };
    const res = await inject("POST", url("/preview"), managerToken, body);
    expect(res.statusCode).toBe(200);
    const stored = await requireComponent(t.ctx, demoGuildId, "verify");
    const expected = messagePreview(
      postedMessage({
        ...stored,
        componentId: "preview",
        name: "pings",
        type: "select",
        definition: {
          ...stored.definition,
          message: "Pick your pings",
          placeholder: "Choose one",
          label: "pings",
          emoji: null,
          style: "primary",
          actions: [],
          options: [{ label: "Events", value: "events", description: null, emoji: "📣", actions: [] }],
        },
      }),
    );
    expect(res.json()).toEqual(expected);
    expect(res.json().components[0][0]).toMatchObject({
      type: "select",
      placeholder: "Choose one",
      options: [{ label: "Events", value: "events", emoji: "📣" }],
    });
    // A half-set action doesn't stop the preview (actions don't change the look); a bad look does.
    const halfSet = await inject("POST", url("/preview"), managerToken, {
      type: "button",
      definition: { label: "Go", actions: [{ kind: "give_role" }] },
    });
    expect(halfSet.statusCode).toBe(200);
    expect(halfSet.json().components[0][0]).toMatchObject({ type: "button", label: "Go" });
    const tooLong = await inject("POST", url("/preview"), managerToken, {
      type: "button",
      definition: { label: "x".repeat(81) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      field: "definition.label",
      message: expect.stringMatching(/limit is 80/),
    });
    expect((await inject("GET", url())).json().components.map((c: { name: string }) => c.name)).not.toContain(
      "pings",
    );
  });

  it("posts a finished component in a channel; an edit redraws the posted message", async () => {
    const { componentId } = (await inject("GET", url()))
      .json()
      .components.find((c: { name: string }) => c.name === "verify");
    const posted = await inject("POST", url(`/${componentId}/post`), t.token, { channelId: general });
    expect(posted.statusCode).toBe(200);
    const { messageId } = posted.json();
    const message = await t.ctx.discord.getMessage(general, messageId);
    expect(message?.content).toBe("Press to get in");
    expect(message?.components?.[0]?.[0]).toMatchObject({
      type: "button",
      label: "Verify",
      style: "success",
    });
    expect(await audited("components.post")).toHaveLength(1);

    const edited = await inject("PUT", url(`/${componentId}`), t.token, {
      definition: { ...verify().definition, label: "Let me in", style: "primary" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().component).toMatchObject({ postedCount: 1, definition: { label: "Let me in" } });
    const redrawn = await t.ctx.discord.getMessage(general, messageId);
    expect(redrawn?.components?.[0]?.[0]).toMatchObject({ label: "Let me in", style: "primary" });
    expect(await audited("components.edit")).toHaveLength(1);

    // A posted component must stay usable.
    const emptied = await inject("PUT", url(`/${componentId}`), t.token, {
      definition: { label: "Let me in", actions: [] },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().field).toBe("definition");
  });

  it("renames a component: the commands take the new name; a name another holds is a 409", async () => {
    const created = await inject("POST", url(), t.token, { ...verify(), name: "rename-me" });
    const { componentId } = created.json().component;
    const other = await inject("POST", url(), t.token, { ...verify(), name: "Taken Name" });
    expect(other.statusCode).toBe(200);

    const renamed = await inject("PUT", url(`/${componentId}`), t.token, { name: "  Welcome gate  " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().component).toMatchObject({
      componentId,
      name: "Welcome gate",
      definition: { label: "Verify" },
    });
    expect((await requireComponent(t.ctx, demoGuildId, "welcome GATE")).componentId).toBe(componentId);
    const audit = (await audited("components.edit")).at(-1);
    expect(JSON.parse(String(audit?.summary))).toMatchObject({
      name: "Welcome gate",
      renamedFrom: "rename-me",
    });

    // Another component's name, in any case: refused, and nothing changes (the definition neither).
    const clash = await inject("PUT", url(`/${componentId}`), t.token, {
      name: "taken name",
      definition: { ...verify().definition, label: "Changed" },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().field).toBe("name");
    const kept = (await inject("GET", url()))
      .json()
      .components.find((c: { componentId: string }) => c.componentId === componentId);
    expect(kept).toMatchObject({ name: "Welcome gate", definition: { label: "Verify" } });
    // A body with neither is a 400.
    expect((await inject("PUT", url(`/${componentId}`), t.token, {})).statusCode).toBe(400);

    for (const id of [componentId, other.json().component.componentId]) {
      expect((await inject("DELETE", url(`/${id}`))).statusCode).toBe(200);
    }
  });

  it.each([
    [{ type: "button", name: "" }, "name"],
    [{ type: "widget", name: "x" }, "type"],
    [{ type: "button", name: "a", definition: { label: "x".repeat(81) } }, "definition.label"],
    [{ type: "button", name: "b", definition: { label: "Hi", emoji: "nope" } }, "definition.emoji"],
    [
      { type: "button", name: "c", definition: { label: "Hi", actions: [{ kind: "give_role" }] } },
      "definition.actions.0.roleId",
    ],
    [
      {
        type: "button",
        name: "d",
        definition: { label: "Hi", actions: [{ kind: "send_message", text: "Hi {user.nmae}" }] },
      },
      "definition.actions.0.text",
    ],
    [
      {
        type: "button",
        name: "e",
        definition: { label: "Hi", actions: [{ kind: "post_answers", channelId: "123456789012345678" }] },
      },
      "definition.actions.0.kind",
    ],
    [
      {
        type: "select",
        name: "f",
        definition: { options: [{ label: "A" }, { label: "a" }] },
      },
      "definition.options.1.value",
    ],
    [
      {
        type: "button",
        name: "g",
        definition: {
          label: "Hi",
          actions: Array.from({ length: 6 }, () => ({ kind: "send_message", text: "Hi" })),
        },
      },
      "definition.actions",
    ],
    [
      { type: "button", name: "h", definition: { label: "Hi", options: [{ label: "A" }] } },
      "definition.options",
    ],
  ])("answers 400 naming the field (%j → %s), creating nothing", async (body, field) => {
    const res = await inject("POST", url(), t.token, body);
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.field ?? answer.message.split(":")[0]).toBe(field);
    const names = (await inject("GET", url())).json().components.map((c: { name: string }) => c.name);
    expect(names).toEqual(["verify"]);
  });

  it("builds a form with its fields and answers channel; an edit keeps the fields' ids", async () => {
    const res = await inject("POST", url(), t.token, {
      type: "form",
      name: "apply",
      definition: {
        label: "Apply",
        title: "Staff application",
        fields: [
          { label: "Your age", maxLength: 3 },
          {
            label: "Why us?",
            style: "paragraph",
            required: false,
            minLength: 30,
            placeholder: "A few lines",
          },
        ],
        actions: [{ kind: "post_answers", channelId: general }],
      },
    });
    expect(res.statusCode).toBe(200);
    const { component } = res.json();
    expect(component).toMatchObject({
      type: "form",
      incomplete: null,
      definition: {
        title: "Staff application",
        fields: [
          { id: "f1", label: "Your age", style: "short", required: true, minLength: null, maxLength: 3 },
          {
            id: "f2",
            label: "Why us?",
            style: "paragraph",
            required: false,
            minLength: 30,
            placeholder: "A few lines",
          },
        ],
        actions: [{ kind: "post_answers", channelId: general }],
      },
    });
    const edited = await inject("PUT", url(`/${component.componentId}`), t.token, {
      definition: {
        label: "Apply",
        title: "Staff application",
        fields: [{ id: "f2", label: "Why us?", style: "paragraph" }, { label: "Time zone" }],
        actions: [{ kind: "post_answers", channelId: general }],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().component.definition.fields.map((f: { id: string }) => f.id)).toEqual(["f2", "f3"]);
    const badRange = await inject("PUT", url(`/${component.componentId}`), t.token, {
      definition: { label: "Apply", title: "Form", fields: [{ label: "Age", minLength: 9, maxLength: 3 }] },
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().field).toBe("definition.fields.0.length");
    expect((await inject("DELETE", url(`/${component.componentId}`))).statusCode).toBe(200);
  });

  it("refuses a role the role-safety rule refuses, and a voice channel to post in", async () => {
    const dangerous = await inject("POST", url(), t.token, {
      type: "button",
      name: "power",
      definition: { label: "Power", actions: [{ kind: "give_role", roleId: admin }] },
    });
    expect(dangerous.statusCode).toBe(403);
    const { componentId } = (await inject("GET", url())).json().components[0];
    const voice = await inject("POST", url(`/${componentId}/post`), t.token, { channelId: lounge });
    expect(voice.statusCode).toBe(400);
    expect(voice.json().message).toMatch(/not a text channel/);
  });

  it("won't post for a token holder in a channel they can't post in themselves", async () => {
    // A Manage Server holder (an admin-level token) without Administrator: #rules denies @everyone
    // Send Messages, and their role doesn't give it back.
    const [, holderId] = await demoMembers(t.ctx.storage.db, 2);
    const managers = await t.ctx.discord.createRole(demoGuildId, {
      name: "Server Managers",
      permissions: String(1n << 5n),
    });
    await t.ctx.discord.addMemberRole(demoGuildId, holderId ?? "", managers.id);
    const { token } = await createDashboardToken(t.ctx, {
      serverId: demoGuildId,
      userId: holderId ?? "",
      permission: "admin",
    });
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    const rules = channels.find((channel) => channel.name === "rules")?.id ?? "";
    // A component of its own: the tests after this one count the posted copies of the others.
    const created = await inject("POST", url(), t.token, { ...verify(), name: "post-rights" });
    expect(created.statusCode).toBe(200);
    const { componentId } = created.json().component;
    const postedCount = async () =>
      (await inject("GET", url()))
        .json()
        .components.find((c: { componentId: string }) => c.componentId === componentId).postedCount;
    const refused = await inject("POST", url(`/${componentId}/post`), token, { channelId: rules });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `You can't post in <#${rules}> yourself, so I won't post the component there for you.`,
    );
    expect(await postedCount()).toBe(0);
    // Where they may post, it goes out.
    expect(
      (await inject("POST", url(`/${componentId}/post`), token, { channelId: general })).statusCode,
    ).toBe(200);
    expect(await postedCount()).toBe(1);
    expect((await inject("DELETE", url(`/${componentId}`))).statusCode).toBe(200);
  });

  it("a name already taken is a 409; an unfinished component can't be posted", async () => {
    expect((await inject("POST", url(), t.token, verify())).statusCode).toBe(409);
    const draft = await inject("POST", url(), t.token, { type: "select", name: "draft" });
    expect(draft.statusCode).toBe(200);
    const post = await inject("POST", url(`/${draft.json().component.componentId}/post`), t.token, {
      channelId: general,
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().message).toMatch(/isn't finished/);
  });

  it("a manager reads and previews but can't create, edit, post or delete", async () => {
    const { componentId } = (await inject("GET", url())).json().components[0];
    expect((await inject("POST", url(), managerToken, { type: "button", name: "m" })).statusCode).toBe(403);
    expect((await inject("PUT", url(`/${componentId}`), managerToken, { definition: {} })).statusCode).toBe(
      403,
    );
    expect(
      (await inject("POST", url(`/${componentId}/post`), managerToken, { channelId: general })).statusCode,
    ).toBe(403);
    expect((await inject("DELETE", url(`/${componentId}`), managerToken)).statusCode).toBe(403);
  });

  it("another server's token reaches none of it, nor another server's component by id", async () => {
    const { componentId } = (await inject("GET", url())).json().components[0];
    expect((await inject("GET", url(), otherToken)).statusCode).toBe(403);
    expect((await inject("GET", url(`/${componentId}`), otherToken)).statusCode).toBe(403);
    expect((await inject("DELETE", url(`/${componentId}`), otherToken)).statusCode).toBe(403);
    const viaOwnServer = await inject("GET", url(`/${componentId}`, otherGuildId), otherToken);
    expect(viaOwnServer.statusCode).toBe(404);
    expect((await inject("DELETE", url(`/${componentId}`, otherGuildId), otherToken)).statusCode).toBe(404);
  });

  it("deletes a component: its posted message loses it; deleting again is a 404", async () => {
    const { componentId } = (await inject("GET", url()))
      .json()
      .components.find((c: { name: string }) => c.name === "verify");
    const posted = await t.ctx.storage.db
      .selectFrom("component_messages")
      .select("message_id")
      .where("component_id", "=", componentId)
      .executeTakeFirstOrThrow();
    const res = await inject("DELETE", url(`/${componentId}`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ componentId, stripped: 1 });
    const stripped = await t.ctx.discord.getMessage(general, posted.message_id);
    expect(stripped?.content).toBe("Press to get in");
    expect(stripped?.components ?? []).toEqual([]);
    const deletions = (await audited("components.delete")).map((entry) => JSON.parse(entry.summary ?? "{}"));
    expect(deletions.filter((summary) => summary.componentId === componentId)).toHaveLength(1);
    expect((await inject("DELETE", url(`/${componentId}`))).statusCode).toBe(404);
    expect((await inject("GET", url(`/${componentId}`))).statusCode).toBe(404);
  });
});
