import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  completeStaticaConfig,
  defaultStaticaConfig,
  type StaticaConfig,
  staticaConfig,
} from "../api/statica.ts";
import {
  evaluateMember,
  foldCase,
  type MemberObservation,
  matchesKeywords,
  matchesServerTag,
  planRoleChanges,
  relevantRoleCategories,
  reviewKeywords,
  rewardRoleIds,
  type ServerTagObservation,
  statusTexts,
} from "./rules.ts";

const serverId = "111111111111111111";
const partnerId = "222222222222222222";
const strangerId = "333333333333333333";

const member = (overrides: Partial<MemberObservation> = {}): MemberObservation => ({
  serverTag: null,
  customStatus: null,
  activities: [],
  ...overrides,
});
const ownTag = { guildId: serverId, enabled: true, tag: "EMBR", badge: "abc" };

function config(body: Parameters<typeof completeStaticaConfig>[0] = {}): StaticaConfig {
  return completeStaticaConfig({
    enabled: true,
    roleConfig: { combined: ["c1"], serverTag: ["t1"], status: ["s1"] },
    conditions: { status: { keywords: ["hearth"] } },
    ...body,
  });
}

describe("completeStaticaConfig", () => {
  it("fills an empty body with the spec's defaults", () => {
    const filled = completeStaticaConfig({});
    expect(filled).toEqual(defaultStaticaConfig);
    expect(filled).toMatchObject({
      enabled: false,
      type: "combined",
      conditions: { status: { matchType: "any", caseSensitive: false }, combination: "OR" },
      settings: {
        removeOnLeave: true,
        removeOnConditionFail: true,
        requireBotPermissions: true,
        notifyUsers: false,
        separateRoles: false,
      },
    });
    expect(staticaConfig.parse(filled)).toEqual(filled);
  });

  it("merges nested parts, replaces lists and turns an empty channel into none", () => {
    const filled = completeStaticaConfig({
      conditions: { status: { keywords: ["a"], matchType: "all" } },
      logging: { channel: "", events: { "User Checked": true } },
    });
    expect(filled.conditions.status).toEqual({
      ...defaultStaticaConfig.conditions.status,
      keywords: ["a"],
      matchType: "all",
    });
    expect(filled.logging.channel).toBeNull();
    expect(filled.logging.events).toEqual({ ...defaultStaticaConfig.logging.events, "User Checked": true });
  });

  it("never shares lists with the defaults", () => {
    const filled = completeStaticaConfig({});
    filled.roleConfig.combined.push("x");
    expect(defaultStaticaConfig.roleConfig.combined).toEqual([]);
  });
});

describe("reviewKeywords", () => {
  it("trims, drops blanks and reports repeats case-insensitively by default", () => {
    expect(reviewKeywords([" Hearth ", "", "   ", "ember", "HEARTH"], false)).toEqual({
      keywords: ["Hearth", "ember"],
      duplicates: [{ index: 4, firstIndex: 0, keyword: "HEARTH" }],
    });
  });

  it("keeps different cases apart when case-sensitive", () => {
    expect(reviewKeywords(["Hearth", "hearth", "hearth "], true)).toEqual({
      keywords: ["Hearth", "hearth"],
      duplicates: [{ index: 2, firstIndex: 1, keyword: "hearth" }],
    });
  });

  it("keeps no blanks and no repeats, and loses nothing else", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 })), fc.boolean(), (raw, caseSensitive) => {
        const { keywords, duplicates } = reviewKeywords(raw, caseSensitive);
        const key = (k: string) => (caseSensitive ? k : foldCase(k));
        expect(keywords.every((k) => k === k.trim() && k !== "")).toBe(true);
        expect(new Set(keywords.map(key)).size).toBe(keywords.length);
        const nonBlank = raw.filter((k) => k.trim() !== "").length;
        expect(keywords.length + duplicates.length).toBe(nonBlank);
      }),
    );
  });
});

