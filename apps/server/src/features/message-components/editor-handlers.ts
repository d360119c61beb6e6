import type { AppContext } from "../../context.ts";
import type {
  ButtonInteraction,
  InteractionMember,
  ModalInteraction,
  SelectInteraction,
} from "../../discord/port/interaction.ts";
import { badRequest } from "../../lib/errors.ts";
import { addAction } from "./actions.ts";
import { inServer } from "./component-handlers.ts";
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
import { editorPanel, parseEditorId } from "./editor-panel.ts";
import { type ActionKind, actionKinds } from "./model.ts";
import { deleteComponent } from "./service.ts";

/** The builder panel's buttons, menus and forms (from `/components create` and `/components edit`). */

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

export async function onEditorButton(ctx: AppContext, interaction: ButtonInteraction) {
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

export async function onEditorSelect(ctx: AppContext, interaction: SelectInteraction) {
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

export async function onEditorForm(ctx: AppContext, interaction: ModalInteraction) {
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
