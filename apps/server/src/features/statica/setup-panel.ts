import {
  relevantRoleCategories,
  type StaticaConfig,
  type StaticaType,
  staticaLimits,
  staticaTypes,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Button, OutgoingMessage, SelectMenu } from "../../discord/port/port.ts";
import { listRewardRoles } from "./roles.ts";
import { findStaticaConfig } from "./service.ts";
import { loadSetupDraft } from "./setup-drafts.ts";

/** The `/statica setup` panel: the member's draft shown with its menus and buttons. */

const prefix = "statica:setup:";
/** The custom ids of the panel's menus, buttons and keyword form. */
export const ids = {
  type: `${prefix}type`,
  roles: `${prefix}roles`,
  log: `${prefix}log`,
  keywords: `${prefix}keywords`,
  keywordsForm: `${prefix}keywords-form`,
  combination: `${prefix}combination`,
  ownTag: `${prefix}own-tag`,
  notify: `${prefix}notify`,
  save: `${prefix}save`,
  saveEnable: `${prefix}save-enable`,
  discard: `${prefix}discard`,
} as const;

const typeLabels: Record<StaticaType, string> = {
  server_tag: "Server tag",
  status: "Status keywords",
  combined: "Server tag and/or status",
};
export const noLogChannel = "none";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** The roles a draft rewards: the category its detection type uses first. */
export function primaryCategory(config: StaticaConfig) {
  return relevantRoleCategories(config)[0] ?? "combined";
}

export async function setupPanel(
  deps: Deps,
  serverId: string,
  userId: string,
  notice?: string,
): Promise<OutgoingMessage> {
  const { config, saved } = await loadSetupDraft(deps, serverId, userId);
  const stored = await findStaticaConfig(deps, serverId);
  const roles = (await listRewardRoles(deps, serverId)).filter((role) => role.assignable && !role.dangerous);
  const channels = (await deps.discord.listChannels(serverId)).filter((c) => c.type === 0 || c.type === 5);
  const category = primaryCategory(config);
  const chosen = new Set(config.roleConfig[category]);
  const status = config.conditions.status;
  const usesStatus = config.type !== "server_tag";
  const usesTag = config.type !== "status";

  const lines = [
    `**Detection:** ${typeLabels[config.type]}${
      config.type === "combined"
        ? config.conditions.combination === "AND"
          ? " (both needed)"
          : " (either is enough)"
        : ""
    }`,
    `**Reward roles:** ${
      config.roleConfig[category].map((id) => `<@&${id}>`).join(", ") || "none yet (pick them below)"
    }`,
  ];
  if (usesTag) {
    lines.push(
      `**Server tag:** ${config.conditions.serverTag.requireOwnServer ? "this server's tag only" : "any server's tag"}`,
    );
  }
  if (usesStatus) {
    lines.push(
      `**Status keywords:** ${status.keywords.length ? status.keywords.map((k) => `\`${k}\``).join(", ") : "none yet"} (${status.matchType === "all" ? "all needed" : "any one is enough"}, ${status.caseSensitive ? "case-sensitive" : "ignoring case"})`,
    );
  }
  lines.push(
    `**Log channel:** ${config.logging.enabled && config.logging.channel ? `<#${config.logging.channel}>` : "none"}`,
    `**DM members on changes:** ${config.settings.notifyUsers ? "yes" : "no"}`,
    "",
    saved
      ? `Saved · rewards are **${config.enabled ? "on" : "paused"}**.`
      : `Unsaved changes · rewards are **${stored?.enabled ? "on" : "paused"}** with the last saved setup.`,
  );
  if (roles.length === 0) {
    lines.push(
      "⚠️ I can't give any role yet: I need **Manage Roles** and a role above the reward roles (and reward roles can't carry dangerous permissions).",
    );
  } else if (roles.length > 25) {
    lines.push("The menu lists the 25 highest roles I can give; use the dashboard for the others.");
  }

  const typeMenu: SelectMenu = {
    type: "select",
    customId: ids.type,
    placeholder: "How members qualify",
    options: staticaTypes.map((type) => ({
      label: typeLabels[type],
      value: type,
      default: type === config.type,
    })),
  };
  const roleOptions = roles.slice(0, 25);
  const roleMenu: SelectMenu = {
    type: "select",
    customId: ids.roles,
    placeholder: "Reward roles",
    minValues: 0,
    maxValues: Math.max(1, Math.min(staticaLimits.rolesPerCategory, roleOptions.length)),
    disabled: roleOptions.length === 0,
    options:
      roleOptions.length > 0
        ? roleOptions.map((role) => ({
            label: role.name.slice(0, 100),
            value: role.id,
            default: chosen.has(role.id),
          }))
        : [{ label: "No role I can give", value: "none" }],
  };
  const logMenu: SelectMenu = {
    type: "select",
    customId: ids.log,
    placeholder: "Log channel",
    options: [
      { label: "No log channel", value: noLogChannel, default: !config.logging.enabled },
      ...channels.slice(0, 24).map((channel) => ({
        label: `#${channel.name}`.slice(0, 100),
        value: channel.id,
        default: config.logging.enabled && config.logging.channel === channel.id,
      })),
    ],
  };
  const toggles: Button[] = [];
  if (usesStatus)
    toggles.push({ type: "button", style: "secondary", label: "Status keywords…", customId: ids.keywords });
  if (config.type === "combined") {
    toggles.push({
      type: "button",
      style: "secondary",
      label: config.conditions.combination === "AND" ? "Need both" : "Either is enough",
      customId: ids.combination,
    });
  }
  if (usesTag) {
    toggles.push({
      type: "button",
      style: "secondary",
      label: config.conditions.serverTag.requireOwnServer ? "Own tag only" : "Any server's tag",
      customId: ids.ownTag,
    });
  }
  toggles.push({
    type: "button",
    style: "secondary",
    label: config.settings.notifyUsers ? "DMs: on" : "DMs: off",
    customId: ids.notify,
  });
  const actions: Button[] = [
    { type: "button", style: "primary", label: "Save", customId: ids.save },
    {
      type: "button",
      style: "success",
      label: "Save and turn on",
      customId: ids.saveEnable,
      disabled: config.enabled && saved,
    },
    { type: "button", style: "danger", label: "Discard changes", customId: ids.discard, disabled: saved },
  ];
  return {
    content: notice,
    embeds: [{ title: "Statica setup", description: lines.join("\n"), color: 0xf97316 }],
    components: [[typeMenu], [roleMenu], [logMenu], toggles, actions],
  };
}