describe("matchesKeywords", () => {
  const any = { matchType: "any", caseSensitive: false } as const;

  it.each([
    [["Proud member of Ember Hollow"], ["ember hollow"], any, true],
    [["Proud member of Ember Hollow"], ["ember hollow"], { ...any, caseSensitive: true }, false],
    [["discord.gg/emberhollow"], [".gg/emberhollow", "hearth"], any, true],
    [["discord.gg/emberhollow"], [".gg/emberhollow", "hearth"], { ...any, matchType: "all" }, false],
    [["hearth", "gg/emberhollow"], [".gg/emberhollow", "hearth"], { ...any, matchType: "all" }, false],
    [["hearth", ".gg/emberhollow"], [".gg/emberhollow", "hearth"], { ...any, matchType: "all" }, true],
    [[], ["hearth"], any, false],
    [["anything"], [], any, false],
    [["anything"], [], { ...any, matchType: "all" }, false],
    [["anything"], ["  "], any, false],
    [["ΟΣ"], ["σ"], any, true],
  ] as const)("%j with %j (%j) → %s", (texts, keywords, options, expected) => {
    expect(matchesKeywords(texts, keywords, options)).toBe(expected);
  });

  const texts = fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 });
  const keywords = fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 4 });
  const matchType = fc.constantFrom("any" as const, "all" as const);

  it("a case-sensitive match is always a case-insensitive match", () => {
    fc.assert(
      fc.property(texts, keywords, matchType, (t, k, m) => {
        if (matchesKeywords(t, k, { matchType: m, caseSensitive: true })) {
          expect(matchesKeywords(t, k, { matchType: m, caseSensitive: false })).toBe(true);
        }
      }),
    );
  });

  it("case-insensitive matching is case-sensitive matching of folded texts and keywords", () => {
    fc.assert(
      fc.property(texts, keywords, matchType, (t, k, m) => {
        expect(matchesKeywords(t, k, { matchType: m, caseSensitive: false })).toBe(
          matchesKeywords(t.map(foldCase), k.map(foldCase), { matchType: m, caseSensitive: true }),
        );
      }),
    );
  });

  it("matching all keywords implies matching any", () => {
    fc.assert(
      fc.property(texts, keywords, fc.boolean(), (t, k, caseSensitive) => {
        if (matchesKeywords(t, k, { matchType: "all", caseSensitive })) {
          expect(matchesKeywords(t, k, { matchType: "any", caseSensitive })).toBe(true);
        }
      }),
    );
  });

  it("one more keyword never breaks an any-match and never makes an all-match", () => {
    fc.assert(
      fc.property(
        texts,
        keywords,
        fc.string({ minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (t, k, extra, cs) => {
          if (matchesKeywords(t, k, { matchType: "any", caseSensitive: cs })) {
            expect(matchesKeywords(t, [...k, extra], { matchType: "any", caseSensitive: cs })).toBe(true);
          }
          if (k.length > 0 && !matchesKeywords(t, k, { matchType: "all", caseSensitive: cs })) {
            expect(matchesKeywords(t, [...k, extra], { matchType: "all", caseSensitive: cs })).toBe(false);
          }
        },
      ),
    );
  });

  it("a keyword taken from inside a text always matches", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (text, a, b, cs) => {
          const start = a % text.length;
          const keyword = text.slice(start, start + 1 + (b % (text.length - start)));
          fc.pre(keyword.trim() !== "");
          expect(matchesKeywords([text], [keyword], { matchType: "all", caseSensitive: cs })).toBe(true);
        },
      ),
    );
  });
});

describe("statusTexts", () => {
  const observed = member({
    customStatus: "gg/emberhollow",
    activities: [{ name: "Hearthstone", details: "Ranked", state: null }],
  });

  it("looks only where the condition says", () => {
    const status = defaultStaticaConfig.conditions.status;
    expect(statusTexts(status, observed)).toEqual(["gg/emberhollow"]);
    expect(statusTexts({ includeCustomStatus: false, includeActivity: true }, observed)).toEqual([
      "Hearthstone",
      "Ranked",
    ]);
    expect(statusTexts({ includeCustomStatus: false, includeActivity: false }, observed)).toEqual([]);
  });
});

