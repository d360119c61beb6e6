import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComponentsFixture, openComponentsFixture } from "../../../test/fixtures/message-components.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import type { Action } from "./model.ts";
import { runActions } from "./run.ts";

let f: ComponentsFixture;

beforeAll(async () => {
  f = await openComponentsFixture();
});
afterAll(async () => {
  await f.test.cleanup();
});

describe("actions", () => {
  it("give, take and toggle a role", async () => {
    const ping = f.role("Events Ping");
    const run = (action: Action) =>
      f
        .member()
        .then((m) => runActions(f.test.ctx, [action], { serverId: demoGuildId, channelId: null, member: m }));
    if (await f.hasRole(ping)) await f.test.ctx.discord.removeMemberRole(demoGuildId, f.memberId, ping);
    expect((await run({ kind: "give_role", roleId: ping })).lines[0]).toContain("Gave you");
    expect(await f.hasRole(ping)).toBe(true);
    expect((await run({ kind: "give_role", roleId: ping })).lines[0]).toContain("already have");
    expect((await run({ kind: "toggle_role", roleId: ping })).lines[0]).toContain("Took");
    expect(await f.hasRole(ping)).toBe(false);
    expect((await run({ kind: "take_role", roleId: ping })).lines[0]).toContain("don't have");
    expect((await run({ kind: "toggle_role", roleId: ping })).lines[0]).toContain("Gave you");
    expect((await run({ kind: "take_role", roleId: ping })).lines[0]).toContain("Took");
  });

  it("sends messages here, in a channel, or privately, with template tags rendered", async () => {
    const here = f.channel("general");
    const there = f.channel("bot-commands");
    const outcome = await runActions(
      f.test.ctx,
      [
        { kind: "send_message", text: "Hi {user.mention} from {server.name}", target: "here" },
        { kind: "send_message", text: "Logged {user.id}", target: there },
        { kind: "send_message", text: "Only you see {user.mention}", target: "private" },
      ],
      { serverId: demoGuildId, channelId: here, member: await f.member() },
    );
    expect(outcome.failures).toBe(0);
    expect(outcome.privateMessages).toEqual([`Only you see <@${f.memberId}>`]);
    const sent = await f.test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select(["channel_id", "content"])
      .where("content", "in", [`Hi <@${f.memberId}> from Ember Hollow`, `Logged ${f.memberId}`])
      .execute();
    expect(sent.map((m) => m.channel_id).sort()).toEqual([here, there].sort());
  });

  it("one failing action is reported while the others still run", async () => {
    const ping = f.role("Giveaway Ping");
    const outcome = await runActions(
      f.test.ctx,
      [
        { kind: "give_role", roleId: f.role("Owner") },
        { kind: "send_message", text: "x", target: "999999999999" },
        { kind: "give_role", roleId: ping },
      ],
      { serverId: demoGuildId, channelId: null, member: await f.member() },
    );
    expect(outcome.failures).toBe(2);
    expect(outcome.lines[0]).toMatch(/^⚠️ Give a role: .*highest role/);
    expect(outcome.lines[1]).toMatch(/^⚠️ Send a message/);
    expect(outcome.lines[2]).toContain("Gave you");
    expect(await f.hasRole(ping)).toBe(true);
  });
});
