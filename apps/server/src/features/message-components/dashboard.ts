import type {
  MessageComponentAction,
  MessageComponentDefinitionInput,
  MessageComponentItem,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { forDisplay } from "../../discord/port/display-lookups.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { validateField } from "./forms.ts";
import {
  type Action,
  type ActionKind,
  actionKindsFor,
  type ComponentDefinition,
  type ComponentType,
  checkActionFits,
  componentLimits,
  defaultDefinition,
  incompleteReason,
  validateEmoji,
  validateFormTitle,
  validateLabel,
  validateMessageText,
  validateOption,
  validatePlaceholder,
  validatePostedText,
  validateStyle,
} from "./model.ts";
import { postComponent, postedMessage, requirePosterMay } from "./posting.ts";
import { checkRoleForEditor } from "./roles.ts";
import {
  countPostedCopies,
  createComponent,
  deleteComponent,
  type Editor,
  mutateDefinition,
  renameComponent,
  type StoredComponent,
} from "./service.ts";
import * as store from "./store.ts";

/**
 * The dashboard's Components page: whole definitions sent by the web, read with the builder's own
 * rules (model.ts, forms.ts, roles.ts), saved through the service and posted through posting.ts.
 * Refusals name the body's field (`definition.options.0.label`).
 */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;
type Input = NonNullable<MessageComponentDefinitionInput>;

/** The page's limits: the builder's, shown beside the inputs. */
export const dashboardLimits = {
  name: componentLimits.name,
  label: componentLimits.label,
  placeholder: componentLimits.placeholder,
  options: componentLimits.options,
  optionLabel: componentLimits.optionLabel,
  fields: componentLimits.fields,
  actionsPerTrigger: componentLimits.actionsPerTrigger,
  messageText: componentLimits.messageText,
  perServer: componentLimits.perServer,
};

/** Runs `check`, prefixing the field its refusal names with where it sits in the body. */
async function at<T>(prefix: string, check: () => Promise<T> | T): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) {
      throw new AppError(400, error.message, error.field ? `${prefix}.${error.field}` : prefix);
    }
    throw error;
  }
}

/** The token's person, as the role-safety rule judges them (no roles when Discord can't say). */
async function editorOf(deps: Deps, serverId: string, userId: string): Promise<Editor> {
  const member = await forDisplay(deps.discord.getMember(serverId, userId));
  return { userId, roleIds: member?.roleIds ?? [], permissions: "0" };
}

async function readAction(
  deps: Deps,
  serverId: string,
  type: ComponentType,
  editor: Editor | null,
  input: MessageComponentAction,
): Promise<Action> {
  const kind = input.kind as ActionKind;
  if (!actionKindsFor(type).includes(kind)) throw badRequest(`A ${type} can't run "${kind}".`, "kind");
  switch (kind) {
    case "give_role":
    case "take_role":
    case "toggle_role": {
      if (!input.roleId) throw badRequest("Pick the role this action changes.", "roleId");
      if (editor) {
        await at("roleId", () => checkRoleForEditor(deps, serverId, editor, input.roleId ?? "", kind));
      }
      return { kind, roleId: input.roleId };
    }
    case "send_message": {
      const text = validateMessageText(input.text ?? "", "text");
      const where = (input.target ?? "").trim();
      if (where === "" || where === "here" || where === "private") {
        return { kind, text, target: where || "here" };
      }
      if (!/^\d{17,20}$/.test(where)) {
        throw badRequest('Send it "here", "private" or to a channel (its id).', "target");
      }
      if (editor) await requireTextChannel(deps, serverId, where, "target");
      return { kind, text, target: where };
    }
    case "open_form": {
      if (!input.formId) throw badRequest("Pick the form component to open.", "formId");
      const form = await store.findComponentById(deps.storage.db, input.formId);
      if (!form || form.serverId !== serverId) throw badRequest("This server has no such form.", "formId");
      if (form.type !== "form") throw badRequest(`"${form.name}" is a ${form.type}, not a form.`, "formId");
      return { kind, formId: form.componentId };
    }
    case "post_answers": {
      if (!input.channelId) throw badRequest("Pick the channel the answers go to.", "channelId");
      if (editor) await requireTextChannel(deps, serverId, input.channelId, "channelId");
      return { kind, channelId: input.channelId };
    }
  }
}

