import { type TriggerMatchMode, type TriggerReplyType, triggerMatchLabels } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type { Embed } from "../../discord/port/port.ts";
import type { BotFeature } from "../feature.ts";
import { TriggerResponder } from "./listener.ts";
import { addTrigger, editTrigger, listServerTriggers, removeTrigger, type TriggerActor } from "./service.ts";

/** Staff (Manage Server or Manage Messages, Administrator included) manage every trigger, unlimited. */
export const isTriggerStaff = (command: CommandContext) =>
  hasPermission(command.member, "Manage Server") || hasPermission(command.member, "Manage Messages");

const actorOf = (command: CommandContext): TriggerActor & { userId: string } => ({
  tokenId: null,
  userId: command.user.id,
  staff: isTriggerStaff(command),
});

const match = (command: CommandContext) => command.options.string("match") as TriggerMatchMode | undefined;
const replyType = (command: CommandContext) =>
  command.options.string("reply") as TriggerReplyType | undefined;
const preview = (text: string, max = 90) =>
  (text.length > max ? `${text.slice(0, max - 1)}…` : text).replace(/\n/g, " ");

export const triggerCommands = () => [
  defineCommand("trigger add", async (command) => {
    const actor = actorOf(command);
    const trigger = await addTrigger(
      command.ctx,
      command.serverId,
      {
        keyword: command.options.requireString("keyword"),
        response: command.options.requireString("response"),
        match: match(command),
        replyType: replyType(command),
        embedTitle: command.options.string("title") ?? null,
      },
      actor,
    );
    const mine = actor.staff ? "" : " It counts toward your own trigger limit.";
    await command.reply(
      `✅ Added the trigger **${trigger.keyword}** (${triggerMatchLabels[trigger.match].toLowerCase()}, ${trigger.replyType} reply).${mine}`,
      { ephemeral: true },
    );
  }),
  defineCommand("trigger edit", async (command) => {
    const title = command.options.string("title");
    const trigger = await editTrigger(
      command.ctx,
      command.serverId,
      command.options.requireString("keyword"),
      {
        keyword: command.options.string("new_keyword"),
        response: command.options.string("response"),
        match: match(command),
        replyType: replyType(command),
        ...(title !== undefined ? { embedTitle: title } : {}),
      },
      actorOf(command),
    );
    await command.reply(
      `✏️ Updated the trigger **${trigger.keyword}** (${triggerMatchLabels[trigger.match].toLowerCase()}, ${trigger.replyType} reply).`,
      { ephemeral: true },
    );
  }),
  defineCommand("trigger remove", async (command) => {
    const trigger = await removeTrigger(
      command.ctx,
      command.serverId,
      command.options.requireString("keyword"),
      actorOf(command),
    );
    await command.reply(`🗑️ Removed the trigger **${trigger.keyword}**.`, { ephemeral: true });
  }),
  defineCommand("trigger list", async (command) => {
    const { triggers, memberLimit } = await listServerTriggers(command.ctx, command.serverId);
    const own = triggers.filter((t) => !t.staff && t.createdBy === command.user.id).length;
    const yours = isTriggerStaff(command)
      ? "You're staff: your triggers are unlimited."
      : `You have ${own} of ${memberLimit} triggers.`;
    if (triggers.length === 0) {
      await command.reply(`This server has no triggers yet. Add one with \`/trigger add\`. ${yours}`, {
        ephemeral: true,
      });
      return;
    }
    const shown = triggers.slice(0, 25);
    const embed: Embed = {
      title: `Triggers (${triggers.length})`,
      description: yours,
      color: 0xf97316,
      fields: shown.map((t) => ({
        name: preview(t.keyword, 200),
        value: `${triggerMatchLabels[t.match]} · ${t.replyType} · ${t.staff ? "staff" : `by <@${t.createdBy}>`}\n${preview(t.response)}`,
      })),
      ...(triggers.length > shown.length
        ? {
            footer: { text: `and ${triggers.length - shown.length} more (see the dashboard's Settings tab)` },
          }
        : {}),
    };
    await command.reply({ embeds: [embed], allowedMentions: {} }, { ephemeral: true });
  }),
];

/** This feature's slash commands and its message listener. */
export const triggersBot: BotFeature = {
  commands: () => triggerCommands(),
  listeners: (bot, ctx) => {
    const responder = new TriggerResponder(ctx);
    return bot.events.on("messageCreate", (message) => responder.onMessage(message));
  },
};
