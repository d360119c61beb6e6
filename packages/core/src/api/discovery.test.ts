import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareDiscoveryServers,
  countDiscoveryTags,
  discoveryEntryBody,
  discoveryQuery,
  matchesDiscoveryQuery,
  normaliseInvite,
  normaliseTags,
  tagProblem,
} from "./discovery.ts";

const codeArb = fc.stringMatching(/^[A-Za-z0-9-]{2,32}$/);
const validDescription = "A friendly server for people who like friendly servers.";

describe("normaliseInvite", () => {
  it.each([
    ["https://discord.gg/abc123", "https://discord.gg/abc123"],
    ["https://discord.com/invite/abc123", "https://discord.gg/abc123"],
    ["https://discordapp.com/invite/Ab-12", "https://discord.gg/Ab-12"],
    ["http://www.discord.gg/abc123/", "https://discord.gg/abc123"],
    ["discord.gg/abc123", "https://discord.gg/abc123"],
    ["  https://discord.com/invite/abc123?event=42  ", "https://discord.gg/abc123"],
    ["HTTPS://DISCORD.GG/XyZ", "https://discord.gg/XyZ"],
  ])("reads %s", (input, expected) => {
    expect(normaliseInvite(input)).toBe(expected);
  });

  it.each([
    "",
    "https://discord.gg/",
    "https://discord.gg/a",
    `https://discord.gg/${"a".repeat(33)}`,
    "https://discord.gg/abc_123",
    "https://discord.com/abc123",
    "https://evil.com/discord.gg/abc123",
    "https://discord.gg.evil.com/abc123",
    "https://discord.com/invite/abc/extra",
    "ftp://discord.gg/abc123",
    "not a link",
  ])("refuses %j", (input) => {
    expect(normaliseInvite(input)).toBeNull();
  });

  it("answers the canonical form for every host form and code, and is idempotent", () => {
    const hosts = ["https://discord.gg/", "https://discord.com/invite/", "https://discordapp.com/invite/"];
    fc.assert(
      fc.property(codeArb, fc.constantFrom(...hosts), (code, host) => {
        const normalised = normaliseInvite(`${host}${code}`);
        expect(normalised).toBe(`https://discord.gg/${code}`);
        expect(normaliseInvite(normalised ?? "")).toBe(normalised);
      }),
    );
  });
});

describe("normaliseTags", () => {
  it("splits comma-separated text, trims, lower-cases, drops empties and duplicates", () => {
    expect(normaliseTags(" Gaming, anime ,,ART, gaming ,  Digital   Art ")).toEqual([
      "gaming",
      "anime",
      "art",
      "digital art",
    ]);
  });

  it("treats a list the same way, splitting elements holding commas", () => {
    expect(normaliseTags(["Music", " music", "study,  Lo-Fi", ""])).toEqual(["music", "study", "lo-fi"]);
    expect(normaliseTags(null)).toEqual([]);
  });

  it("is idempotent and never answers duplicates, empties or upper case", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 15 }), (input) => {
        const once = normaliseTags(input);
        expect(normaliseTags(once)).toEqual(once);
        expect(new Set(once).size).toBe(once.length);
        for (const tag of once) {
          expect(tag).not.toBe("");
          expect(tag).toBe(tag.trim());
          expect(tag).toBe(tag.toLowerCase());
          expect(tag).not.toContain(",");
        }
      }),
    );
  });
});

describe("tagProblem", () => {
  it.each(["ab", "gaming", "digital art", "lo-fi", "アニメ", "web3", "a".repeat(24)])("accepts %s", (tag) => {
    expect(tagProblem(tag)).toBeNull();
  });
  it.each(["a", "a".repeat(25), "c++", "#gaming", "-gaming", "gaming-", "emoji🎮"])("refuses %s", (tag) => {
    expect(tagProblem(tag)).not.toBeNull();
  });
});

describe("discoveryEntryBody", () => {
  it("normalises invite and tags and trims the description; tags default to none", () => {
    const parsed = discoveryEntryBody.parse({
      invite: "https://discord.com/invite/ember",
      description: `  ${validDescription}  `,
      tags: "Gaming, Giveaways",
    });
    expect(parsed).toEqual({
      invite: "https://discord.gg/ember",
      description: validDescription,
      tags: ["gaming", "giveaways"],
    });
    expect(
      discoveryEntryBody.parse({ invite: "discord.gg/ember", description: validDescription }).tags,
    ).toEqual([]);
  });

  const issuePath = (body: unknown) =>
    discoveryEntryBody.safeParse(body).error?.issues.map((issue) => issue.path.join("."));

  it("names the failing field", () => {
    expect(issuePath({ invite: "https://example.com/x", description: validDescription })).toEqual(["invite"]);
    expect(issuePath({ invite: "discord.gg/ember", description: "  too short          " })).toEqual([
      "description",
    ]);
    expect(issuePath({ invite: "discord.gg/ember", description: "x".repeat(1001) })).toEqual(["description"]);
    expect(issuePath({ invite: "discord.gg/ember", description: validDescription, tags: "ok, c++" })).toEqual(
      ["tags.1"],
    );
    const eleven = Array.from({ length: 11 }, (_, index) => `tag${index}`);
    expect(issuePath({ invite: "discord.gg/ember", description: validDescription, tags: eleven })).toEqual([
      "tags",
    ]);
    expect(issuePath({ description: validDescription })).toEqual(["invite"]);
  });

  it("accepts exactly 10 tags and descriptions of 20 and 1000 characters", () => {
    const ten = Array.from({ length: 10 }, (_, index) => `tag${index}`);
    expect(
      discoveryEntryBody.safeParse({ invite: "discord.gg/ember", description: "x".repeat(20), tags: ten })
        .success,
    ).toBe(true);
    expect(
      discoveryEntryBody.safeParse({ invite: "discord.gg/ember", description: "x".repeat(1000) }).success,
    ).toBe(true);
  });
});

