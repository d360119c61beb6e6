import {
  conditionsInUse,
  foldCase,
  type Role,
  relevantRoleCategories,
  type StaticaConfig,
  type StaticaRoleCategory,
  type StaticaServerRole,
  staticaLimits,
} from "@hearth/core";

/** The rewards panel's texts (spec §8). */
export const messages = {
  noRole: "Please configure at least one reward role",
  noKeyword: "Please add at least one status keyword when status detection is enabled",
  loadFailed: "Failed to load Statica configuration",
  nothingToSave: "No configuration to save",
  saveFailed: "Failed to save configuration",
  toggleFailed: "Failed to toggle configuration",
  deleteFailed: "Failed to delete configuration",
  created: "Configuration created successfully!",
  updated: "Configuration updated successfully!",
  deleted: "Configuration deleted successfully!",
} as const;

export const categoryLabels: Record<StaticaRoleCategory, string> = {
  combined: "Combined reward roles",
  serverTag: "Server tag reward roles",
  status: "Status reward roles",
};

/** The save rules of spec §5, checked before anything is sent; null when the configuration may be saved. */
export function saveProblem(config: StaticaConfig | null): string | null {
  if (!config) return messages.nothingToSave;
  const categories = relevantRoleCategories(config);
  if (categories.every((category) => config.roleConfig[category].length === 0)) return messages.noRole;
  const keywords = config.conditions.status.keywords.filter((keyword) => keyword.trim() !== "");
  if (conditionsInUse(config).status && keywords.length === 0) return messages.noKeyword;
  return null;
}

/** The warnings shown while editing: no roles, no keywords (spec §5). */
export function configWarnings(config: StaticaConfig): string[] {
  const warnings: string[] = [];
  if (relevantRoleCategories(config).every((category) => config.roleConfig[category].length === 0)) {
    warnings.push("No reward roles are set: nobody can be rewarded yet.");
  }
  if (conditionsInUse(config).status && config.conditions.status.keywords.length === 0) {
    warnings.push("No status keywords are set: status detection can't match anyone.");
  }
  return warnings;
}

/**
 * Adds a keyword: trimmed; a blank or a duplicate (ignoring case unless case-sensitive) is not
 * added (spec §5). Answers the new list and why nothing was added, if so.
 */
export function addKeyword(
  keywords: readonly string[],
  raw: string,
  caseSensitive: boolean,
): { keywords: string[]; problem: string | null } {
  const keyword = raw.trim();
  if (keyword === "") return { keywords: [...keywords], problem: "Type a keyword first" };
  const key = caseSensitive ? keyword : foldCase(keyword);
  if (keywords.some((existing) => (caseSensitive ? existing : foldCase(existing)) === key)) {
    return { keywords: [...keywords], problem: `"${keyword}" is already in the list` };
  }
  if (keywords.length >= staticaLimits.keywords)
    return { keywords: [...keywords], problem: `At most ${staticaLimits.keywords} keywords` };
  if (keyword.length > staticaLimits.keywordLength) {
    return {
      keywords: [...keywords],
      problem: `A keyword has at most ${staticaLimits.keywordLength} characters`,
    };
  }
  return { keywords: [...keywords, keyword], problem: null };
}

/**
 * Why a role can't be a reward, from Statica's own list of roles: the role-safety rule's reason
 * (judged as the bot gives rewards, with no one asking), else the bot's reach. The bot's reach
 * alone may be fixed later, but the picker offers only what works now. A role missing from that
 * list is one an integration manages: no one can give it.
 */
export function rewardRefusal(
  roles: readonly StaticaServerRole[],
): (role: Pick<Role, "id">) => string | undefined {
  const byId = new Map(roles.map((role) => [role.id, role]));
  return (role) => {
    const reward = byId.get(role.id);
    if (!reward) return "Managed by an integration";
    return reward.unsafeReason ?? (reward.assignable ? undefined : "Hearth can't give it");
  };
}
