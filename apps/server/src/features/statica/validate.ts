import {
  conditionsInUse,
  relevantRoleCategories,
  reviewKeywords,
  type StaticaConfig,
  staticaRoleCategories,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { requireRoles, requireTextChannel } from "../../discord/validate.ts";
import { badRequest } from "../../lib/errors.ts";
import { botReach, canAssign, dangerousPermissionsOf } from "./roles.ts";

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

  await validateRoles(deps, serverId, config);

  const { logging } = config;
  if (logging.enabled && logging.channel === null) {
    throw badRequest("logging.channel: choose the channel that receives the logs", "logging.channel");
  }
  if (logging.channel !== null) await requireTextChannel(deps, serverId, logging.channel, "logging.channel");

  return normalised;
}

/** Every listed role: of the server, assignable by anyone (not managed), listed once, safe, reachable. */
async function validateRoles(deps: Deps, serverId: string, config: StaticaConfig): Promise<void> {
  const lists = staticaRoleCategories.map((category) => ({
    field: `roleConfig.${category}`,
    ids: config.roleConfig[category],
  }));
  if (lists.every((list) => list.ids.length === 0)) return;
  const resolved = [];
  for (const list of lists) {
    resolved.push({ ...list, roles: await requireRoles(deps, serverId, list.ids, list.field) });
  }
  // Same path convention as requireRoles: a one-role list is named by the list itself.
  const pathOf = (list: { field: string; ids: string[] }, index: number) =>
    list.ids.length === 1 ? list.field : `${list.field}.${index}`;

  for (const list of resolved) {
    list.roles.forEach((role, index) => {
      const dangerous = dangerousPermissionsOf(role);
      if (dangerous.length > 0) {
        const path = pathOf(list, index);
        throw badRequest(
          `${path}: @${role.name} has ${dangerous.join(", ")}; reward roles are given automatically, so they can't carry moderation or admin permissions`,
          path,
        );
      }
    });
  }

  if (!config.settings.requireBotPermissions) return;
  const reach = await botReach(deps, serverId, await deps.discord.listRoles(serverId));
  for (const list of resolved) {
    list.roles.forEach((role, index) => {
      if (canAssign(reach, role)) return;
      const path = pathOf(list, index);
      const why = !reach.canManageRoles
        ? `${reach.botName} needs the Manage Roles permission to give it`
        : `@${role.name} is not below ${reach.botName}'s highest role${reach.highestRole ? ` (@${reach.highestRole.name})` : ""}, so the bot can't give it`;
      throw badRequest(
        `${path}: ${why}; fix the bot's role or turn off settings.requireBotPermissions`,
        path,
      );
    });
  }
}
