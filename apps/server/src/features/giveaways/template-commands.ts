import {
  createGiveawayTemplateBody,
  formatDurationShort,
  type GiveawaySettings,
  giveawayTemplateLimits,
} from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";
import { actorOf, fitLines, messageIdOf } from "./command-helpers.ts";

import { deleteTemplate, listTemplates, saveTemplate, templateByName } from "./templates.ts";

// `/giveaway template save|list|delete`, and the `template:` option of `/giveaway start`.

const nameOf = (command: CommandContext) => {
  const name = command.options.requireString("name").trim();
  if (!name) throw badRequest("Please give the template a **name**.", "name");
  if (name.length > giveawayTemplateLimits.nameMaxLength) {
    throw badRequest(
      `A template's name must be at most ${giveawayTemplateLimits.nameMaxLength} characters.`,
      "name",
    );
  }
  return name;
};

/** The settings of the template named by `/giveaway start template:`, when one is. */
export async function templateOption(command: CommandContext): Promise<GiveawaySettings | undefined> {
  const name = command.options.string("template")?.trim();
  if (!name) return undefined;
  try {
    return (await templateByName(command.ctx, command.serverId, name)).settings;
  } catch {
    throw badRequest(
      `This server has no giveaway template named “${name.slice(0, 50)}”. See \`/giveaway template list\`.`,
      "template",
    );
  }
}

const save = defineCommand("giveaway template save", async (command) => {
  const body = createGiveawayTemplateBody.parse({
    name: nameOf(command),
    fromGiveawayId: messageIdOf(command),
  });
  const template = await saveTemplate(command.ctx, command.serverId, actorOf(command), body);
  await command.reply({
    content: `💾 Saved **${template.name}**: ${summary(template.settings)}.\nStart it again with \`/giveaway start template:${template.name}\`, or several at once from the dashboard's Giveaways tab.`,
    allowedMentions: {},
  });
});

/** What a template runs with, in one line. */
function summary(settings: GiveawaySettings): string {
  const winners = `${settings.winnerCount} winner${settings.winnerCount === 1 ? "" : "s"}`;
  const prize = settings.prize.length > 60 ? `${settings.prize.slice(0, 59)}…` : settings.prize;
  return `${prize} · ${formatDurationShort(settings.duration)} · ${winners} · <#${settings.channelId}>`;
}

const list = defineCommand("giveaway template list", async (command) => {
  const templates = await listTemplates(command.ctx, command.serverId);
  if (templates.length === 0) {
    await command.reply(
      "This server has no giveaway templates yet. Save one with `/giveaway template save` or from the dashboard.",
    );
    return;
  }
  const lines = templates.map((template) => {
    const name = template.name.replaceAll("*", "\\*");
    return `**${name}**: ${summary(template.settings)}`;
  });
  await command.reply({
    embeds: [
      {
        title: `🎁 Giveaway templates (${templates.length})`,
        description: fitLines(lines, 4000),
        color: 0xf97316,
        footer: { text: "Start one with /giveaway start template:<name>" },
      },
    ],
    allowedMentions: {},
  });
});

const remove = defineCommand("giveaway template delete", async (command) => {
  const name = nameOf(command);
  const template = await templateByName(command.ctx, command.serverId, name).catch(() => {
    throw badRequest(`This server has no giveaway template named “${name}”.`, "name");
  });
  await deleteTemplate(command.ctx, command.serverId, template.id, actorOf(command));
  await command.reply({ content: `🗑️ Deleted the template **${template.name}**.`, allowedMentions: {} });
});

export const templateCommands = [save, list, remove];