async function readActions(
  deps: Deps,
  serverId: string,
  type: ComponentType,
  editor: Editor | null,
  inputs: MessageComponentAction[],
  prefix: string,
): Promise<Action[]> {
  const actions: Action[] = [];
  for (const [index, input] of inputs.entries()) {
    const action = await at(`${prefix}.${index}`, () => readAction(deps, serverId, type, editor, input));
    try {
      checkActionFits(actions, action);
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.statusCode, error.message, prefix);
      throw error;
    }
    actions.push(action);
  }
  return actions;
}

/**
 * Reads a whole definition as the builder's steps would save it. `editor` null (the preview) reads
 * the look only: role and channel checks, which ask Discord, wait for the save.
 */
export async function readDefinition(
  deps: Deps,
  serverId: string,
  type: ComponentType,
  name: string,
  input: Input,
  editor: Editor | null,
): Promise<ComponentDefinition> {
  const definition = defaultDefinition(type, name);
  const p = "definition";
  const message = (input.message ?? "").trim();
  definition.message = message === "" ? null : await at(p, () => validatePostedText(message));
  if (type === "select") {
    definition.placeholder = await at(p, () => validatePlaceholder(input.placeholder));
  } else {
    definition.label = await at(p, () => validateLabel(input.label ?? definition.label));
    definition.emoji = await at(p, () => validateEmoji(input.emoji));
    definition.style = await at(p, () => validateStyle(input.style));
  }
  if (type === "form") {
    definition.title = await at(p, () => validateFormTitle(input.title ?? definition.title ?? name));
  }
  const options = input.options ?? [];
  if (type !== "select" && options.length > 0) {
    throw badRequest("Only a select menu has options.", `${p}.options`);
  }
  for (const [index, option] of options.entries()) {
    const read = await at(`${p}.options.${index}`, () => validateOption(option, definition.options));
    read.actions = await readActions(
      deps,
      serverId,
      type,
      editor,
      option.actions ?? [],
      `${p}.options.${index}.actions`,
    );
    definition.options.push(read);
  }
  const fields = input.fields ?? [];
  if (type !== "form" && fields.length > 0) throw badRequest("Only a form has fields.", `${p}.fields`);
  // A field keeps the id it was saved with (answers of a form opened before the edit still match);
  // new ones take the next free id.
  const keptIds = new Set(fields.flatMap((field) => (field.id ? [field.id] : [])));
  let nextId = Math.max(0, ...[...keptIds].map((id) => Number(id.slice(1)))) + 1;
  for (const [index, field] of fields.entries()) {
    const length =
      field.minLength == null && field.maxLength == null
        ? ""
        : `${field.minLength ?? ""}-${field.maxLength ?? ""}`;
    definition.fields.push(
      await at(`${p}.fields.${index}`, () =>
        validateField(
          {
            label: field.label,
            style: field.style ?? "short",
            required: field.required === false ? "no" : "yes",
            placeholder: field.placeholder ?? "",
            length,
          },
          definition.fields,
        ),
      ),
    );
    const read = definition.fields[definition.fields.length - 1];
    if (read)
      read.id =
        field.id && !definition.fields.some((other) => other !== read && other.id === field.id)
          ? field.id
          : `f${nextId++}`;
  }
  const actions = input.actions ?? [];
  if (type === "select" && actions.length > 0) {
    throw badRequest("A select menu's actions belong to its options.", `${p}.actions`);
  }
  definition.actions = await readActions(deps, serverId, type, editor, actions, `${p}.actions`);
  return definition;
}

export async function componentItem(deps: Deps, component: StoredComponent): Promise<MessageComponentItem> {
  return {
    componentId: component.componentId,
    name: component.name,
    type: component.type,
    definition: component.definition,
    postedCount: await countPostedCopies(deps, component),
    incomplete: incompleteReason(component.type, component.definition),
    createdBy: component.createdBy,
    createdAt: component.createdAt,
    updatedAt: component.updatedAt,
  };
}

export async function listForDashboard(deps: Deps, serverId: string): Promise<MessageComponentItem[]> {
  const components = await store.listComponents(deps.storage.db, serverId);
  return Promise.all(components.map((component) => componentItem(deps, component)));
}

/** The component of this server with this id, or 404 (another server's id is not found either). */
export async function requireOwnComponent(deps: Deps, serverId: string, componentId: string) {
  const component = await store.findComponentById(deps.storage.db, componentId);
  if (!component || component.serverId !== serverId) throw notFound("This server has no such component.");
  return component;
}

