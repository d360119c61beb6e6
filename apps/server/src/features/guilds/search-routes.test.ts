import type { DashboardMember, MembersResponse } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discordWith } from "../../../test/fixtures/boards.ts";
import { createTestApp, dialects, type TestApp } from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { searchServerMembers } from "./service.ts";

// The pickers' reads: members searched and paged, roles and channels searchable and paged (issue 28).

describe.each(dialects)("the pickers' reads on %s", (dialect) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { authorization: t.token } });
  const members = async (query: string) =>
    (await get(`/api/dashboard/members?${query}`)).json() as MembersResponse;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.cleanup());

  const demoUsers = () =>
    t.ctx.storage.db
      .selectFrom("sandbox_members as m")
      .innerJoin("sandbox_users as u", "u.id", "m.user_id")
      .select(["u.id", "u.username", "u.global_name", "m.nick"])
      .where("m.guild_id", "=", demoGuildId)
      .orderBy("m.user_id")
      .execute();

  it("finds members by part of their username, display name or nickname, in any case", async () => {
    const users = await demoUsers();
    const someone = users.find((user) => user.username.length >= 5);
    if (!someone) throw new Error("the demo server has no member with a long username");
    const part = someone.username.slice(1, 5).toUpperCase();
    const answer = await members(`query=${encodeURIComponent(part)}&limit=100`);
    expect(answer.note).toBeNull();
    expect(answer.members.map((member) => member.id)).toContain(someone.id);
    for (const member of answer.members) {
      const names = [member.username, member.displayName, member.nick ?? ""].map((name) =>
        name.toLowerCase(),
      );
      expect(names.some((name) => name.includes(part.toLowerCase()))).toBe(true);
    }
    const shown = answer.members.find((member) => member.id === someone.id) as DashboardMember;
    expect(shown.username).toBe(someone.username);
    expect(shown.displayName).toBe(someone.nick ?? someone.global_name ?? someone.username);
  });

  it("pages through every member, each page after the last id of the one before", async () => {
    const all = await demoUsers();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: MembersResponse = await members(`limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(answer.members.length).toBeLessThanOrEqual(3);
      seen.push(...answer.members.map((member) => member.id));
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 1000);
    expect(seen).toEqual(all.map((user) => user.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("pages through a search, matching each of username, display name and nickname on its own", async () => {
    const id = (n: number) => String(1_290_000_000_000_000_000n + BigInt(n));
    const people = [
      { n: 1, username: "QzvxByName", global_name: null, nick: null },
      { n: 2, username: "plain_two", global_name: "The qZVX one", nick: null },
      { n: 3, username: "plain_three", global_name: null, nick: "nick QZVX" },
      { n: 4, username: "plain_four", global_name: "Qzv x", nick: "qz vx" },
      { n: 5, username: "plain_five_qzvx", global_name: null, nick: null },
    ];
    await t.ctx.storage.db
      .insertInto("sandbox_users")
      .values(
        people.map((p) => ({
          id: id(p.n),
          username: p.username,
          global_name: p.global_name,
          avatar: null,
          bot: 0,
          created_at: 0,
          dm_open: 1,
        })),
      )
      .execute();
    await t.ctx.storage.db
      .insertInto("sandbox_members")
      .values(
        people.map((p) => ({
          guild_id: demoGuildId,
          user_id: id(p.n),
          nick: p.nick,
          roles: "[]",
          joined_at: 0,
          timeout_until: null,
        })),
      )
      .execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: MembersResponse = await members(`query=qZvX&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(answer.members.length).toBeLessThanOrEqual(1);
      seen.push(...answer.members.map((member) => member.id));
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(seen).toEqual([1, 2, 3, 5].map(id));
  });

  it("sends the next page's cursor as X-Next-Cursor and documents no X-Total-Count (it doesn't count)", async () => {
    const page = await get("/api/dashboard/members?limit=2");
    expect(page.headers["x-next-cursor"]).toBe((page.json() as MembersResponse).nextCursor);
    expect(page.headers["x-total-count"]).toBeUndefined();
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const headers = doc.paths["/api/dashboard/members"].get.responses["200"].headers;
    expect(Object.keys(headers)).toContain("x-next-cursor");
    expect(Object.keys(headers)).not.toContain("x-total-count");
    expect(Object.keys(headers)).not.toContain("link");
    // Lists that count still document it.
    expect(Object.keys(doc.paths["/api/dashboard/roles"].get.responses["200"].headers)).toContain(
      "x-total-count",
    );
  });

  it("takes LIKE's wildcards literally", async () => {
    const answer = await members("query=%25_");
    expect(answer.members).toEqual([]);
  });

  it("searches the names members have now: joined, nickname changed, renamed, left", async () => {
    const db = t.ctx.storage.db;
    const userId = "1270000000000000001";
    const ids = async (query: string) =>
      (await members(`query=${encodeURIComponent(query)}&limit=25`)).members.map((member) => member.id);
    await db
      .insertInto("sandbox_users")
      .values({
        id: userId,
        username: "quillfeather",
        global_name: null,
        avatar: null,
        bot: 0,
        created_at: 0,
        dm_open: 1,
      })
      .execute();
    await db
      .insertInto("sandbox_members")
      .values({
        guild_id: demoGuildId,
        user_id: userId,
        nick: null,
        roles: "[]",
        joined_at: 0,
        timeout_until: null,
      })
      .execute();
    expect(await ids("LLFEA")).toEqual([userId]);
    await db
      .updateTable("sandbox_members")
      .set({ nick: "Saffron Wick" })
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "=", userId)
      .execute();
    expect(await ids("ron wi")).toEqual([userId]);
    await db
      .updateTable("sandbox_users")
      .set({ username: "inkwell", global_name: "Ink Well" })
      .where("id", "=", userId)
      .execute();
    expect(await ids("quillfeather")).toEqual([]);
    expect(await ids("k wel")).toEqual([userId]);
    expect(await ids("ron wi")).toEqual([userId]);
    await db
      .deleteFrom("sandbox_members")
      .where("guild_id", "=", demoGuildId)
      .where("user_id", "=", userId)
      .execute();
    expect(await ids("k wel")).toEqual([]);
    // A double quote (FTS5's phrase delimiter) is only a letter.
    expect((await get("/api/dashboard/members?query=%22ink%22")).statusCode).toBe(200);
  });

  it("finds a part 2,000 members share in id order, a page at a time (the walk, not the index)", async () => {
    const db = t.ctx.storage.db;
    const id = (n: number) => String(1_280_000_000_000_000_000n + BigInt(n));
    const count = 2100;
    for (let from = 0; from < count; from += 700) {
      const batch = Array.from({ length: Math.min(700, count - from) }, (_, index) => from + index);
      await db
        .insertInto("sandbox_users")
        .values(
          batch.map((n) => ({
            id: id(n),
            username: `crowd_${n}`,
            global_name: n % 2 === 0 ? `Crowd Member ${n}` : null,
            avatar: null,
            bot: 0,
            created_at: 0,
            dm_open: 1,
          })),
        )
        .execute();
      await db
        .insertInto("sandbox_members")
        .values(
          batch.map((n) => ({
            guild_id: demoGuildId,
            user_id: id(n),
            nick: null,
            roles: "[]",
            joined_at: 0,
            timeout_until: null,
          })),
        )
        .execute();
    }
    const first = await members("query=CROWD_&limit=50");
    const expected = Array.from({ length: count }, (_, n) => id(n)).sort();
    expect(first.members.map((member) => member.id)).toEqual(expected.slice(0, 50));
    const next = await members(`query=CROWD_&limit=50&cursor=${first.nextCursor}`);
    expect(next.members.map((member) => member.id)).toEqual(expected.slice(50, 100));
    // A rare part among them still comes from the index, exactly.
    expect((await members("query=crowd_2099&limit=5")).members.map((member) => member.id)).toEqual([
      id(2099),
    ]);
    await db.deleteFrom("sandbox_members").where("user_id", "in", expected).execute();
  });

  it("answers the members behind ids, leaving out one that is not a member", async () => {
    const [first, second] = await demoUsers();
    if (!first || !second) throw new Error("the demo server has too few members");
    const answer = await members(`ids=${first.id},${second.id},123456789012345678`);
    expect(answer.members.map((member) => member.id).sort()).toEqual([first.id, second.id].sort());
  });

  it("refuses bad input with 400 naming the field", async () => {
    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["cursor=abc", "cursor"],
      ["ids=12,34", "ids"],
      [`query=${"x".repeat(101)}`, "query"],
    ] as const) {
      const res = await get(`/api/dashboard/members?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
    const roles = await get("/api/dashboard/roles?limit=0");
    expect(roles.statusCode).toBe(400);
    expect(roles.json().message).toContain("limit");
  });

  it("searches roles by name in any case, and pages them with the list headers", async () => {
    const whole = await get("/api/dashboard/roles");
    const all = whole.json() as { id: string; name: string }[];
    expect(all.length).toBeGreaterThan(3);
    const name = all[1]?.name ?? "";
    const searched = (
      await get(`/api/dashboard/roles?query=${encodeURIComponent(name.toUpperCase())}`)
    ).json() as {
      name: string;
    }[];
    expect(searched.map((role) => role.name)).toContain(name);
    for (const role of searched) expect(role.name.toLowerCase()).toContain(name.toLowerCase());

    const first = await get("/api/dashboard/roles?limit=2");
    expect((first.json() as unknown[]).length).toBe(2);
    expect(first.headers["x-total-count"]).toBe(String(all.length));
    expect(first.headers["x-next-cursor"]).toBe("2");
    const second = (await get("/api/dashboard/roles?limit=2&cursor=2")).json() as { id: string }[];
    expect(second.map((role) => role.id)).toEqual(all.slice(2, 4).map((role) => role.id));
  });

  it("searches channels by name, keeping Discord's order", async () => {
    const all = (await get("/api/dashboard/channels")).json() as { id: string; name: string }[];
    const needle = all.find((channel) => channel.name.length >= 3)?.name.slice(0, 3) ?? "";
    const searched = (await get(`/api/dashboard/channels?query=${needle}`)).json() as {
      id: string;
      name: string;
    }[];
    expect(searched.length).toBeGreaterThan(0);
    expect(searched).toEqual(
      all.filter((channel) => channel.name.toLowerCase().includes(needle.toLowerCase())),
    );
  });
});

describe("a member search Discord fails", () => {
  it("answers an empty list with a note, not an error", async () => {
    const t = await createTestApp();
    try {
      const discord = discordWith(t.ctx.discord, {
        searchMembers: async () => {
          throw new DiscordError("missing_permissions", "Missing Access");
        },
      });
      const answer = await searchServerMembers({ discord }, demoGuildId, { query: "a", limit: 10 });
      expect(answer.members).toEqual([]);
      expect(answer.note).toMatch(/didn't let Hearth list/);
      const timeout = discordWith(t.ctx.discord, {
        searchMembers: async () => {
          throw new DiscordError("unavailable", "timed out");
        },
      });
      expect(
        (await searchServerMembers({ discord: timeout }, demoGuildId, { query: "", limit: 5 })).note,
      ).toMatch(/didn't answer/);
    } finally {
      await t.cleanup();
    }
  });
});
