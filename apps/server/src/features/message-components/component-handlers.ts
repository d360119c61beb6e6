import type { AppContext } from "../../context.ts";
import type {
  ButtonInteraction,
  InteractionMember,
  ModalInteraction,
  SelectInteraction,
} from "../../discord/port/interaction.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { formModal, readAnswers } from "./forms.ts";
import { parseComponentCustomId } from "./posting.ts";
import { componentForUse, outcomeReply, resolveTrigger, runActions } from "./run.ts";

/** Members using posted components: a button, a menu pick, a form sent. Each runs the component's actions. */

/** The server and member of an interaction with a component or its builder; refused outside a server. */
export function inServer(data: { guildId: string | null; member: InteractionMember | null }) {
  if (!data.guildId || !data.member) throw badRequest("Components work inside a server.");
  return { serverId: data.guildId, member: data.member };
}

export async function onComponentButton(ctx: AppContext, interaction: ButtonInteraction) {
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

export async function onComponentSelect(ctx: AppContext, interaction: SelectInteraction) {
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

export async function onFormSubmit(ctx: AppContext, interaction: ModalInteraction) {
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
