import type { Bot } from "../../bot/bot.ts";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { describeAction } from "./actions.ts";
import { onComponentButton, onComponentSelect, onFormSubmit } from "./component-handlers.ts";
import { editorOf } from "./editor.ts";
import { onEditorButton, onEditorForm, onEditorSelect } from "./editor-handlers.ts";
import { editorId, editorPanel, editorPrefix } from "./editor-panel.ts";
import { incompleteReason } from "./model.ts";
import { componentPrefix, componentRows } from "./posting.ts";
import {
  countPostedCopies,
  createComponent,
  forgetDeletedCopies,
  requireComponent,
  setManagerRole,
} from "./service.ts";

const editorOfCommand = (command: CommandContext) => editorOf(command.member);

export const componentsCommands = () => [
  defineCommand("components create", async (command) => {
    const component = await createComponent(command.ctx, command.serverId, editorOfCommand(command), {
      type: command.options.requireString("type"),
      name: command.options.requireString("name"),
      channelId: command.options.id("channel") ?? null,
    });
    await command.reply(
      editorPanel(
        component,
        `🛠️ Created **${component.name}**. Build it with the buttons below; every change is saved.`,
      ),
    );
  }),
  defineCommand("components edit", async (command) => {
    const { ctx, serverId } = command;
    const name = command.options.string("component");
    const roleOption = command.options.id("manager_role");
    if (!name && !roleOption) {
      throw badRequest(
        "Name the **component** to edit (or give **manager_role** to set the management role).",
      );
    }
    const notes: string[] = [];
    if (roleOption) {
      if (!hasPermission(command.member, "Manage Server")) {
        throw forbidden("Only members with Manage Server can choose the component-management role.");
      }
      const role = await setManagerRole(ctx, serverId, command.user.id, roleOption);
      notes.push(
        role
          ? `🔑 Members with <@&${role.id}> can now use the \`/components\` admin commands.`
          : "🔑 Cleared the component-management role: only Manage Server members manage components now.",
      );
    }
    if (!name) {
      await command.reply(notes.join("\n"));
      return;
    }
    const component = await requireComponent(ctx, serverId, name);
    await command.reply(
      editorPanel(
        component,
        [...notes, "✏️ Editing: changes are saved and posted copies updated."].join("\n"),
      ),
    );
  }),
  defineCommand("components test", async (command) => {
    const component = await requireComponent(
      command.ctx,
      command.serverId,
      command.options.requireString("component"),
    );
    const missing = incompleteReason(component.type, component.definition);
    if (missing) throw badRequest(`"${component.name}" isn't finished: ${missing}`);
    const { definition } = component;
    const actions =
      component.type === "select"
        ? definition.options.flatMap((option) =>
            option.actions.map((action) => `**${option.label}** → ${describeAction(action)}`),
          )
        : definition.actions.map((action) => describeAction(action));
    await command.reply({
      content: [
        `🧪 Preview of **${component.name}**: using it runs its actions **on you** (roles, messages, answers).`,
        definition.message ? `\n${definition.message}` : "",
      ].join(""),
      embeds: [{ title: "What it does", description: actions.join("\n").slice(0, 4096), color: 0x64748b }],
      components: componentRows(component, true),
    });
  }),
  defineCommand("components delete", async (command) => {
    const component = await requireComponent(
      command.ctx,
      command.serverId,
      command.options.requireString("component"),
    );
    const posted = await countPostedCopies(command.ctx, component);
    await command.reply({
      content: `Delete **${component.name}** (\`${component.componentId}\`)? This can't be undone.${posted > 0 ? ` It is removed from ${posted} posted message${posted === 1 ? "" : "s"}.` : ""}`,
      components: [
        [
          {
            type: "button",
            style: "danger",
            label: "Delete",
            customId: editorId("delete", component.componentId),
          },
          {
            type: "button",
            style: "secondary",
            label: "Keep it",
            customId: editorId("keep", component.componentId),
          },
        ],
      ],
    });
  }),
];

/** Registers the handlers: components by the `cmp:` prefix (so stored components work after restarts). */
export function listenComponents(bot: Bot, ctx: AppContext): () => void {
  bot.onButton(componentPrefix, (interaction) => onComponentButton(ctx, interaction));
  bot.onSelect(componentPrefix, (interaction) => onComponentSelect(ctx, interaction));
  bot.onModal(componentPrefix, (interaction) => onFormSubmit(ctx, interaction));
  bot.onButton(editorPrefix, (interaction) => onEditorButton(ctx, interaction));
  bot.onSelect(editorPrefix, (interaction) => onEditorSelect(ctx, interaction));
  bot.onModal(editorPrefix, (interaction) => onEditorForm(ctx, interaction));
  const stops = [
    bot.events.on("messageDelete", async (event) => {
      await forgetDeletedCopies(ctx, { messageId: event.messageId });
    }),
    bot.events.on("channelDelete", async (event) => {
      await forgetDeletedCopies(ctx, { channelId: event.channelId });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** This feature's slash commands and gateway listeners. */
export const componentsBot: BotFeature = {
  commands: () => componentsCommands(),
  listeners: (bot, ctx) => listenComponents(bot, ctx),
};