describe("matchesServerTag", () => {
  const condition = defaultStaticaConfig.conditions.serverTag;

  type Case = [string, StaticaConfig["conditions"]["serverTag"], ServerTagObservation | null, boolean];
  it.each<Case>([
    ["own tag", condition, ownTag, true],
    ["no tag", condition, null, false],
    ["tag hidden", condition, { ...ownTag, enabled: false }, false],
    ["another server's tag when own is required", condition, { ...ownTag, guildId: partnerId }, false],
    [
      "an allowed partner's tag",
      { ...condition, requireOwnServer: false, allowedGuilds: [partnerId] },
      { ...ownTag, guildId: partnerId },
      true,
    ],
    [
      "a stranger's tag when partners are listed",
      { ...condition, requireOwnServer: false, allowedGuilds: [partnerId] },
      { ...ownTag, guildId: strangerId },
      false,
    ],
    [
      "own tag when partners are listed",
      { ...condition, requireOwnServer: false, allowedGuilds: [partnerId] },
      ownTag,
      true,
    ],
    [
      "any tag when no server is listed",
      { ...condition, requireOwnServer: false },
      { ...ownTag, guildId: strangerId },
      true,
    ],
    [
      "no badge when one is required",
      { ...condition, requireBadge: true },
      { ...ownTag, badge: null },
      false,
    ],
  ])("%s → %s", (_label, cond, tag, expected) => {
    expect(matchesServerTag(cond, serverId, tag)).toBe(expected);
  });
});

