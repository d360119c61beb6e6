import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandingToken,
  createTestApp,
  demoGuildId,
  dialects,
  seedOtherGuild,
  type TestApp,
} from "../../../test/helpers.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { createDashboardToken } from "../auth/service.ts";

describe.each(dialects)("embed builder routes on %s", (dialect) => {
  let t: TestApp;
  let other: { guildId: string; token: string };
  let channels: Record<string, string>;
  let owner: { username: string };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const seeded = await seedOtherGuild(t.ctx);
    other = {
      guildId: seeded.guildId,
      token: (await createDashboardToken(t.ctx, { serverId: seeded.guildId, permission: "owner" })).token,
    };
    channels = Object.fromEntries((await t.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]));
    owner = (await t.ctx.discord.getUser(demoOwnerId)) as { username: string };
  });
  afterAll(() => t.cleanup());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, token = t.token) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const base = `/api/embeds/${demoGuildId}`;
  const draft = {
    title: "Hi {user.name}",
    description: "Welcome to {server.name}",
    color: "#5865F2",
    fields: [{ name: "Rules", value: "Be kind", inline: true }],
    footer: { text: "Hearth" },
    buttons: [{ label: "Site", url: "https://example.com" }],
  };

  it("previews the message with tags filled for the dashboard's member", async () => {
    const res = await call("POST", `${base}/preview`, { draft, content: "Hey {user.mention}" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({
      content: `Hey <@${demoOwnerId}>`,
      embeds: [
        {
          title: `Hi ${owner.username}`,
          description: "Welcome to Ember Hollow",
          color: 0x5865f2,
          fields: [{ name: "Rules", value: "Be kind", inline: true }],
          footer: { text: "Hearth" },
        },
      ],
      components: [[{ type: "button", style: "link", label: "Site", url: "https://example.com" }]],
    });
  });

  it("sends to a channel, opens the posted message and edits it in place, audited", async () => {
    const sent = await call("POST", `${base}/send`, {
      draft,
      channelId: channels.general,
      content: "Read this",
    });
    expect(sent.statusCode).toBe(201);
    const { messageId, channelId } = sent.json();
    expect(sent.json()).toMatchObject({ channelId: channels.general, edited: false });
    const posted = await t.ctx.discord.getMessage(channelId, messageId);
    expect(posted?.content).toBe("Read this");
    expect(posted?.embeds[0]).toMatchObject({ title: `Hi ${owner.username}`, color: 0x5865f2 });
    const [sendEntry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(sendEntry).toMatchObject({ action: "embed.send", summary: { channelId, messageId } });

    const opened = await call("GET", `${base}/messages/${channelId}/${messageId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      channelId,
      messageId,
      content: "Read this",
      keptEmbeds: 0,
      keptRows: 0,
      draft: {
        title: `Hi ${owner.username}`,
        color: "#5865F2",
        buttons: [{ label: "Site", url: "https://example.com" }],
      },
    });

    const edited = await call("PUT", `${base}/messages/${channelId}/${messageId}`, {
      draft: { ...opened.json().draft, title: "Changed", buttons: [] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ channelId, messageId, edited: true });
    const after = await t.ctx.discord.getMessage(channelId, messageId);
    expect(after?.embeds[0]?.title).toBe("Changed");
    expect(after?.content).toBe("Read this");
    expect(after?.components ?? []).toEqual([]);
    const [editEntry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(editEntry).toMatchObject({ action: "embed.edit", summary: { messageId, title: "Changed" } });
  });

  it("refuses drafts past Discord's limits naming the part, and channels it can't post in", async () => {
    for (const [body, field] of [
      [{ draft: { title: "x".repeat(257) } }, "draft.title"],
      [{ draft: { description: "x".repeat(4097) } }, "draft.description"],
      [{ draft: { fields: Array.from({ length: 26 }, () => ({ name: "a", value: "b" })) } }, "draft.fields"],
      [
        { draft: { title: "a", buttons: [{ label: "x".repeat(81), url: "https://a.io" }] } },
        "draft.buttons.0.label",
      ],
    ] as const) {
      const res = await call("POST", `${base}/preview`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    // Past the 6,000 characters of a whole embed: the builder's own check names the part.
    const total = await call("POST", `${base}/preview`, {
      draft: {
        description: "x".repeat(4096),
        fields: [
          { name: "n", value: "v".repeat(1024) },
          { name: "m", value: "v".repeat(1024) },
        ],
      },
    });
    expect(total.statusCode).toBe(400);
    expect(total.json().message).toContain("6000");
    const tag = await call("POST", `${base}/preview`, { draft: { title: "{user.nam}" } });
    expect(tag.statusCode).toBe(400);
    expect(tag.json().field).toBe("title");
    const link = await call("POST", `${base}/send`, {
      draft: { title: "a", buttons: [{ label: "Go", url: "not a link" }] },
      channelId: channels.general,
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().field).toBe("buttons[0].url");
    const voice = await call("POST", `${base}/send`, { draft: { title: "a" }, channelId: channels.Lounge });
    expect(voice.statusCode).toBe(400);
    expect(voice.json().field).toBe("channel");
  });

  it("opens only Hearth's own messages with an embed; 404 for one that doesn't exist", async () => {
    const mine = await t.ctx.discord.sendMessage(channels.general as string, { content: "no embed" });
    const noEmbed = await call("GET", `${base}/messages/${mine.channelId}/${mine.id}`);
    expect(noEmbed.statusCode).toBe(400);
    expect(noEmbed.json().message).toContain("no embed");
    expect((await call("GET", `${base}/messages/${channels.general}/123456789012345678`)).statusCode).toBe(
      404,
    );
  });

  it("needs admin to send or edit (a manager may preview), and never reaches another server", async () => {
    const [, managerId] = await demoMembers(t.ctx.storage.db, 2);
    const manager = (await createStandingToken(t.ctx, { userId: managerId as string, permission: "manager" }))
      .token;
    const body = { draft: { title: "x" }, channelId: channels.general };
    expect((await call("POST", `${base}/send`, body, manager)).statusCode).toBe(403);
    expect((await call("POST", `${base}/preview`, { draft: { title: "x" } }, manager)).statusCode).toBe(200);
    expect((await call("POST", `${base}/send`, body, other.token)).statusCode).toBe(403);
    // Another server's token on its own path: this server's channel isn't in that server.
    const theirs = await call("POST", `/api/embeds/${other.guildId}/send`, body, other.token);
    expect([400, 403, 404]).toContain(theirs.statusCode);
    const sent = (await call("POST", `${base}/send`, body)).json();
    const peek = await call(
      "GET",
      `/api/embeds/${other.guildId}/messages/${sent.channelId}/${sent.messageId}`,
      undefined,
      other.token,
    );
    expect([400, 404]).toContain(peek.statusCode);
    expect(peek.body).not.toContain('"title":"x"');
  });
  it("lists, saves (audited), replaces and deletes templates; the bot's builder sees the same ones", async () => {
    const listed = await call("GET", `${base}/templates`);
    expect(listed.statusCode).toBe(200);
    const before = listed.json();
    expect(before.builtIn.map((s: { key: string }) => s.key)).toContain("announcement");
    expect(before.limits).toEqual({ max: 50, nameMax: 50 });
    const saved = await call("POST", `${base}/templates`, { name: "  Weekly  news ", draft });
    expect(saved.statusCode).toBe(201);
    const { template, replaced } = saved.json();
    expect(replaced).toBe(false);
    expect(template).toMatchObject({ name: "Weekly news", draft: { title: draft.title } });
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({
      action: "embed.template-save",
      summary: { after: { name: "Weekly news" } },
    });
    // The same name in another case is taken, unless replacing.
    const taken = await call("POST", `${base}/templates`, { name: "weekly NEWS", draft });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe("name");
    const again = await call("POST", `${base}/templates`, {
      name: "weekly news",
      draft: { ...draft, title: "Changed" },
      replace: true,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      replaced: true,
      template: { id: template.id, draft: { title: "Changed" } },
    });
    const { resolveTemplate } = await import("./templates.ts");
    expect((await resolveTemplate(t.ctx, demoGuildId, "WEEKLY NEWS")).draft.title).toBe("Changed");
    const after = (await call("GET", `${base}/templates`)).json();
    expect(after.saved.length).toBe(before.saved.length + 1);

    const removed = await call("DELETE", `${base}/templates/${template.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: template.id });
    expect((await call("DELETE", `${base}/templates/${template.id}`)).statusCode).toBe(404);
    const [deleted] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(deleted).toMatchObject({ action: "embed.template-delete" });
  });

  it("refuses a bad template naming the field; a manager only reads; another server reaches nothing", async () => {
    for (const [body, field] of [
      [{ name: "", draft }, "name"],
      [{ name: "x".repeat(51), draft }, "name"],
      [{ name: "Broken", draft: { ...draft, title: "x".repeat(257) } }, "draft"],
      [{ name: "Broken" }, "draft"],
    ] as const) {
      const res = await call("POST", `${base}/templates`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}`));
    }
    const [managerId] = await demoMembers(t.ctx.storage.db, 1);
    const manager = (
      await createStandingToken(t.ctx, {
        serverId: demoGuildId,
        userId: managerId ?? "",
        permission: "manager",
      })
    ).token;
    expect((await call("GET", `${base}/templates`, undefined, manager)).statusCode).toBe(200);
    expect((await call("POST", `${base}/templates`, { name: "Mine", draft }, manager)).statusCode).toBe(403);
    expect((await call("GET", `${base}/templates`, undefined, other.token)).statusCode).toBe(403);
    expect((await call("POST", `${base}/templates`, { name: "Theirs", draft }, other.token)).statusCode).toBe(
      403,
    );
    expect((await call("DELETE", `${base}/templates/1`, undefined, other.token)).statusCode).toBe(403);
  });
});
