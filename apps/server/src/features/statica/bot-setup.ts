import {
  defaultStaticaConfig,
  relevantRoleCategories,
  type StaticaConfig,
  type StaticaType,
  staticaLimits,
  staticaTypes,
} from "@hearth/core";
import type { Bot } from "../../bot/bot.ts";
import type { CommandContext } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import type { Interaction, InteractionMember } from "../../discord/interaction.ts";
import type { Button, OutgoingMessage, SelectMenu } from "../../discord/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { deleteSetupDraft, findSetupDraft, saveSetupDraft } from "./history.ts";
import { listRewardRoles } from "./roles.ts";
import { createStaticaConfig, updateStaticaConfig } from "./service.ts";
import { findConfig } from "./store.ts";

/**
 * `/statica setup`: the configuration edited in Discord. The member's changes go to a draft (kept
 * in the database, so nothing is lost between clicks or across a restart); Save checks the whole
 * configuration with the same rules as the dashboard and stores it.
 */

const prefix = "statica:setup:";
const ids = {
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
const noLogChannel = "none";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** The roles a draft rewards: the category its detection type uses first. */
function primaryCategory(config: StaticaConfig) {
  return relevantRoleCategories(config)[0] ?? "combined";
}

async function loadDraft(deps: Deps, serverId: string, userId: string) {
  const draft = await findSetupDraft(deps.storage.db, serverId, userId);
  if (draft) return { config: draft, saved: false };
  const stored = await findConfig(deps.storage.db, serverId);
  return { config: stored?.config ?? structuredClone(defaultStaticaConfig), saved: stored !== null };
}

export async function setupPanel(
  deps: Deps,
  serverId: string,
  userId: string,
  notice?: string,
): Promise<OutgoingMessage> {
  const { config, saved } = await loadDraft(deps, serverId, userId);
  const stored = await findConfig(deps.storage.db, serverId);
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
      : `Unsaved changes · rewards are **${stored?.config.enabled ? "on" : "paused"}** with the last saved setup.`,
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

/** Only members who may run `/statica setup` may use its panel. */
function requireManager(member: InteractionMember | null): void {
  if (!member || !hasPermission(member, "Manage Server")) {
    throw forbidden("You need the Manage Server permission to change Statica.");
  }
}

async function editDraft(
  deps: Deps,
  interaction: Interaction,
  change: (config: StaticaConfig) => StaticaConfig,
): Promise<void> {
  const { guildId, member, user } = interaction.data;
  if (!guildId) throw badRequest("Statica is set up in a server.");
  requireManager(member);
  const { config } = await loadDraft(deps, guildId, user.id);
  await saveSetupDraft(deps.storage.db, guildId, user.id, change(structuredClone(config)), Date.now());
  await interaction.update(await setupPanel(deps, guildId, user.id));
}

/** Splits the form's keyword text (commas or new lines) into keywords. */
export function parseKeywordText(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== "");
}

async function save(deps: Deps, interaction: Interaction, enable: boolean): Promise<void> {
  const { guildId, member, user } = interaction.data;
  if (!guildId) throw badRequest("Statica is set up in a server.");
  requireManager(member);
  const { config } = await loadDraft(deps, guildId, user.id);
  const actor = { tokenId: null, userId: user.id };
  const body = { ...config, enabled: enable ? true : config.enabled };
  const exists = (await findConfig(deps.storage.db, guildId)) !== null;
  // The rules are the dashboard's: a failure names the part to fix, and the draft is kept.
  if (exists) await updateStaticaConfig(deps, guildId, actor, body);
  else await createStaticaConfig(deps, guildId, actor, body);
  await deleteSetupDraft(deps.storage.db, guildId, user.id);
  await interaction.update(
    await setupPanel(deps, guildId, user.id, enable ? "Saved. Rewards are on." : "Saved."),
  );
}

export async function runSetupCommand(command: CommandContext): Promise<void> {
  await command.reply(await setupPanel(command.ctx, command.serverId, command.user.id), { ephemeral: true });
}

/** The panel's menus, buttons and keyword form. */
export function listenToSetupPanel(bot: Bot, deps: Deps): void {
  bot.onSelect(ids.type, (interaction) =>
    editDraft(deps, interaction, (config) => {
      const type = interaction.data.values[0];
      if (!staticaTypes.includes(type as StaticaType)) throw badRequest("Choose a detection type.");
      const previous = config.roleConfig[primaryCategory(config)];
      const next = { ...config, type: type as StaticaType };
      // The roles picked so far follow the member to the new type's category.
      const category = primaryCategory(next);
      if (next.roleConfig[category].length === 0) next.roleConfig[category] = [...previous];
      return next;
    }),
  );
  bot.onSelect(ids.roles, (interaction) =>
    editDraft(deps, interaction, (config) => {
      const values = interaction.data.values.filter((value) => value !== "none");
      config.roleConfig[primaryCategory(config)] = values;
      return config;
    }),
  );
  bot.onSelect(ids.log, (interaction) =>
    editDraft(deps, interaction, (config) => {
      const value = interaction.data.values[0];
      config.logging =
        value === undefined || value === noLogChannel
          ? { ...config.logging, enabled: false, channel: null }
          : { ...config.logging, enabled: true, channel: value };
      return config;
    }),
  );
  bot.onButton(ids.combination, (interaction) =>
    editDraft(deps, interaction, (config) => {
      config.conditions.combination = config.conditions.combination === "AND" ? "OR" : "AND";
      return config;
    }),
  );
  bot.onButton(ids.ownTag, (interaction) =>
    editDraft(deps, interaction, (config) => {
      config.conditions.serverTag.requireOwnServer = !config.conditions.serverTag.requireOwnServer;
      return config;
    }),
  );
  bot.onButton(ids.notify, (interaction) =>
    editDraft(deps, interaction, (config) => {
      config.settings.notifyUsers = !config.settings.notifyUsers;
      return config;
    }),
  );
  bot.onButton(ids.keywords, async (interaction) => {
    const { guildId, member, user } = interaction.data;
    if (!guildId) throw badRequest("Statica is set up in a server.");
    requireManager(member);
    const { config } = await loadDraft(deps, guildId, user.id);
    const status = config.conditions.status;
    await interaction.showModal({
      customId: ids.keywordsForm,
      title: "Status keywords",
      fields: [
        {
          customId: "keywords",
          label: "Keywords, separated by commas",
          style: "paragraph",
          required: false,
          maxLength: 4000,
          placeholder: "discord.gg/ourserver, Ember Hollow",
          value: status.keywords.join(", "),
        },
        {
          customId: "match",
          label: "Match: any (one is enough) or all",
          style: "short",
          required: false,
          maxLength: 3,
          value: status.matchType,
        },
        {
          customId: "case",
          label: "Case-sensitive: yes or no",
          style: "short",
          required: false,
          maxLength: 3,
          value: status.caseSensitive ? "yes" : "no",
        },
      ],
    });
  });
  bot.onModal(ids.keywordsForm, (interaction) =>
    editDraft(deps, interaction, (config) => {
      const { fields } = interaction.data;
      const keywords = parseKeywordText(fields.keywords ?? "");
      const tooLong = keywords.find((keyword) => keyword.length > staticaLimits.keywordLength);
      if (tooLong) {
        throw badRequest(
          `"${tooLong.slice(0, 40)}…" is longer than ${staticaLimits.keywordLength} characters; shorten it.`,
        );
      }
      if (keywords.length > staticaLimits.keywords) {
        throw badRequest(`That's ${keywords.length} keywords; the limit is ${staticaLimits.keywords}.`);
      }
      const match = (fields.match ?? "").trim().toLowerCase() || "any";
      if (match !== "any" && match !== "all") throw badRequest('Match must be "any" or "all".');
      const caseText = (fields.case ?? "").trim().toLowerCase() || "no";
      if (!["yes", "no", "y", "n"].includes(caseText))
        throw badRequest('Case-sensitive must be "yes" or "no".');
      config.conditions.status = {
        ...config.conditions.status,
        keywords,
        matchType: match === "all" ? "all" : "any",
        caseSensitive: caseText.startsWith("y"),
      };
      return config;
    }),
  );
  bot.onButton(ids.save, (interaction) => save(deps, interaction, false));
  bot.onButton(ids.saveEnable, (interaction) => save(deps, interaction, true));
  bot.onButton(ids.discard, async (interaction) => {
    const { guildId, member, user } = interaction.data;
    if (!guildId) throw badRequest("Statica is set up in a server.");
    requireManager(member);
    await deleteSetupDraft(deps.storage.db, guildId, user.id);
    await interaction.update(await setupPanel(deps, guildId, user.id, "Changes discarded."));
  });
}
