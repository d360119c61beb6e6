import type { StaticaConfig, StaticaRoleCategory } from "../api/statica.ts";

/**
 * Statica's rules: whether a member qualifies for supporter rewards and which reward roles to give
 * or take. Pure functions shared by the API (validation) and the bot (presence and member events).
 */

/** A member's displayed server tag (Discord's "primary guild" identity). */
export interface ServerTagObservation {
  /** The server the tag belongs to. */
  guildId: string;
  /** Whether the member chose to display it. */
  enabled: boolean;
  tag: string | null;
  /** Badge image hash, when the tag has one. */
  badge: string | null;
}

export interface ActivityObservation {
  name: string;
  details?: string | null;
  state?: string | null;
}

/** What the bot sees of a member when checking them. */
export interface MemberObservation {
  serverTag: ServerTagObservation | null;
  /** The text of the custom status, if any. */
  customStatus: string | null;
  /** Other activities (games, listening, streaming…). */
  activities: ActivityObservation[];
}

export interface StaticaEvaluation {
  /** The server-tag condition's result, or null when detection doesn't use it. */
  serverTag: boolean | null;
  /** The status condition's result, or null when detection doesn't use it. */
  status: boolean | null;
  /** The member qualifies under the configured detection type (and combination). */
  qualifies: boolean;
  /** Reward roles the member has earned. */
  earnedRoleIds: string[];
}

/** Which conditions a configuration's detection type uses. */
export function conditionsInUse(config: Pick<StaticaConfig, "type" | "conditions">): {
  serverTag: boolean;
  status: boolean;
} {
  if (config.type === "server_tag") return { serverTag: true, status: false };
  if (config.type === "status") return { serverTag: false, status: true };
  return { serverTag: config.conditions.serverTag.enabled, status: config.conditions.status.enabled };
}

/** The role categories whose roles the configuration gives out. */
export function relevantRoleCategories(
  config: Pick<StaticaConfig, "type" | "conditions" | "settings">,
): StaticaRoleCategory[] {
  if (config.type === "server_tag") return ["serverTag"];
  if (config.type === "status") return ["status"];
  if (!config.settings.separateRoles) return ["combined"];
  const used = conditionsInUse(config);
  return [
    "combined",
    ...(used.serverTag ? (["serverTag"] as const) : []),
    ...(used.status ? (["status"] as const) : []),
  ];
}

/** Every reward role the configuration manages: the roles of its relevant categories, each once. */
export function rewardRoleIds(config: StaticaConfig): string[] {
  return [...new Set(relevantRoleCategories(config).flatMap((category) => config.roleConfig[category]))];
}

/**
 * Lower-cases one code point at a time, without locale rules. Unlike `toLowerCase()` on a whole
 * string (final sigma), this maps a substring of a text to a substring of the text's image, so a
 * case-sensitive match is always a case-insensitive match too.
 */
export function foldCase(text: string): string {
  let folded = "";
  for (const char of text) folded += char.toLowerCase();
  return folded;
}

export interface KeywordReview {
  /** Trimmed, blanks dropped, in order. */
  keywords: string[];
  /** Later keywords repeating an earlier one; `index` and `firstIndex` are positions in the input. */
  duplicates: { index: number; firstIndex: number; keyword: string }[];
}

/** Trims keywords, drops blanks and finds repeats (compared case-insensitively unless `caseSensitive`). */
export function reviewKeywords(raw: readonly string[], caseSensitive: boolean): KeywordReview {
  const keywords: string[] = [];
  const duplicates: KeywordReview["duplicates"] = [];
  const seen = new Map<string, number>();
  raw.forEach((value, index) => {
    const keyword = value.trim();
    if (keyword === "") return;
    const key = caseSensitive ? keyword : foldCase(keyword);
    const firstIndex = seen.get(key);
    if (firstIndex !== undefined) {
      duplicates.push({ index, firstIndex, keyword });
      return;
    }
    seen.set(key, index);
    keywords.push(keyword);
  });
  return { keywords, duplicates };
}

/**
 * Whether the texts hold the keywords: `any` needs one keyword in some text, `all` needs every
 * keyword, each in some text. Blank keywords are ignored; no keywords never matches.
 */
