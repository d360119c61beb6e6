import { botMessagePreview, lotteryOverview } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEventRoutesApp } from "../../../test/fixtures/event-routes.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { takeTickets } from "./service.ts";

// The Events page's lottery: /lottery's service from the dashboard, its caps, its levels.
let app: Awaited<ReturnType<typeof startEventRoutesApp>>;
beforeAll(async () => {
  app = await startEventRoutesApp();
});
afterAll(() => app.t.cleanup());
const base = `/api/lottery/${demoGuildId}`;

describe("the lottery routes", () => {
  it("answers no lottery before the first, and previews the post with the events ping role", async () => {
    const empty = lotteryOverview.parse((await app.call("GET", base)).json());
    expect(empty).toEqual({ lottery: null, tickets: 0, entrants: 0, holders: [] });
    const roles = await app.t.ctx.discord.listRoles(demoGuildId);
    const ping = roles.find((role) => role.name !== "@everyone" && !role.managed)?.id ?? "";
    const setup = await app.call("PUT", `/api/server/${demoGuildId}/setup`, { events: { pingRole: ping } });
    expect(setup.statusCode).toBe(200);
    const preview = await app.call("POST", `${base}/preview`, {
      prize: "Golden Egg",
      duration: 3600,
      maxTickets: 3,
    });
    expect(preview.statusCode).toBe(200);
    const message = botMessagePreview.parse(preview.json());
    expect(message.content).toBe(`<@&${ping}>`);
    expect(message.embeds[0]?.title).toBe("🎟️ Lottery: Golden Egg");
    expect(message.embeds[0]?.description).toContain("Tickets per member: **3**");
    expect(message.components[0]?.[0]).toMatchObject({ label: "Take a ticket" });
  });

  it("starts one like /lottery start (posted, audited), refuses a second, lists holders, draws", async () => {
    const bad = await app.call("POST", base, { prize: "", duration: 3600, channelId: app.events });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("prize");
    const tooMany = await app.call("POST", base, {
      prize: "X",
      duration: 3600,
      maxTickets: 101,
      channelId: app.events,
    });
    expect(tooMany.json().field).toBe("maxTickets");
    const shortTime = await app.call("POST", base, { prize: "X", duration: 59, channelId: app.events });
    expect(shortTime.json().field).toBe("duration");
    const asManager = await app.call(
      "POST",
      base,
      { prize: "X", duration: 3600, channelId: app.events },
      app.manager,
    );
    expect(asManager.statusCode).toBe(403);

    const started = await app.call("POST", base, {
      prize: "Golden Egg",
      duration: 3600,
      maxTickets: 3,
      channelId: app.events,
    });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ prize: "Golden Egg", maxTickets: 3, status: "running" });
    const posts = await app.posted(app.events);
    expect(posts.at(-1)?.embeds[0]?.title).toBe("🎟️ Lottery: Golden Egg");
    const again = await app.call("POST", base, { prize: "Again", duration: 3600, channelId: app.events });
    expect(again.statusCode).toBe(409);

    await takeTickets(app.t.ctx, demoGuildId, app.members[0] ?? "", 3);
    await takeTickets(app.t.ctx, demoGuildId, app.members[1] ?? "", 1);
    const listed = lotteryOverview.parse((await app.call("GET", base, undefined, app.manager)).json());
    expect(listed).toMatchObject({ tickets: 4, entrants: 2 });
    expect(listed.holders.map((holder) => holder.tickets)).toEqual([3, 1]);
    expect(listed.holders[0]?.name).toEqual(expect.any(String));

    const drawn = await app.call("POST", `${base}/draw`);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json()).toMatchObject({ status: "ended", endedBy: "manual" });
    expect([app.members[0], app.members[1]]).toContain(drawn.json().winnerId);
    expect((await app.call("POST", `${base}/draw`)).statusCode).toBe(404);
    const audit = await app.t.ctx.storage.db
      .selectFrom("audit_log")
      .select("action")
      .where("feature", "=", "lottery")
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(["lottery.draw", "lottery.start"]);
  });

  it("another server's token gets 403", async () => {
    expect((await app.call("GET", base, undefined, app.foreign)).statusCode).toBe(403);
    expect((await app.call("POST", `${base}/draw`, undefined, app.foreign)).statusCode).toBe(403);
  });
});