describe("discoveryQuery", () => {
  it("trims q and refuses more than 100 characters", () => {
    expect(discoveryQuery.parse({ q: "  anime  " }).q).toBe("anime");
    expect(discoveryQuery.safeParse({ q: `  ${"a".repeat(100)}  ` }).success).toBe(true);
    expect(discoveryQuery.safeParse({ q: "a".repeat(101) }).success).toBe(false);
  });
});

const server = (over: Partial<{ name: string; advertised: boolean; premium: boolean; id: string }>) => ({
  id: "100000000000000000",
  name: "Server",
  advertised: false,
  premium: false,
  ...over,
});

describe("compareDiscoveryServers", () => {
  it("puts advertised first, then premium, then by name ignoring case", () => {
    const list = [
      server({ id: "1", name: "zeta" }),
      server({ id: "2", name: "Alpha", premium: true }),
      server({ id: "3", name: "beta" }),
      server({ id: "4", name: "Omega", advertised: true }),
      server({ id: "5", name: "alpha2" }),
      server({ id: "6", name: "Gamma", advertised: true, premium: true }),
    ].sort(compareDiscoveryServers);
    expect(list.map((entry) => entry.name)).toEqual(["Gamma", "Omega", "Alpha", "alpha2", "beta", "zeta"]);
  });

  it("is a consistent total order: advertised before the rest, premium before community", () => {
    const arb = fc.array(
      fc.record({
        id: fc.stringMatching(/^\d{17,19}$/),
        name: fc.string({ maxLength: 12 }),
        advertised: fc.boolean(),
        premium: fc.boolean(),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (servers) => {
        const sorted = servers.toSorted(compareDiscoveryServers);
        const rank = (s: (typeof sorted)[number]) => (s.advertised ? 0 : s.premium ? 1 : 2);
        for (let index = 1; index < sorted.length; index++) {
          const [previous, current] = [sorted[index - 1], sorted[index]];
          if (!previous || !current) continue;
          expect(rank(previous)).toBeLessThanOrEqual(rank(current));
          expect(compareDiscoveryServers(previous, current)).toBeLessThanOrEqual(0);
        }
        expect(servers.toReversed().toSorted(compareDiscoveryServers)).toEqual(
          sorted.length > 0 ? sorted : [],
        );
      }),
    );
  });
});

describe("matchesDiscoveryQuery", () => {
  const pixel = {
    name: "Pixel Forge",
    description: "Survival and modded Minecraft, weekly build battles.",
    tags: ["gaming", "minecraft", "smp"],
  };

  it("finds words in the name, the description or a tag, ignoring case and accents", () => {
    expect(matchesDiscoveryQuery(pixel, "pixel")).toBe(true);
    expect(matchesDiscoveryQuery(pixel, "BUILD")).toBe(true);
    expect(matchesDiscoveryQuery(pixel, "smp")).toBe(true);
    expect(matchesDiscoveryQuery(pixel, "forge minecraft")).toBe(true);
    expect(matchesDiscoveryQuery({ ...pixel, name: "Café Crème" }, "cafe creme")).toBe(true);
    expect(matchesDiscoveryQuery(pixel, "anime")).toBe(false);
    expect(matchesDiscoveryQuery(pixel, "forge anime")).toBe(false);
  });

  it("matches everything with an empty or blank query", () => {
    expect(matchesDiscoveryQuery(pixel, "")).toBe(true);
    expect(matchesDiscoveryQuery(pixel, "   ")).toBe(true);
  });

  it("always finds a server by any part of its name, in any case", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.nat(), fc.nat(), (name, start, length) => {
        const from = start % name.length;
        const part = name.slice(from, from + 1 + (length % (name.length - from)));
        const entry = { name, description: "", tags: [] };
        expect(matchesDiscoveryQuery(entry, part.toUpperCase())).toBe(
          matchesDiscoveryQuery(entry, part.toLowerCase()),
        );
        if (part.trim() !== "" && !/\s/.test(part)) expect(matchesDiscoveryQuery(entry, part)).toBe(true);
      }),
    );
  });
});

describe("countDiscoveryTags", () => {
  it("counts tags, most used first, then alphabetically", () => {
    expect(
      countDiscoveryTags([
        { tags: ["gaming", "anime"] },
        { tags: ["gaming", "art"] },
        { tags: ["art", "gaming", "music"] },
      ]),
    ).toEqual([
      { tag: "gaming", count: 3 },
      { tag: "art", count: 2 },
      { tag: "anime", count: 1 },
      { tag: "music", count: 1 },
    ]);
  });
});
