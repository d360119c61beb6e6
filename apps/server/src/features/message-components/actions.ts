import type { AppContext } from "../../context.ts";
import type { RoleInfo } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { badRequest } from "../../lib/errors.ts";
import {
  type Action,
  type ActionKind,
  actionKindsFor,
  checkActionFits,
  triggerActions,
  validateMessageText,
} from "./model.ts";
import { checkRoleForEditor } from "./roles.ts";
import { type Editor, mutateDefinition, requireComponent, type StoredComponent } from "./service.ts";

/** Adding actions in the builder: the admin's typed answers read, checked and saved on their trigger. */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** Reads a role as an admin types it: a mention, an id, or its name. */
export async function resolveRole(deps: Deps, serverId: string, text: string): Promise<RoleInfo> {
  const trimmed = text.trim();
  const id = /^<@&(\d+)>$/.exec(trimmed)?.[1] ?? (/^\d{5,}$/.test(trimmed) ? trimmed : null);
  const roles = await deps.discord.listRoles(serverId);
  const name = trimmed.replace(/^@/, "").toLowerCase();
  const role = id
    ? roles.find((candidate) => candidate.id === id)
    : roles.find((candidate) => candidate.name.toLowerCase() === name);
  if (!role) throw badRequest(`No role "${trimmed}" in this server.`, "role");
  return role;
}

/** Reads a channel as an admin types it: `#name`, a mention or an id; a text channel of the server. */
export async function resolveChannel(deps: Deps, serverId: string, text: string): Promise<string> {
  const trimmed = text.trim();
  const id = /^<#(\d+)>$/.exec(trimmed)?.[1] ?? (/^\d{5,}$/.test(trimmed) ? trimmed : null);
  if (id) return (await requireTextChannel(deps, serverId, id, "channel")).id;
  const name = trimmed.replace(/^#/, "").toLowerCase();
  const channel = (await deps.discord.listChannels(serverId)).find(
    (candidate) => candidate.name.toLowerCase() === name,
  );
  if (!channel) throw badRequest(`No channel "${trimmed}" in this server.`, "channel");
  return (await requireTextChannel(deps, serverId, channel.id, "channel")).id;
}

/** The raw answers of the "add an action" form. */
export interface ActionInput {
  kind: string;
  /** Select menus: which option (value or label) the action belongs to. */
  option?: string | null;
  role?: string | null;
  text?: string | null;
  target?: string | null;
  form?: string | null;
  channel?: string | null;
}

/** Builds and checks one action, then appends it to its trigger. */
export async function addAction(
  deps: Deps,
  component: StoredComponent,
  editor: Editor,
  input: ActionInput,
): Promise<StoredComponent> {
  const kind = input.kind as ActionKind;
  if (!actionKindsFor(component.type).includes(kind)) {
    throw badRequest(`A ${component.type} can't run "${input.kind}".`, "kind");
  }
  const action = await buildAction(deps, component, editor, kind, input);
  const optionText = (input.option ?? "").trim();
  if (component.type === "select" && optionText === "") {
    throw badRequest("Say which option of the menu runs this action.", "option");
  }
  return mutateDefinition(deps, component, (definition) => {
    let optionValue: string | null = null;
    if (component.type === "select") {
      const option =
        definition.options.find((candidate) => candidate.value === optionText) ??
        definition.options.find((candidate) => candidate.label.toLowerCase() === optionText.toLowerCase());
      if (!option) throw badRequest(`The menu has no option "${optionText}"; add it first.`, "option");
      optionValue = option.value;
    }
    const actions = triggerActions(definition, optionValue);
    checkActionFits(actions, action);
    actions.push(action);
  });
}

async function buildAction(
  deps: Deps,
  component: StoredComponent,
  editor: Editor,
  kind: ActionKind,
  input: ActionInput,
): Promise<Action> {
  const serverId = component.serverId;
  switch (kind) {
    case "give_role":
    case "take_role":
    case "toggle_role": {
      if (!input.role?.trim()) throw badRequest("Name the role this action changes.", "role");
      const role = await resolveRole(deps, serverId, input.role);
      await checkRoleForEditor(deps, serverId, editor, role.id, kind);
      return { kind, roleId: role.id };
    }
    case "send_message": {
      const text = validateMessageText(input.text ?? "");
      const where = (input.target ?? "").trim().toLowerCase();
      const target =
        where === "" || where === "here"
          ? "here"
          : where === "private" || where === "ephemeral"
            ? "private"
            : await resolveChannel(deps, serverId, input.target ?? "");
      return { kind, text, target };
    }
    case "open_form": {
      if (!input.form?.trim()) throw badRequest("Name the form component to open.", "form");
      const form = await requireComponent(deps, serverId, input.form);
      if (form.type !== "form") throw badRequest(`"${form.name}" is a ${form.type}, not a form.`, "form");
      return { kind, formId: form.componentId };
    }
    case "post_answers": {
      if (!input.channel?.trim()) throw badRequest("Name the channel the answers go to.", "channel");
      return { kind, channelId: await resolveChannel(deps, serverId, input.channel) };
    }
  }
}

/** One line per action, for the editor and `/components test`. */
export function describeAction(action: Action): string {
  switch (action.kind) {
    case "give_role":
      return `Give <@&${action.roleId}>`;
    case "take_role":
      return `Take <@&${action.roleId}>`;
    case "toggle_role":
      return `Toggle <@&${action.roleId}>`;
    case "send_message": {
      const where =
        action.target === "here"
          ? "here"
          : action.target === "private"
            ? "privately"
            : `in <#${action.target}>`;
      const text = action.text.length > 60 ? `${action.text.slice(0, 57)}…` : action.text;
      return `Send ${where}: “${text.replace(/\n/g, " ")}”`;
    }
    case "open_form":
      return `Open the form \`${action.formId}\``;
    case "post_answers":
      return `Post the answers in <#${action.channelId}>`;
  }
}
