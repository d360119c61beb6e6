import { botMessagePreview, raffleOverview } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEventRoutesApp } from "../../../test/fixtures/event-routes.ts";
import { demoGuildId } from "../../../test/helpers.ts";

// The Events page's raffle: /raffle's service from the dashboard, its caps, its levels.
let app: Awaited<ReturnType<typeof startEventRoutesApp>>;
beforeAll(async () => {
  app = await startEventRoutesApp();
});
afterAll(() => app.t.cleanup());
const base = `/api/raffle/${demoGuildId}`;

describe("the raffle routes", () => {
  it("previews the opening post as /raffle start would send it", async () => {
    const preview = await app.call("POST", `${base}/preview`, { prize: "Nitro", winnerCount: 2 });
    expect(preview.statusCode).toBe(200);
    const message = botMessagePreview.parse(preview.json());
    expect(message.embeds[0]?.title).toBe("🎫 Raffle: Nitro");
    expect(message.embeds[0]?.description).toContain("Winners: **2**");
    const bad = await app.call("POST", `${base}/preview`, { prize: "Nitro", winnerCount: 21 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("winnerCount");
  });

  it("opens a raffle, hands out tickets, lists holders and draws the winners (posted, audited)", async () => {
    expect(raffleOverview.parse((await app.call("GET", base)).json()).raffle).toBeNull();
    const opened = await app.call("POST", base, { prize: "Nitro", winnerCount: 2, channelId: app.events });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({ prize: "Nitro", winnerCount: 2, status: "open", winners: [] });
    expect((await app.posted(app.events)).at(-1)?.embeds[0]?.title).toBe("🎫 Raffle: Nitro");
    expect((await app.call("POST", base, { prize: "Two", channelId: app.events })).statusCode).toBe(409);

    const [a = "", b = "", c = ""] = app.members;
    for (const [userId, tickets] of [
      [a, 5],
      [b, 2],
      [c, 1],
      [a, 1],
    ] as const) {
      const added = await app.call("POST", `${base}/tickets`, { userId, tickets });
      expect(added.statusCode).toBe(200);
    }
    const tooMany = await app.call("POST", `${base}/tickets`, { userId: a, tickets: 1001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().field).toBe("tickets");
    const notMember = await app.call("POST", `${base}/tickets`, { userId: "123456789012345678", tickets: 1 });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().field).toBe("userId");
    const asManager = await app.call("POST", `${base}/tickets`, { userId: a, tickets: 1 }, app.manager);
    expect(asManager.statusCode).toBe(403);

    const listed = raffleOverview.parse((await app.call("GET", base, undefined, app.manager)).json());
    expect(listed).toMatchObject({ tickets: 9, holdersCount: 3 });
    expect(listed.holders.map((holder) => [holder.userId, holder.tickets])).toEqual([
      [a, 6],
      [b, 2],
      [c, 1],
    ]);

    const drawn = await app.call("POST", `${base}/draw`);
    expect(drawn.statusCode).toBe(200);
    const winners = drawn.json().raffle.winners as { userId: string; name: string | null }[];
    expect(winners).toHaveLength(2);
    expect(winners.every((winner) => [a, b, c].includes(winner.userId) && winner.name !== null)).toBe(true);
    expect((await app.posted(app.events)).at(-1)?.embeds[0]?.title).toMatch(/Nitro/);
    expect((await app.call("POST", `${base}/draw`)).statusCode).toBe(409);
    const audit = await app.t.ctx.storage.db
      .selectFrom("audit_log")
      .select("action")
      .where("feature", "=", "raffle")
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      "raffle.start",
      "raffle.add",
      "raffle.add",
      "raffle.add",
      "raffle.add",
      "raffle.draw",
    ]);
  });

  it("another server's token gets 403", async () => {
    expect((await app.call("GET", base, undefined, app.foreign)).statusCode).toBe(403);
    const res = await app.call(
      "POST",
      `${base}/tickets`,
      { userId: app.members[0], tickets: 1 },
      app.foreign,
    );
    expect(res.statusCode).toBe(403);
  });
});
