import { describe, expect, it } from "vitest";
import type { RoleInfo, SelectMenu } from "../../discord/port/port.ts";
import {
  fitLines,
  panelComponents,
  panelEmbed,
  parseReactionRoleMessage,
  parseRoleList,
  RoleListError,
  refusedIn,
} from "./rules.ts";

const guildId = "100000000000000000";
const role = (id: string, name: string, permissions = "0"): RoleInfo => ({
  id,
  guildId,
  name,
  color: 0,
  position: 1,
  permissions,
  managed: false,
});
const roles = [
  role("200000000000000001", "Red"),
  role("200000000000000002", "Blue"),
  role("200000000000000003", "Events Ping"),
];
const panelRoles = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    roleId: `3000000000000000${String(i).padStart(2, "0")}`,
    emoji: null,
  }));

describe("dangerous permissions", () => {
  it.each([
    ["8", ["Administrator"]],
    ["32", ["Manage Server"]],
    ["268435456", ["Manage Roles"]],
    [(8n | 32n | 268435456n).toString(), ["Administrator", "Manage Server", "Manage Roles"]],
    ["6", ["Kick Members", "Ban Members"]],
    ["0", []],
  ])("bits %s are refused as %j", (bits, names) => {
    expect(refusedIn(bits).map((p) => p.name)).toEqual(names);
  });

  it("refuses every permission of the one role-safety list, not only the three it once did", () => {
    expect(refusedIn(String(1n << 40n)).map((p) => p.name)).toEqual(["Timeout Members"]);
    expect(refusedIn(String(1n << 13n)).map((p) => p.name)).toEqual(["Manage Messages"]);
    expect(refusedIn(String(1n << 17n)).map((p) => p.name)).toEqual(["Mention @everyone"]);
  });
});

describe("the panel embed", () => {
  it("lists 15 roles, then how many more are available", () => {
    const embed = panelEmbed({
      title: "Colours",
      description: "Pick one",
      display: "buttons",
      roles: panelRoles(22),
    });
    const lines = (embed.description ?? "").split("\n");
    expect(lines.filter((line) => line.startsWith("• <@&"))).toHaveLength(15);
    expect(lines.at(-1)).toBe("and 7 more available");
    expect(embed.description).toMatch(/^Pick one\n\n/);
  });

  it("shows exactly 15 without the 'more' line, and says when a panel is empty", () => {
    expect(
      panelEmbed({ title: "t", description: null, display: "buttons", roles: panelRoles(15) }).description,
    ).not.toContain("more available");
    expect(panelEmbed({ title: "t", description: null, display: "dropdown", roles: [] }).description).toBe(
      "No roles are available on this panel right now.",
    );
  });
});

describe("the panel components", () => {
  const names = new Map(panelRoles(25).map((r, i) => [r.roleId, `Role ${i}`]));

  it("puts buttons in rows of five, labelled with the role name and emoji", () => {
    const rows = panelComponents(
      {
        id: 7,
        display: "buttons",
        roles: [...panelRoles(22).slice(0, 21), { roleId: "300000000000000021", emoji: "🔴" }],
      },
      names,
    );
    expect(rows.map((row) => row.length)).toEqual([5, 5, 5, 5, 2]);
    expect(rows[0]?.[0]).toMatchObject({
      type: "button",
      label: "Role 0",
      customId: "sr:t:7:300000000000000000",
    });
    expect(rows[4]?.[1]).toMatchObject({ emoji: "🔴", label: "Role 21" });
  });

  it("makes one menu that allows picking none to all", () => {
    const [[menu]] = panelComponents({ id: 3, display: "dropdown", roles: panelRoles(25) }, names) as [
      [SelectMenu],
    ];
    expect(menu).toMatchObject({ type: "select", customId: "sr:s:3", minValues: 0, maxValues: 25 });
    expect(menu.options).toHaveLength(25);
  });
});

