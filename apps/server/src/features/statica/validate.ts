import {
  conditionsInUse,
  relevantRoleCategories,
  reviewKeywords,
  type StaticaConfig,
  staticaRoleCategories,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { requireRoles, requireTextChannel } from "../../discord/port/validate.ts";
import { describeRefusal, judgeRole, loadActor, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { badRequest } from "../../lib/errors.ts";

type Deps = Pick<AppContext, "discord">;

/** The dashboard's own wording for its two save rules (spec §5). */
export const noRewardRoleMessage = "Please configure at least one reward role";
export const noKeywordMessage = "Please add at least one status keyword when status detection is enabled";

/**
 * Checks a complete configuration against the rules and the server, and answers it normalised
 * (keywords trimmed, blanks dropped). Every failure is a 400 naming the field.
 */
export async function validateStaticaConfig(
  deps: Deps,
  serverId: string,
  config: StaticaConfig,
  actorId: string | null = null,
): Promise<StaticaConfig> {
  const status = config.conditions.status;
  const review = reviewKeywords(status.keywords, status.caseSensitive);
  const [duplicate] = review.duplicates;
  if (duplicate) {
    const field = `conditions.status.keywords.${duplicate.index}`;
    throw badRequest(
      `${field}: "${duplicate.keyword}" repeats keyword ${duplicate.firstIndex + 1}${status.caseSensitive ? "" : " (keywords are compared ignoring case)"}`,
      field,
    );
  }
  const normalised: StaticaConfig = {
    ...config,
    conditions: { ...config.conditions, status: { ...status, keywords: review.keywords } },
  };

  const allowed = config.conditions.serverTag.allowedGuilds;
  const repeated = allowed.findIndex((guildId, index) => allowed.indexOf(guildId) !== index);
  if (repeated >= 0) {
    const field = `conditions.serverTag.allowedGuilds.${repeated}`;
    throw badRequest(`${field}: server ${allowed[repeated]} is listed twice`, field);
  }

  const used = conditionsInUse(config);
  if (!used.serverTag && !used.status) {
    throw badRequest(
      "conditions: combined detection needs the server tag condition, the status condition or both turned on",
      "conditions",
    );
  }

  const categories = relevantRoleCategories(config);
  if (categories.every((category) => config.roleConfig[category].length === 0)) {
    const field = categories.length === 1 ? `roleConfig.${categories[0]}` : "roleConfig";
    throw badRequest(`${field}: ${noRewardRoleMessage}`, field);
  }

  if (used.status && review.keywords.length === 0) {
    throw badRequest(`conditions.status.keywords: ${noKeywordMessage}`, "conditions.status.keywords");
  }
  if (used.status && !status.includeCustomStatus && !status.includeActivity) {
    throw badRequest(
      "conditions.status.includeCustomStatus: status detection needs the custom status, activities or both to look at",
      "conditions.status.includeCustomStatus",
    );
  }

  await validateRoles(deps, serverId, config, actorId);

  const { logging } = config;
  if (logging.enabled && logging.channel === null) {
    throw badRequest("logging.channel: choose the channel that receives the logs", "logging.channel");
  }
  if (logging.channel !== null) await requireTextChannel(deps, serverId, logging.channel, "logging.channel");

  return normalised;
}

/**
 * Every listed role: of the server, listed once, and allowed by the role-safety rule for the person
 * saving. The bot's reach (Manage Roles, a role above the rewards) is waived while
 * `settings.requireBotPermissions` is off, so a setup can be saved before the bot's role is fixed;
 * the rule is applied again whenever a reward is given.
 */
async function validateRoles(
  deps: Deps,
  serverId: string,
  config: StaticaConfig,
  actorId: string | null,
): Promise<void> {
  const lists = staticaRoleCategories.map((category) => ({
    field: `roleConfig.${category}`,
    ids: config.roleConfig[category],
  }));
  if (lists.every((list) => list.ids.length === 0)) return;
  for (const list of lists) await requireRoles(deps, serverId, list.ids, list.field);
  const scene = await loadRoleScene(deps, serverId);
  const actor = actorId ? await loadActor(deps, serverId, actorId) : undefined;
  const botReach = new Set(["bot-cannot-manage-roles", "above-bot"]);
  for (const list of lists) {
    list.ids.forEach((roleId, index) => {
      // Same path convention as requireRoles: a one-role list is named by the list itself.
      const path = list.ids.length === 1 ? list.field : `${list.field}.${index}`;
      const verdict = judgeRole(scene, roleId, actor);
      if (verdict.safe) return;
      const reach = botReach.has(verdict.refusal);
      if (reach && !config.settings.requireBotPermissions) return;
      throw badRequest(
        `${path}: ${describeRefusal(verdict, roleId)}${reach ? "; fix the bot's role or turn off settings.requireBotPermissions" : ""}`,
        path,
      );
    });
  }
}