describe("evaluateMember", () => {
  const tagOnly = member({ serverTag: ownTag });
  const statusOnly = member({ customStatus: "I love Hearth" });
  const both = member({ serverTag: ownTag, customStatus: "hearth" });

  it("server_tag detection ignores the status and gives serverTag roles", () => {
    const c = config({ type: "server_tag" });
    expect(evaluateMember(c, serverId, tagOnly)).toEqual({
      serverTag: true,
      status: null,
      qualifies: true,
      earnedRoleIds: ["t1"],
    });
    expect(evaluateMember(c, serverId, statusOnly).qualifies).toBe(false);
  });

  it("status detection ignores the tag and gives status roles", () => {
    const c = config({ type: "status" });
    expect(evaluateMember(c, serverId, statusOnly)).toEqual({
      serverTag: null,
      status: true,
      qualifies: true,
      earnedRoleIds: ["s1"],
    });
    expect(evaluateMember(c, serverId, tagOnly).qualifies).toBe(false);
  });

  it("combined OR needs either condition, AND needs both", () => {
    const or = config();
    const and = config({ conditions: { status: { keywords: ["hearth"] }, combination: "AND" } });
    expect(evaluateMember(or, serverId, tagOnly).earnedRoleIds).toEqual(["c1"]);
    expect(evaluateMember(or, serverId, statusOnly).earnedRoleIds).toEqual(["c1"]);
    expect(evaluateMember(and, serverId, tagOnly).earnedRoleIds).toEqual([]);
    expect(evaluateMember(and, serverId, both).earnedRoleIds).toEqual(["c1"]);
  });

  it("combined ignores a switched-off condition", () => {
    const c = config({
      conditions: { status: { keywords: ["hearth"], enabled: false }, combination: "AND" },
    });
    expect(evaluateMember(c, serverId, tagOnly)).toMatchObject({ status: null, qualifies: true });
  });

  it("separate roles give each condition's roles besides the combined ones", () => {
    const c = config({
      settings: { separateRoles: true },
      conditions: { status: { keywords: ["hearth"] }, combination: "AND" },
    });
    expect(evaluateMember(c, serverId, tagOnly).earnedRoleIds).toEqual(["t1"]);
    expect(evaluateMember(c, serverId, both).earnedRoleIds.toSorted()).toEqual(["c1", "s1", "t1"]);
  });

  const observation = fc.record({
    serverTag: fc.option(
      fc.record({
        guildId: fc.constantFrom(serverId, partnerId, strangerId),
        enabled: fc.boolean(),
        tag: fc.constant("TAG"),
        badge: fc.option(fc.constant("b")),
      }),
    ),
    customStatus: fc.option(fc.constantFrom("hearth", "Ember Hollow", "nothing", "HEARTH fan")),
    activities: fc.array(fc.record({ name: fc.constantFrom("Hearthstone", "Minecraft") }), { maxLength: 2 }),
  });
  const roles = fc.uniqueArray(fc.constantFrom("r1", "r2", "r3", "r4", "r5"), { maxLength: 3 });
  const anyConfig = fc
    .record({
      type: fc.constantFrom("server_tag" as const, "status" as const, "combined" as const),
      combination: fc.constantFrom("OR" as const, "AND" as const),
      tagEnabled: fc.boolean(),
      statusEnabled: fc.boolean(),
      separateRoles: fc.boolean(),
      removeOnConditionFail: fc.boolean(),
      matchType: fc.constantFrom("any" as const, "all" as const),
      caseSensitive: fc.boolean(),
      includeActivity: fc.boolean(),
      combined: roles,
      serverTag: roles,
      status: roles,
    })
    .map((r) =>
      completeStaticaConfig({
        enabled: true,
        type: r.type,
        roleConfig: { combined: r.combined, serverTag: r.serverTag, status: r.status },
        conditions: {
          serverTag: { enabled: r.tagEnabled, requireOwnServer: false, allowedGuilds: [partnerId] },
          status: {
            enabled: r.statusEnabled,
            keywords: ["hearth", "ember"],
            matchType: r.matchType,
            caseSensitive: r.caseSensitive,
            includeActivity: r.includeActivity,
          },
          combination: r.combination,
        },
        settings: { separateRoles: r.separateRoles, removeOnConditionFail: r.removeOnConditionFail },
      }),
    );

  it("OR qualifies whenever AND does", () => {
    fc.assert(
      fc.property(anyConfig, observation, (c, m) => {
        const and = { ...c, conditions: { ...c.conditions, combination: "AND" as const } };
        const or = { ...c, conditions: { ...c.conditions, combination: "OR" as const } };
        if (evaluateMember(and, serverId, m).qualifies) {
          expect(evaluateMember(or, serverId, m).qualifies).toBe(true);
        }
      }),
    );
  });

  it("earns only reward roles, and nothing without qualifying or meeting a condition", () => {
    fc.assert(
      fc.property(anyConfig, observation, (c, m) => {
        const result = evaluateMember(c, serverId, m);
        const reward = new Set(rewardRoleIds(c));
        expect(result.earnedRoleIds.every((roleId) => reward.has(roleId))).toBe(true);
        if (!result.qualifies && !result.serverTag && !result.status)
          expect(result.earnedRoleIds).toEqual([]);
      }),
    );
  });

  it("a role plan never adds and removes the same role, and applying it leaves nothing to do", () => {
    fc.assert(
      fc.property(
        anyConfig,
        observation,
        fc.uniqueArray(fc.constantFrom("r1", "r2", "r3", "x")),
        (c, m, held) => {
          const result = evaluateMember(c, serverId, m);
          const plan = planRoleChanges(c, result, held);
          expect(plan.add.filter((roleId) => plan.remove.includes(roleId))).toEqual([]);
          const after = [...held.filter((roleId) => !plan.remove.includes(roleId)), ...plan.add];
          expect(planRoleChanges(c, result, after)).toEqual({ add: [], remove: [] });
          expect(result.earnedRoleIds.every((roleId) => after.includes(roleId))).toBe(true);
          if (!c.settings.removeOnConditionFail) expect(plan.remove).toEqual([]);
          // Roles Statica doesn't manage are never touched.
          if (held.includes("x")) expect(after).toContain("x");
        },
      ),
    );
  });

  it("a disabled configuration plans nothing", () => {
    const c = { ...config(), enabled: false };
    expect(planRoleChanges(c, { earnedRoleIds: ["c1"] }, ["t1"])).toEqual({ add: [], remove: [] });
  });

  it("takes back unearned reward roles only when removeOnConditionFail", () => {
    const c = config();
    expect(planRoleChanges(c, { earnedRoleIds: [] }, ["c1", "other"])).toEqual({ add: [], remove: ["c1"] });
    const keep = config({ settings: { removeOnConditionFail: false } });
    expect(planRoleChanges(keep, { earnedRoleIds: [] }, ["c1"])).toEqual({ add: [], remove: [] });
  });
});

describe("relevantRoleCategories", () => {
  it.each([
    [{ type: "server_tag" }, ["serverTag"]],
    [{ type: "status" }, ["status"]],
    [{ type: "combined" }, ["combined"]],
    [{ type: "combined", settings: { separateRoles: true } }, ["combined", "serverTag", "status"]],
    [
      { type: "combined", settings: { separateRoles: true }, conditions: { status: { enabled: false } } },
      ["combined", "serverTag"],
    ],
  ] as const)("%j → %j", (body, expected) => {
    expect(relevantRoleCategories(completeStaticaConfig(body))).toEqual(expected);
  });
});