describe("reading a role list", () => {
  it("reads mentions, ids, @names with spaces and an emoji before a role", () => {
    expect(parseRoleList("🔴 <@&200000000000000001> 200000000000000002 @Events Ping", roles)).toEqual([
      { roleId: "200000000000000001", emoji: "🔴" },
      { roleId: "200000000000000002", emoji: null },
      { roleId: "200000000000000003", emoji: null },
    ]);
    expect(parseRoleList("<@&200000000000000001><@&200000000000000002>", roles)).toHaveLength(2);
    expect(parseRoleList("<:blob:123456789012345678> <@&200000000000000002>", roles)).toEqual([
      { roleId: "200000000000000002", emoji: "<:blob:123456789012345678>" },
    ]);
  });

  it("names what it can't read", () => {
    expect(() => parseRoleList("<@&200000000000000001> purple", roles)).toThrow(RoleListError);
    expect(() => parseRoleList("@Purple", roles)).toThrow(/role named "Purple"/);
  });
});

describe("reading a reaction-role message", () => {
  const base = { content: "", embeds: [], reactions: [], mentionRoleIds: [] };

  it("pairs emojis with roles line by line, in the content and the embeds", () => {
    const pairs = parseReactionRoleMessage(
      {
        ...base,
        content: "React for a colour!\n🔴 <@&200000000000000001>\n🔵 - @Blue",
        embeds: [{ description: "<:ping:123456789012345678> → <@&200000000000000003>" }],
      },
      roles,
    );
    expect(pairs).toEqual([
      { roleId: "200000000000000001", emoji: "🔴" },
      { roleId: "200000000000000002", emoji: "🔵" },
      { roleId: "200000000000000003", emoji: "<:ping:123456789012345678>" },
    ]);
  });

  it("falls back to pairing the reactions with the mentioned roles in order", () => {
    const pairs = parseReactionRoleMessage(
      {
        ...base,
        content: "Roles: <@&200000000000000001> <@&200000000000000002>",
        mentionRoleIds: ["200000000000000001", "200000000000000002"],
        reactions: [{ emoji: { id: null, name: "🍎" } }, { emoji: { id: "123456789012345678", name: "b" } }],
      },
      roles,
    );
    expect(pairs).toEqual([
      { roleId: "200000000000000001", emoji: "🍎" },
      { roleId: "200000000000000002", emoji: "<:b:123456789012345678>" },
    ]);
  });

  it("reads a line holding only an emoji and a role's exact name", () => {
    const pairs = parseReactionRoleMessage(
      { ...base, content: "Pick one\n🔴 - Red\n**Events Ping** : 🔵\n🟢 Red team only" },
      roles,
    );
    expect(pairs).toEqual([
      { roleId: "200000000000000001", emoji: "🔴" },
      { roleId: "200000000000000003", emoji: "🔵" },
    ]);
  });

  it("pairs reactions with roles mentioned only in an embed, in the order the embed names them", () => {
    const pairs = parseReactionRoleMessage(
      {
        ...base,
        // Discord's mention list leaves out embed mentions; the text order is what members read.
        embeds: [{ description: "Blue <@&200000000000000002>, then Red <@&200000000000000001>" }],
        reactions: [{ emoji: { id: null, name: "🔵" } }, { emoji: { id: null, name: "🔴" } }],
      },
      roles,
    );
    expect(pairs).toEqual([
      { roleId: "200000000000000002", emoji: "🔵" },
      { roleId: "200000000000000001", emoji: "🔴" },
    ]);
  });

  it("finds nothing on a message without roles", () => {
    expect(parseReactionRoleMessage({ ...base, content: "🔴 hello" }, roles)).toEqual([]);
  });
});

describe("fitting lines into a Discord limit", () => {
  const lines = Array.from({ length: 250 }, (_, i) => `• <@&${String(200000000000000000n + BigInt(i))}>`);

  it("keeps every line when they fit", () => {
    expect(fitLines(lines.slice(0, 3), 4000)).toBe(lines.slice(0, 3).join("\n"));
  });

  it("stops before the limit and says how many were left out", () => {
    const text = fitLines(lines, 4000);
    expect(text.length).toBeLessThanOrEqual(4000);
    const shown = text.split("\n");
    const more = Number(/^…and (\d+) more$/.exec(shown.at(-1) ?? "")?.[1]);
    expect(shown.length - 1 + more).toBe(250);
  });
});