export async function createFromDashboard(
  deps: Deps,
  serverId: string,
  actor: AuditActor & { userId: string },
  input: { type: ComponentType; name: string; definition?: Input | undefined },
): Promise<StoredComponent> {
  const editor = await editorOf(deps, serverId, actor.userId);
  const name = input.name.trim();
  // Read before creating, so a refused definition leaves nothing behind.
  const definition = input.definition
    ? await readDefinition(deps, serverId, input.type, name, input.definition, editor)
    : null;
  let component = await createComponent(deps, serverId, editor, { type: input.type, name });
  if (definition) {
    component = await mutateDefinition(deps, component, (current) => {
      Object.assign(current, definition);
    });
  }
  await recordAudit(deps.storage.db, serverId, actor, "components.create", {
    componentId: component.componentId,
    name: component.name,
    type: component.type,
  });
  return component;
}

/** A new name, a new definition (posted copies redrawn), or both; audited as one edit. */
export async function updateFromDashboard(
  deps: Deps,
  component: StoredComponent,
  actor: AuditActor & { userId: string },
  input: { name?: string | undefined; definition?: Input | undefined },
): Promise<StoredComponent> {
  // The definition is read (and refused) before anything is saved: a refusal renames nothing.
  let definition: ComponentDefinition | null = null;
  if (input.definition) {
    const editor = await editorOf(deps, component.serverId, actor.userId);
    definition = await readDefinition(
      deps,
      component.serverId,
      component.type,
      component.name,
      input.definition,
      editor,
    );
    const posted = await countPostedCopies(deps, component);
    const missing = incompleteReason(component.type, definition);
    if (posted > 0 && missing) {
      throw badRequest(`It is posted, so it must stay usable: ${missing}`, "definition");
    }
  }
  let updated = component;
  const newName = input.name?.trim();
  const renamed = newName !== undefined && newName !== component.name;
  if (renamed) updated = await renameComponent(deps, updated, newName);
  if (definition) {
    const next = definition;
    const saved = await mutateDefinition(deps, updated, (current) => {
      Object.assign(current, next);
    });
    updated = { ...saved, name: updated.name };
  }
  await recordAudit(deps.storage.db, component.serverId, actor, "components.edit", {
    componentId: component.componentId,
    name: updated.name,
    ...(renamed ? { renamedFrom: component.name } : {}),
  });
  return updated;
}

export async function deleteFromDashboard(
  deps: Deps,
  component: StoredComponent,
  actor: AuditActor,
): Promise<number> {
  const stripped = await deleteComponent(deps, component);
  await recordAudit(deps.storage.db, component.serverId, actor, "components.delete", {
    componentId: component.componentId,
    name: component.name,
  });
  return stripped;
}

export async function postFromDashboard(
  deps: Deps,
  component: StoredComponent,
  actor: AuditActor & { userId: string },
  channelId: string,
): Promise<string> {
  await requireTextChannel(deps, component.serverId, channelId, "channelId");
  // The token's holder must be able to post there themselves, as in Discord (posting.ts); when
  // Discord can't say which roles they hold, they have what @everyone has there.
  const poster = await forDisplay(deps.discord.getMember(component.serverId, actor.userId));
  await requirePosterMay(
    deps,
    component.serverId,
    { userId: actor.userId, roleIds: poster?.roleIds ?? [] },
    channelId,
  );
  const messageId = await postComponent(deps, component, channelId);
  await recordAudit(deps.storage.db, component.serverId, actor, "components.post", {
    componentId: component.componentId,
    name: component.name,
    channelId,
    messageId,
  });
  return messageId;
}

/** The draft drawn exactly as posting.ts posts it (nothing is saved or sent; actions aren't read). */
export async function previewDraft(
  deps: Deps,
  serverId: string,
  type: ComponentType,
  name: string,
  input: Input,
) {
  // Actions don't change how it looks: a draft's half-set action doesn't stop the preview.
  const look: Input = {
    ...input,
    actions: [],
    options: (input.options ?? []).map((option) => ({ ...option, actions: [] })),
  };
  const definition = await readDefinition(deps, serverId, type, name, look, null);
  const now = Date.now();
  return messagePreview(
    postedMessage({
      id: 0,
      componentId: "preview",
      serverId,
      name,
      type,
      definition,
      postChannelId: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    }),
  );
}
