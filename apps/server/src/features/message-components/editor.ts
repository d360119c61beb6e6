import { checkCommandAccess } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import type { InteractionMember } from "../../discord/port/interaction.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { resolveChannel } from "./actions.ts";
import { removableItems } from "./editor-panel.ts";
import { fieldOf, validateField, validateFieldSettings } from "./forms.ts";
import {
  incompleteReason,
  validateEmoji,
  validateFormTitle,
  validateLabel,
  validateOption,
  validatePlaceholder,
  validatePostedText,
  validateStyle,
} from "./model.ts";
import { postComponent, refreshPosted, requirePosterMay } from "./posting.ts";
import { type Editor, getManagerRole, mutateDefinition, type StoredComponent } from "./service.ts";
import * as store from "./store.ts";

/**
 * The builder's changes: every submitted step is saved at once, so a half-built component survives
 * a restart. The panel is drawn by editor-panel.ts, the steps' forms by editor-modals.ts.
 */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** Builder clicks need what the commands need: Manage Server or the component-management role. */
export async function checkEditorAccess(
  ctx: Pick<AppContext, "storage" | "config">,
  serverId: string,
  member: InteractionMember,
): Promise<void> {
  const managerRoleOf = (id: string) => getManagerRole(ctx, id);
  await checkCommandAccess(managerRoleOf, serverId, "components edit", member, ctx.config.developerIds);
}

export async function componentForEditor(deps: Deps, serverId: string, componentId: string) {
  const component = await store.findComponentById(deps.storage.db, componentId);
  if (!component || component.serverId !== serverId) throw notFound("This component was deleted.");
  return component;
}

export const editorOf = (member: InteractionMember): Editor => ({
  userId: member.user.id,
  roleIds: member.roleIds,
  permissions: member.permissions,
});

/** Saves a submitted builder form (appearance, option, field); `fieldId` when editing a field. */
export async function applyEditorForm(
  deps: Deps,
  component: StoredComponent,
  step: string,
  fields: Record<string, string>,
  fieldId: string | null = null,
): Promise<{ component: StoredComponent; notice: string }> {
  const read = (name: string) => fields[name] ?? "";
  if (step === "look") {
    const updated = await mutateDefinition(deps, component, (definition) => {
      if (component.type === "select") {
        definition.placeholder = validatePlaceholder(read("placeholder"));
      } else {
        definition.label = validateLabel(read("label"));
        definition.emoji = validateEmoji(read("emoji"));
        definition.style = validateStyle(read("style"));
      }
      if (component.type === "form") definition.title = validateFormTitle(read("title"));
      const message = read("message").trim();
      // Posted once for everyone, so it's plain text: template tags are for the actions' messages.
      definition.message = message === "" ? null : validatePostedText(message);
    });
    return { component: updated, notice: "🎨 Appearance saved." };
  }
  if (step === "option") {
    const updated = await mutateDefinition(deps, component, (definition) => {
      definition.options.push(
        validateOption(
          {
            label: read("label"),
            value: read("value"),
            description: read("description"),
            emoji: read("emoji"),
          },
          definition.options,
        ),
      );
    });
    return { component: updated, notice: "➕ Option added. Give it actions with **Add an action…**." };
  }
  if (step === "field") {
    const input = {
      label: read("label"),
      placeholder: read("placeholder"),
      style: read("style"),
      required: read("required"),
      length: read("length"),
    };
    if (fieldId === null) {
      const updated = await mutateDefinition(deps, component, (definition) => {
        definition.fields.push(validateField(input, definition.fields));
      });
      return { component: updated, notice: "➕ Field added." };
    }
    const updated = await mutateDefinition(deps, component, (definition) => {
      const index = definition.fields.indexOf(fieldOf(definition.fields, fieldId));
      // The id stays, so a form opened before the edit still submits to the same field.
      definition.fields[index] = { id: fieldId, ...validateFieldSettings(input) };
    });
    return { component: updated, notice: "✏️ Field saved." };
  }
  throw badRequest("Unknown builder step.");
}

/** Thrown inside the removal's transaction to leave the definition untouched. */
class StalePick extends Error {}

/**
 * Removes what the Remove menu picked. The value names the item by position and digest, and is
 * matched against the stored component inside the transaction: when another admin changed the
 * list since the menu was drawn, nothing is removed and `removed` is false, with the current state.
 */
export async function removeItem(
  deps: Deps,
  component: StoredComponent,
  value: string,
): Promise<{ component: StoredComponent; removed: boolean }> {
  const posted = (await store.listPosted(deps.storage.db, component.componentId)).length > 0;
  try {
    const updated = await mutateDefinition(deps, component, (definition) => {
      if (!removableItems({ definition }).some((item) => item.value === value)) throw new StalePick();
      const [kind, first, second] = value.split(":");
      if (kind === "a") {
        const list = first === "-" ? definition.actions : definition.options[Number(first)]?.actions;
        list?.splice(Number(second), 1);
      } else if (kind === "o") {
        if (definition.options.length === 1 && posted) {
          throw badRequest("A posted menu needs at least one option; add another before removing this one.");
        }
        definition.options.splice(Number(first), 1);
      } else if (kind === "f") {
        definition.fields.splice(Number(first), 1);
      }
    });
    return { component: updated, removed: true };
  } catch (error) {
    if (!(error instanceof StalePick)) throw error;
    return {
      component: await componentForEditor(deps, component.serverId, component.componentId),
      removed: false,
    };
  }
}

/**
 * Posts another copy where the editor names (a component created without a channel has no other
 * way out). The editor must be able to post there themselves, so the management role can't reach
 * channels its members can't write in.
 */
export async function postFromEditor(
  deps: Deps,
  component: StoredComponent,
  member: InteractionMember,
  channelText: string,
): Promise<string> {
  const missing = incompleteReason(component.type, component.definition);
  if (missing) throw badRequest(`Not finished yet: ${missing}`);
  if (channelText.trim() === "") throw badRequest("Name the channel to post it in.", "channel");
  const channelId = await resolveChannel(deps, component.serverId, channelText);
  await requirePosterMay(
    deps,
    component.serverId,
    { userId: member.user.id, roleIds: member.roleIds },
    channelId,
  );
  await postComponent(deps, component, channelId);
  return `📌 Posted **${component.name}** in <#${channelId}>.`;
}

/** Done: the component must be complete; posts it where `create` asked (once) and updates copies. */
export async function finish(deps: Deps, component: StoredComponent): Promise<string> {
  const missing = incompleteReason(component.type, component.definition);
  if (missing) throw badRequest(`Not finished yet: ${missing}`);
  const posted = await store.listPosted(deps.storage.db, component.componentId);
  const lines = [`✅ Saved **${component.name}** (ID \`${component.componentId}\`).`];
  if (component.postChannelId && posted.length === 0) {
    await postComponent(deps, component, component.postChannelId);
    lines.push(`Posted it in <#${component.postChannelId}>.`);
  } else if (posted.length > 0) {
    const updated = await refreshPosted(deps, component);
    lines.push(`Updated ${updated} posted ${updated === 1 ? "copy" : "copies"}.`);
  }
  lines.push(`Try it privately with \`/components test component:${component.name}\`.`);
  return lines.join("\n");
}
