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

  it("takes LIKE's wildcards literally", async () => {
    const answer = await members("query=%25_");
    expect(answer.members).toEqual([]);
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