export function matchesKeywords(
  texts: readonly string[],
  keywords: readonly string[],
  options: { matchType: "any" | "all"; caseSensitive: boolean },
): boolean {
  const fold = options.caseSensitive ? (s: string) => s : foldCase;
  const needles = keywords.map((keyword) => fold(keyword.trim())).filter((keyword) => keyword !== "");
  if (needles.length === 0) return false;
  const haystacks = texts.map(fold);
  const found = (needle: string) => haystacks.some((text) => text.includes(needle));
  return options.matchType === "all" ? needles.every(found) : needles.some(found);
}

/** The status texts the condition looks at. */
export function statusTexts(
  condition: Pick<StaticaConfig["conditions"]["status"], "includeCustomStatus" | "includeActivity">,
  member: Pick<MemberObservation, "customStatus" | "activities">,
): string[] {
  const texts: string[] = [];
  if (condition.includeCustomStatus && member.customStatus) texts.push(member.customStatus);
  if (condition.includeActivity) {
    for (const activity of member.activities) {
      for (const text of [activity.name, activity.details, activity.state]) if (text) texts.push(text);
    }
  }
  return texts;
}

export function matchesStatus(
  condition: StaticaConfig["conditions"]["status"],
  member: Pick<MemberObservation, "customStatus" | "activities">,
): boolean {
  return matchesKeywords(statusTexts(condition, member), condition.keywords, condition);
}

/**
 * Whether the member displays a qualifying tag: this server's, or (unless `requireOwnServer`) one of
 * `allowedGuilds`, or any server's when that list is empty; with its badge when `requireBadge`.
 */
export function matchesServerTag(
  condition: StaticaConfig["conditions"]["serverTag"],
  serverId: string,
  tag: ServerTagObservation | null,
): boolean {
  if (!tag?.enabled) return false;
  if (condition.requireBadge && !tag.badge) return false;
  if (tag.guildId === serverId) return true;
  if (condition.requireOwnServer) return false;
  return condition.allowedGuilds.length === 0 || condition.allowedGuilds.includes(tag.guildId);
}

/** Decides whether a member qualifies and which reward roles they have earned. */
export function evaluateMember(
  config: StaticaConfig,
  serverId: string,
  member: MemberObservation,
): StaticaEvaluation {
  const used = conditionsInUse(config);
  const serverTag = used.serverTag
    ? matchesServerTag(config.conditions.serverTag, serverId, member.serverTag)
    : null;
  const status = used.status ? matchesStatus(config.conditions.status, member) : null;
  const results = [serverTag, status].filter((result): result is boolean => result !== null);
  const qualifies =
    results.length > 0 &&
    (config.type !== "combined" || config.conditions.combination === "OR"
      ? results.some(Boolean)
      : results.every(Boolean));

  const earned = new Set<string>();
  const give = (category: StaticaRoleCategory) => {
    for (const roleId of config.roleConfig[category]) earned.add(roleId);
  };
  if (config.type === "server_tag") {
    if (qualifies) give("serverTag");
  } else if (config.type === "status") {
    if (qualifies) give("status");
  } else {
    if (qualifies) give("combined");
    if (config.settings.separateRoles) {
      if (serverTag) give("serverTag");
      if (status) give("status");
    }
  }
  return { serverTag, status, qualifies, earnedRoleIds: [...earned] };
}

/**
 * The role changes that bring a member in line with an evaluation: earned roles they lack are
 * added; reward roles they hold but haven't earned are removed when `removeOnConditionFail`.
 * A disabled configuration changes nothing.
 */
export function planRoleChanges(
  config: StaticaConfig,
  evaluation: Pick<StaticaEvaluation, "earnedRoleIds">,
  heldRoleIds: readonly string[],
): { add: string[]; remove: string[] } {
  if (!config.enabled) return { add: [], remove: [] };
  const held = new Set(heldRoleIds);
  const earned = new Set(evaluation.earnedRoleIds);
  const add = [...earned].filter((roleId) => !held.has(roleId));
  const remove = config.settings.removeOnConditionFail
    ? rewardRoleIds(config).filter((roleId) => held.has(roleId) && !earned.has(roleId))
    : [];
  return { add, remove };
}
