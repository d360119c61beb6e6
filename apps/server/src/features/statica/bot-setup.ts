import { type StaticaConfig, type StaticaType, staticaLimits, staticaTypes } from "@hearth/core";
import type { Bot } from "../../bot/bot.ts";
import type { CommandContext } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import type { Interaction, InteractionMember } from "../../discord/port/interaction.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { discardSetupDraft, editSetupDraft, loadSetupDraft, saveSetupDraftAsConfig } from "./setup-drafts.ts";
import { ids, noLogChannel, primaryCategory, setupPanel } from "./setup-panel.ts";

/**
 * `/statica setup`: the configuration edited in Discord. Each menu, button and form of the panel
 * changes the member's draft (setup-drafts.ts) and shows the panel again; Save stores it.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

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
  await editSetupDraft(deps, guildId, user.id, change);
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
  // The rules are the dashboard's: a failure names the part to fix, and the draft is kept.
  await saveSetupDraftAsConfig(deps, guildId, user.id, enable);
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
    const { config } = await loadSetupDraft(deps, guildId, user.id);
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
    await discardSetupDraft(deps, guildId, user.id);
    await interaction.update(await setupPanel(deps, guildId, user.id, "Changes discarded."));
  });
}
