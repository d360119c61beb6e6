import type { Bot } from "../../bot/bot.ts";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import type {
  ButtonInteraction,
  InteractionMember,
  ModalInteraction,
  SelectInteraction,
} from "../../discord/interaction.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { addAction, describeAction } from "./actions.ts";
import {
  applyEditorForm,
  checkEditorAccess,
  componentForEditor,
  editorOf,
  finish,
  postFromEditor,
  removeItem,
} from "./editor.ts";
import { editorModal } from "./editor-modals.ts";
import { editorId, editorPanel, editorPrefix, parseEditorId } from "./editor-panel.ts";
import { formModal, readAnswers } from "./forms.ts";
import { type ActionKind, actionKinds, incompleteReason } from "./model.ts";
import { componentPrefix, componentRows, parseComponentCustomId } from "./posting.ts";
import { componentForUse, outcomeReply, resolveTrigger, runActions } from "./run.ts";
import { createComponent, deleteComponent, requireComponent, setManagerRole } from "./service.ts";
import { forgetPosted, listPosted } from "./store.ts";

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
    const posted = await listPosted(command.ctx.storage.db, component.componentId);
    await command.reply({
      content: `Delete **${component.name}** (\`${component.componentId}\`)? This can't be undone.${posted.length > 0 ? ` It is removed from ${posted.length} posted message${posted.length === 1 ? "" : "s"}.` : ""}`,
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

function inServer(data: { guildId: string | null; member: InteractionMember | null }) {
  if (!data.guildId || !data.member) throw badRequest("Components work inside a server.");
  return { serverId: data.guildId, member: data.member };
}

// ---------------------------------------------------------------- members using components

async function onComponentButton(ctx: AppContext, interaction: ButtonInteraction) {
  const parsed = parseComponentCustomId(interaction.data.customId);
  if (!parsed) throw notFound("This component was deleted.");
  const { serverId, member } = inServer(interaction.data);
  const component = await componentForUse(ctx, parsed.componentId, serverId);
  const trigger = await resolveTrigger(ctx, component, null);
  if ("form" in trigger) {
    await interaction.showModal(formModal(trigger.form, parsed.test));
    return;
  }
  const outcome = await runActions(ctx, trigger.actions, {
    serverId,
    channelId: interaction.data.channelId,
    member,
  });
  await interaction.reply(outcomeReply(outcome, parsed.test), { ephemeral: true });
}

async function onComponentSelect(ctx: AppContext, interaction: SelectInteraction) {
  const parsed = parseComponentCustomId(interaction.data.customId);
  if (!parsed) throw notFound("This component was deleted.");
  const { serverId, member } = inServer(interaction.data);
  const component = await componentForUse(ctx, parsed.componentId, serverId);
  const value = interaction.data.values[0];
  if (value === undefined) throw badRequest("Pick an option.");
  const trigger = await resolveTrigger(ctx, component, value);
  if ("form" in trigger) {
    await interaction.showModal(formModal(trigger.form, parsed.test));
    return;
  }
  if (trigger.actions.length === 0) {
    await interaction.reply("Nothing is set up for that choice yet.", { ephemeral: true });
    return;
  }
  const outcome = await runActions(ctx, trigger.actions, {
    serverId,
    channelId: interaction.data.channelId,
    member,
  });
  await interaction.reply(outcomeReply(outcome, parsed.test), { ephemeral: true });
}

async function onFormSubmit(ctx: AppContext, interaction: ModalInteraction) {
  const parsed = parseComponentCustomId(interaction.data.customId);
  if (!parsed) throw notFound("This form was deleted.");
  const { serverId, member } = inServer(interaction.data);
  const form = await componentForUse(ctx, parsed.componentId, serverId).catch(() => {
    throw notFound("This form was deleted.");
  });
  if (form.type !== "form") throw notFound("This form was deleted.");
  const answers = readAnswers(form, interaction.data.fields);
  const outcome = await runActions(ctx, form.definition.actions, {
    serverId,
    channelId: interaction.data.channelId,
    member,
    form: { component: form, answers },
  });
  await interaction.reply(outcomeReply(outcome, parsed.test), { ephemeral: true });
}

// ---------------------------------------------------------------- the builder

async function editorTarget(
  ctx: AppContext,
  data: { customId: string; guildId: string | null; member: InteractionMember | null },
) {
  const parsed = parseEditorId(data.customId);
  if (!parsed) throw badRequest("This builder panel is out of date; run `/components edit` again.");
  const { serverId, member } = inServer(data);
  await checkEditorAccess(ctx, serverId, member);
  const component = await componentForEditor(ctx, serverId, parsed.componentId);
  return { ...parsed, component, member };
}

async function onEditorButton(ctx: AppContext, interaction: ButtonInteraction) {
  const { step, extra, component } = await editorTarget(ctx, interaction.data);
  if (step === "look" || step === "option" || step === "field" || step === "post") {
    await interaction.showModal(editorModal(component, step));
  } else if (step === "page") {
    await interaction.update(editorPanel(component, null, Number(extra ?? 0)));
  } else if (step === "done") {
    const notice = await finish(ctx, component);
    await interaction.update(editorPanel(component, notice));
  } else if (step === "delete") {
    const stripped = await deleteComponent(ctx, component);
    await interaction.update({
      content: `🗑️ Deleted **${component.name}**.${stripped > 0 ? ` Removed it from ${stripped} posted message${stripped === 1 ? "" : "s"}.` : ""}`,
      embeds: [],
      components: [],
    });
  } else if (step === "keep") {
    await interaction.update({ content: `Kept **${component.name}**.`, embeds: [], components: [] });
  } else {
    throw badRequest("This builder panel is out of date; run `/components edit` again.");
  }
}

async function onEditorSelect(ctx: AppContext, interaction: SelectInteraction) {
  const { step, extra, component } = await editorTarget(ctx, interaction.data);
  const value = interaction.data.values[0] ?? "";
  if (step === "action") {
    if (!(actionKinds as readonly string[]).includes(value))
      throw badRequest("Pick an action from the menu.");
    await interaction.showModal(editorModal(component, "act", value as ActionKind));
  } else if (step === "editfield") {
    await interaction.showModal(editorModal(component, "field", undefined, value));
  } else if (step === "remove") {
    const { component: current, removed } = await removeItem(ctx, component, value);
    const notice = removed
      ? "🗑️ Removed."
      : "⚠️ That item changed since this menu was shown; here is the current list. Pick again if you still want it gone.";
    await interaction.update(editorPanel(current, notice, Number(extra ?? 0)));
  } else {
    throw badRequest("This builder panel is out of date; run `/components edit` again.");
  }
}

async function onEditorForm(ctx: AppContext, interaction: ModalInteraction) {
  const { step, extra, component, member } = await editorTarget(ctx, interaction.data);
  const { fields } = interaction.data;
  if (step === "act") {
    const updated = await addAction(ctx, component, editorOf(member), {
      kind: extra ?? "",
      option: fields.option ?? null,
      role: fields.role ?? null,
      text: fields.text ?? null,
      target: fields.target ?? null,
      form: fields.form ?? null,
      channel: fields.channel ?? null,
    });
    await interaction.update(editorPanel(updated, "⚡ Action added."));
    return;
  }
  if (step === "post") {
    const notice = await postFromEditor(ctx, component, member, fields.channel ?? "");
    await interaction.update(editorPanel(component, notice));
    return;
  }
  const fieldId = step === "field" ? extra : null;
  const { component: updated, notice } = await applyEditorForm(ctx, component, step, fields, fieldId);
  await interaction.update(editorPanel(updated, notice));
}

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
      await forgetPosted(ctx.storage.db, { messageId: event.messageId });
    }),
    bot.events.on("channelDelete", async (event) => {
      await forgetPosted(ctx.storage.db, { channelId: event.channelId });
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
