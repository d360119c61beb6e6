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
import { TriggerResponder } from "./listener.ts";
import { addTrigger, findMatchingTrigger } from "./service.ts";

describe.each(dialects)("trigger routes on %s", (dialect) => {
  let t: TestApp;
  let other: { guildId: string; token: string };
  const staff = { tokenId: null, userId: demoOwnerId, staff: true };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const seeded = await seedOtherGuild(t.ctx);
    other = {
      guildId: seeded.guildId,
      token: (await createDashboardToken(t.ctx, { serverId: seeded.guildId, permission: "owner" })).token,
    };
  });
  afterAll(() => t.cleanup());

  const get = (serverId = demoGuildId, token = t.token) =>
    t.app.inject({ method: "GET", url: `/api/triggers/${serverId}`, headers: { authorization: token } });
  const del = (id: number | string, serverId = demoGuildId, token = t.token) =>
    t.app.inject({
      method: "DELETE",
      url: `/api/triggers/${serverId}/${id}`,
      headers: { authorization: token },
    });

  it("lists the server's triggers with the limits, and deletes one with an audit entry", async () => {
    const empty = await get();
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ triggers: [], memberLimit: 3, serverLimit: 200, names: {} });
    const a = await addTrigger(t.ctx, demoGuildId, { keyword: "Heist", response: "Soon" }, staff);
    await addTrigger(
      t.ctx,
      demoGuildId,
      { keyword: "rules", response: "Read", replyType: "embed", embedTitle: "R" },
      staff,
    );
    const list = (await get()).json();
    expect(list.triggers.map((x: { keyword: string }) => x.keyword)).toEqual(["Heist", "rules"]);
    expect(list.triggers[1]).toMatchObject({
      match: "word",
      replyType: "embed",
      embedTitle: "R",
      staff: true,
      createdBy: demoOwnerId,
    });
    const deleted = await del(a.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: a.id });
    expect((await get()).json().triggers).toHaveLength(1);
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({ action: "trigger.remove", summary: { keyword: "Heist", id: a.id } });
    const again = await del(a.id);
    expect(again.statusCode).toBe(404);
  });

  it("names the members who made their own triggers (staff triggers need no name)", async () => {
    const member = { tokenId: null, userId: demoOwnerId, staff: false };
    await addTrigger(t.ctx, demoGuildId, { keyword: "named", response: "Hi" }, member);
    const list = (await get()).json();
    expect(list.names).toEqual({ [demoOwnerId]: "Ember Keeper" });
  });

  it("refuses bad ids, other servers and missing tokens", async () => {
    const mine = await addTrigger(t.ctx, demoGuildId, { keyword: "mine", response: "x" }, staff);
    const bad = await del("abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "Bad Request", field: "id" });
    // Another server's token can't read or delete this server's triggers, by path or by id.
    expect((await get(demoGuildId, other.token)).statusCode).toBe(403);
    expect((await del(mine.id, demoGuildId, other.token)).statusCode).toBe(403);
    expect((await del(mine.id, other.guildId, other.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/triggers/${demoGuildId}` })).statusCode).toBe(401);
    expect((await get()).json().triggers.map((x: { id: number }) => x.id)).toContain(mine.id);
  });

  const send = (method: "POST" | "PATCH", url: string, payload: unknown, token = t.token) =>
    t.app.inject({ method, url, payload: payload as object, headers: { authorization: token } });

  it("creates a staff trigger the bot answers at once, edits it by id, audited both times", async () => {
    const created = await send("POST", `/api/triggers/${demoGuildId}`, {
      keyword: "  Raid   time ",
      response: "Raid starts for {user.name}",
      match: "contains",
    });
    expect(created.statusCode).toBe(201);
    const trigger = created.json();
    expect(trigger).toMatchObject({
      keyword: "Raid time",
      match: "contains",
      replyType: "text",
      embedTitle: null,
      staff: true,
      createdBy: demoOwnerId,
    });
    expect(trigger).not.toHaveProperty("serverId");
    // The cache the bot reads is refreshed: the keyword matches straight away.
    expect((await findMatchingTrigger(t.ctx, demoGuildId, "is it raid time yet?"))?.id).toBe(trigger.id);
    const [added] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(added).toMatchObject({ action: "trigger.add", summary: { keyword: "Raid time", staff: true } });

    const edited = await send("PATCH", `/api/triggers/${demoGuildId}/${trigger.id}`, {
      keyword: "raid",
      replyType: "embed",
      embedTitle: "Raid",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: trigger.id,
      keyword: "raid",
      match: "contains",
      replyType: "embed",
      embedTitle: "Raid",
      response: "Raid starts for {user.name}",
    });
    expect(await findMatchingTrigger(t.ctx, demoGuildId, "is it raid time yet?")).toMatchObject({
      keyword: "raid",
    });
    const [changed] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(changed).toMatchObject({ action: "trigger.edit", summary: { keyword: "raid", id: trigger.id } });
  });

  it("edits a member's trigger too (staff may change any) and keeps it the member's", async () => {
    const [memberId] = await demoMembers(t.ctx.storage.db, 1);
    const own = await addTrigger(
      t.ctx,
      demoGuildId,
      { keyword: "my pet", response: "A cat" },
      { tokenId: null, userId: memberId as string, staff: false },
    );
    const edited = await send("PATCH", `/api/triggers/${demoGuildId}/${own.id}`, { response: "A dog" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ response: "A dog", staff: false, createdBy: memberId });
  });

  it("refuses bad bodies naming the field, duplicates, missing ids and lower levels", async () => {
    const url = `/api/triggers/${demoGuildId}`;
    for (const [body, field] of [
      [{ keyword: "", response: "x" }, "keyword"],
      [{ keyword: "k".repeat(101), response: "x" }, "keyword"],
      [{ keyword: "ok", response: "   " }, "response"],
      [{ keyword: "ok", response: "x".repeat(2001) }, "response"],
      [{ keyword: "ok", response: "{user.nam}" }, "response"],
      [{ keyword: "ok", response: "x", match: "regex" }, "match"],
      [{ keyword: "ok", response: "x", replyType: "embed", embedTitle: "t".repeat(257) }, "embedTitle"],
    ] as const) {
      const res = await send("POST", url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    // An embed's description may be longer than a text reply.
    const long = await send("POST", url, { keyword: "long", response: "x".repeat(3000), replyType: "embed" });
    expect(long.statusCode).toBe(201);
    const dup = await send("POST", url, { keyword: "LONG", response: "again" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe("keyword");
    const second = await send("POST", url, { keyword: "other one", response: "x" });
    const clash = await send("PATCH", `${url}/${second.json().id}`, { keyword: "long" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().field).toBe("keyword");
    expect((await send("PATCH", `${url}/999999`, { response: "x" })).statusCode).toBe(404);

    const [, managerId] = await demoMembers(t.ctx.storage.db, 2);
    const manager = (await createStandingToken(t.ctx, { userId: managerId as string, permission: "manager" }))
      .token;
    expect((await send("POST", url, { keyword: "mgr", response: "x" }, manager)).statusCode).toBe(403);
    expect((await send("PATCH", `${url}/${long.json().id}`, { response: "y" }, manager)).statusCode).toBe(
      403,
    );
    // A preview changes nothing: a manager may see one.
    const preview = await send("POST", `${url}/preview`, { response: "Hi {user.name}" }, manager);
    expect(preview.statusCode).toBe(200);

    // Another server's token: refused on this server's path; its own path doesn't hold this id.
    expect((await send("POST", url, { keyword: "x", response: "x" }, other.token)).statusCode).toBe(403);
    const theirs = `/api/triggers/${other.guildId}/${long.json().id}`;
    expect((await send("PATCH", theirs, { response: "stolen" }, other.token)).statusCode).toBe(404);
    expect((await get()).json().triggers.find((x: { id: number }) => x.id === long.json().id).response).toBe(
      "x".repeat(3000),
    );
  });

  it("previews the reply the bot posts, built by the bot's own reply builder", async () => {
    const url = `/api/triggers/${demoGuildId}/preview`;
    const text = await send("POST", url, { response: "Welcome {user.mention}!" });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toEqual({
      message: { content: `Welcome <@${demoOwnerId}>!`, embeds: [], components: [] },
    });
    const embed = await send("POST", url, { response: "Rules", replyType: "embed", embedTitle: "Read" });
    expect(embed.json().message).toEqual({
      content: "",
      embeds: [{ title: "Read", description: "Rules", color: 0xf97316 }],
      components: [],
    });
    const bad = await send("POST", url, { response: "{nope}" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("response");

    // The bot's answer to the keyword is the same message.
    const saved = await send("POST", `/api/triggers/${demoGuildId}`, {
      keyword: "greetme",
      response: "Welcome {user.mention}!",
    });
    expect(saved.statusCode).toBe(201);
    const sent: unknown[] = [];
    const responder = new TriggerResponder({
      ...t.ctx,
      discord: Object.assign(Object.create(t.ctx.discord), {
        sendMessage: async (_channel: string, message: unknown) => {
          sent.push(message);
          return { id: "1", channelId: "1" };
        },
      }),
    });
    const owner = await t.ctx.discord.getUser(demoOwnerId);
    await responder.onMessage({
      id: "5",
      guildId: demoGuildId,
      channelId: "444444444444444444",
      author: owner as NonNullable<typeof owner>,
      content: "greetme",
      webhookId: null,
      memberRoleIds: [],
    } as never);
    expect(sent).toEqual([
      { content: `Welcome <@${demoOwnerId}>!`, allowedMentions: { users: [demoOwnerId] } },
    ]);
  });
});
