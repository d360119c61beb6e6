import { randomBytes } from "node:crypto";
import { renderTemplate } from "@hearth/core";
import { PostgresAdapter } from "kysely";
import type { AppContext } from "../../context.ts";
import {
  type Button,
  DiscordError,
  type Embed,
  type MemberInfo,
  type Modal,
  type OutgoingMessage,
  type RoleInfo,
  type SelectMenu,
} from "../../discord/port.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { loadHierarchy, permissionBits, permissionsOf, topPosition } from "../moderation/hierarchy.ts";
import { requireTextChannel } from "../servers/validate.ts";
import { templateContextFor } from "../welcome/render.ts";
import {
  type Action,
  type ActionKind,
  actionKindsFor,
  actionLabels,
  type ComponentDefinition,
  type ComponentType,
  checkActionFits,
  componentLimits,
  defaultDefinition,
  incompleteReason,
  type RoleActionKind,
  triggerActions,
  validateMessageText,
  validateName,
} from "./model.ts";
import type { StoredComponent } from "./store.ts";
import * as store from "./store.ts";

export type { StoredComponent } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** Custom ids of the components members use: `cmp:<component_id>`, `:test` on a preview. */
export const componentPrefix = "cmp:";

export function componentCustomId(componentId: string, test = false): string {
  return `${componentPrefix}${componentId}${test ? ":test" : ""}`;
}

export function parseComponentCustomId(customId: string): { componentId: string; test: boolean } | null {
  const match = /^cmp:([a-z0-9]+)(:test)?$/.exec(customId);
  return match ? { componentId: match[1] ?? "", test: match[2] !== undefined } : null;
}

/** Who is saving a change: role actions check that they could manage the role themselves. */
export interface Editor {
  userId: string;
  roleIds: string[];
  /** Permission bitfield as the interaction carried it. */
  permissions: string;
}

// ---------------------------------------------------------------- create, find, delete

export async function createComponent(
  deps: Deps,
  serverId: string,
  editor: Editor,
  input: { type: string; name: string; channelId?: string | null },
  now = Date.now(),
): Promise<StoredComponent> {
  const type = input.type as ComponentType;
  if (!["button", "select", "form"].includes(type)) {
    throw badRequest("The type must be button, select or form.", "type");
  }
  const name = validateName(input.name);
  const db = deps.storage.db;
  if (await store.findComponent(db, serverId, name)) {
    throw conflict(`This server already has a component named "${name}". Pick another name.`, "name");
  }
  if ((await store.countComponents(db, serverId)) >= componentLimits.perServer) {
    throw badRequest(
      `This server has ${componentLimits.perServer} components, the most it can hold; delete one first.`,
    );
  }
  const channelId = input.channelId ?? null;
  if (channelId) await requireTextChannel(deps, serverId, channelId, "channel");
  try {
    return await store.insertComponent(
      db,
      {
        componentId: randomBytes(6).toString("hex"),
        serverId,
        name,
        type,
        definition: defaultDefinition(type, name),
        postChannelId: channelId,
        createdBy: editor.userId,
      },
      now,
    );
  } catch (error) {
    // Two admins creating the same name at once: the unique key decides.
    if (/unique|duplicate/i.test(String((error as Error).message))) {
      throw conflict(`This server already has a component named "${name}". Pick another name.`, "name");
    }
    throw error;
  }
}

/** A server's component by name or id, or a friendly "not found". */
export async function requireComponent(
  deps: Deps,
  serverId: string,
  nameOrId: string,
): Promise<StoredComponent> {
  const component = await store.findComponent(deps.storage.db, serverId, nameOrId);
  if (!component) {
    throw notFound(`No component named or with the id "${nameOrId.trim()}" in this server.`);
  }
  return component;
}

/** Deletes a component; the messages that carried it lose it (edited), clicks on old copies are answered. */
export async function deleteComponent(deps: Deps, component: StoredComponent): Promise<number> {
  const posted = await store.deleteComponent(deps.storage.db, component.componentId);
  let stripped = 0;
  for (const message of posted) {
    try {
      await deps.discord.editMessage(message.channelId, message.messageId, {
        content: component.definition.message ?? "This component was deleted.",
        components: [],
      });
      stripped++;
    } catch (error) {
      if (!(error instanceof DiscordError)) throw error;
      deps.logger.warn({ err: error, message }, "components: could not strip a deleted component");
    }
  }
  return stripped;
}

// ---------------------------------------------------------------- editing

/**
 * Changes a component's definition in one transaction (the row is locked on PostgreSQL), so two
 * admins editing at once never lose each other's change. `change` throws to refuse.
 */
export async function mutateDefinition(
  deps: Deps,
  component: StoredComponent,
  change: (definition: ComponentDefinition) => Promise<void> | void,
  now = Date.now(),
): Promise<StoredComponent> {
  const db = deps.storage.db;
  const updated = await db.transaction().execute(async (trx) => {
    const lock = db.getExecutor().adapter instanceof PostgresAdapter;
    const current = await store.findComponentById(trx, component.componentId, { lock });
    if (!current) throw notFound("This component was deleted.");
    await change(current.definition);
    await store.saveDefinition(trx, component.componentId, current.definition, now);
    return { ...current, updatedAt: now };
  });
  await refreshPosted(deps, updated);
  return updated;
}

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

const dangerous: [bigint, string][] = [
  [permissionBits.administrator, "Administrator"],
  [1n << 5n, "Manage Server"],
  [permissionBits.manageRoles, "Manage Roles"],
];

/**
 * The live role rules for giving or taking a role: a real role, not @everyone, not managed by an
 * integration, below the bot's highest role, and the bot holds Manage Roles. Each failure explains
 * what to fix.
 */
export async function checkRoleUsable(deps: Deps, serverId: string, roleId: string): Promise<RoleInfo> {
  const hierarchy = await loadHierarchy(deps, serverId);
  if (roleId === serverId)
    throw badRequest("@everyone can't be given or taken: every member has it.", "role");
  const role = hierarchy.roles.get(roleId);
  if (!role) throw badRequest("That role no longer exists; an admin needs to update this component.", "role");
  if (role.managed) {
    throw badRequest(
      `@${role.name} is managed by an integration (a bot or boosts); only Discord assigns it.`,
      "role",
    );
  }
  const bot = hierarchy.bot;
  const botBits = bot ? permissionsOf(hierarchy, serverId, bot.roleIds) : 0n;
  if (!bot || (botBits & (permissionBits.administrator | permissionBits.manageRoles)) === 0n) {
    throw forbidden("I need the Manage Roles permission to give or take roles; ask an admin to grant it.");
  }
  if (role.position >= topPosition(hierarchy, bot.roleIds)) {
    throw forbidden(`@${role.name} is at or above my highest role; an admin must move my role above it.`);
  }
  return role;
}

/** The dangerous permissions a role grants, by name (empty when none). */
export function dangerousPermissions(role: RoleInfo): string[] {
  return dangerous.filter(([bit]) => (BigInt(role.permissions) & bit) !== 0n).map(([, name]) => name);
}

/**
 * At save time: the live rules, plus the editor must be able to manage the role themselves. A role
 * granting a dangerous permission is never handed out by a component (anyone who clicks would get
 * that power); only an Administrator may attach one to a "take" action.
 */
async function checkRoleForEditor(
  deps: Deps,
  serverId: string,
  editor: Editor,
  roleId: string,
  kind: RoleActionKind,
) {
  const role = await checkRoleUsable(deps, serverId, roleId);
  const hierarchy = await loadHierarchy(deps, serverId);
  if (editor.userId !== hierarchy.ownerId && role.position >= topPosition(hierarchy, editor.roleIds)) {
    throw forbidden(`@${role.name} is at or above your highest role, so you can't hand it out.`);
  }
  const risky = dangerousPermissions(role);
  if (risky.length === 0) return role;
  if (kind !== "take_role") {
    throw forbidden(
      `@${role.name} grants ${risky.join(", ")}; a component can't give it, since anyone who uses it would get that power. Pick a role without those permissions.`,
    );
  }
  const isAdmin = (BigInt(editor.permissions || "0") & permissionBits.administrator) !== 0n;
  if (!isAdmin) {
    throw forbidden(
      `@${role.name} grants ${risky.join(", ")}; only an Administrator can attach it to a component.`,
    );
  }
  return role;
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

export { actionLabels };

// ---------------------------------------------------------------- posting

/** The component as Discord draws it; `test` marks a preview (`/components test`). */
export function componentRows(component: StoredComponent, test = false): (Button | SelectMenu)[][] {
  const { definition } = component;
  const customId = componentCustomId(component.componentId, test);
  if (component.type === "select") {
    return [
      [
        {
          type: "select",
          customId,
          ...(definition.placeholder ? { placeholder: definition.placeholder } : {}),
          minValues: 1,
          maxValues: 1,
          options: definition.options.map((option) => ({
            label: option.label,
            value: option.value,
            ...(option.description ? { description: option.description } : {}),
            ...(option.emoji ? { emoji: option.emoji } : {}),
          })),
        },
      ],
    ];
  }
  return [
    [
      {
        type: "button",
        style: definition.style,
        label: definition.label,
        ...(definition.emoji ? { emoji: definition.emoji } : {}),
        customId,
      },
    ],
  ];
}

export function postedMessage(component: StoredComponent): OutgoingMessage {
  return {
    ...(component.definition.message ? { content: component.definition.message } : {}),
    components: componentRows(component),
  };
}

/** Posts a complete component in a channel and records the message (so edits and deletes reach it). */
export async function postComponent(
  deps: Deps,
  component: StoredComponent,
  channelId: string,
  now = Date.now(),
): Promise<string> {
  const missing = incompleteReason(component.type, component.definition);
  if (missing) throw badRequest(`"${component.name}" isn't finished: ${missing}`);
  await requireTextChannel(deps, component.serverId, channelId, "channel");
  const sent = await deps.discord.sendMessage(channelId, postedMessage(component));
  await store.recordPosted(
    deps.storage.db,
    { componentId: component.componentId, serverId: component.serverId, channelId, messageId: sent.id },
    now,
  );
  return sent.id;
}

/** Redraws every posted copy; copies that are gone are forgotten. Answers how many were updated. */
export async function refreshPosted(deps: Deps, component: StoredComponent): Promise<number> {
  if (incompleteReason(component.type, component.definition)) return 0;
  const posted = await store.listPosted(deps.storage.db, component.componentId);
  let updated = 0;
  for (const message of posted) {
    try {
      await deps.discord.editMessage(message.channelId, message.messageId, postedMessage(component));
      updated++;
    } catch (error) {
      if (
        error instanceof DiscordError &&
        (error.code === "unknown_message" || error.code === "unknown_channel")
      ) {
        await store.forgetPosted(deps.storage.db, { messageId: message.messageId });
      } else if (error instanceof DiscordError) {
        deps.logger.warn({ err: error, message }, "components: could not update a posted copy");
      } else {
        throw error;
      }
    }
  }
  return updated;
}

// ---------------------------------------------------------------- running

/** The form of a form component, as a modal; the submission comes back as `cmp:<id>`. */
export function formModal(form: StoredComponent, test = false): Modal {
  return {
    customId: componentCustomId(form.componentId, test),
    title: form.definition.title ?? form.name.slice(0, componentLimits.formTitle),
    fields: form.definition.fields.map((field) => ({
      customId: field.id,
      label: field.label,
      style: field.style,
      required: field.required,
      ...(field.minLength !== null ? { minLength: field.minLength } : {}),
      ...(field.maxLength !== null ? { maxLength: field.maxLength } : {}),
    })),
  };
}

/** A stored component usable from a click: the component, or a friendly refusal. */
export async function componentForUse(
  deps: Deps,
  componentId: string,
  guildId: string | null,
): Promise<StoredComponent> {
  const component = await store.findComponentById(deps.storage.db, componentId);
  if (!component || component.serverId !== guildId) throw notFound("This component was deleted.");
  const missing = incompleteReason(component.type, component.definition);
  if (missing) throw badRequest("This component isn't finished yet; an admin is still building it.");
  return component;
}

/** What a trigger answers: the form to open, or the actions to run. */
export async function resolveTrigger(
  deps: Deps,
  component: StoredComponent,
  optionValue: string | null,
): Promise<{ form: StoredComponent } | { actions: Action[] }> {
  if (component.type === "form") {
    return { form: component };
  }
  const actions = triggerActions(component.definition, optionValue);
  const open = actions.find((action) => action.kind === "open_form");
  if (open && open.kind === "open_form") {
    const form = await store.findComponentById(deps.storage.db, open.formId);
    if (!form || form.serverId !== component.serverId || form.type !== "form") {
      throw notFound("The form this opens was deleted; ask an admin to update this component.");
    }
    const missing = incompleteReason(form.type, form.definition);
    if (missing) throw badRequest("The form this opens isn't finished yet.");
    return { form };
  }
  return { actions };
}

/** Checks a submitted form against its fields (Discord checks too; a stale form may differ). */
export function readAnswers(
  form: StoredComponent,
  fields: Record<string, string>,
): { label: string; value: string }[] {
  return form.definition.fields.map((field) => {
    const value = (fields[field.id] ?? "").trim();
    if (field.required && value === "") throw badRequest(`"${field.label}" is required.`, field.id);
    if (value !== "" && field.minLength !== null && value.length < field.minLength) {
      throw badRequest(`"${field.label}" needs at least ${field.minLength} characters.`, field.id);
    }
    const max = field.maxLength ?? componentLimits.fieldLength;
    if (value.length > max) throw badRequest(`"${field.label}" takes at most ${max} characters.`, field.id);
    return { label: field.label, value };
  });
}

/** Discord's embed limits, for the answers embed. */
const embedLimits = { fieldValue: 1024, fields: 25, total: 6000, fieldName: 256 } as const;

/**
 * The answers as embeds of Discord's limits: an answer longer than a field holds continues in the
 * next field; each embed stays within 25 fields and 6000 characters (one embed per message).
 */
export function answerEmbeds(
  form: StoredComponent,
  member: MemberInfo,
  answers: { label: string; value: string }[],
  now: number,
): Embed[] {
  const title = `📝 ${form.definition.title ?? form.name}`;
  const author = member.nick ?? member.user.globalName ?? member.user.username;
  const base = (part: number): Embed => ({
    title: part === 0 ? title : `${title} (continued)`,
    description: `Submitted by <@${member.user.id}>`,
    author: { name: author.slice(0, 256) },
    color: 0xf97316,
    timestamp: new Date(now).toISOString(),
    footer: { text: `${author} · ${member.user.id}` },
    fields: [],
  });
  const size = (embed: Embed) =>
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.fields ?? []).reduce((total, field) => total + field.name.length + field.value.length, 0);
  const embeds: Embed[] = [base(0)];
  for (const answer of answers) {
    const value = answer.value === "" ? "*(no answer)*" : answer.value;
    for (let start = 0, piece = 0; start < value.length; start += embedLimits.fieldValue, piece++) {
      const name = (piece === 0 ? answer.label : `${answer.label} (cont.)`).slice(0, embedLimits.fieldName);
      const field = { name, value: value.slice(start, start + embedLimits.fieldValue) };
      let current = embeds[embeds.length - 1] as Embed;
      const fields = current.fields ?? [];
      if (
        fields.length >= embedLimits.fields ||
        size(current) + name.length + field.value.length > embedLimits.total
      ) {
        current = base(embeds.length);
        embeds.push(current);
      }
      current.fields = [...(current.fields ?? []), field];
    }
  }
  return embeds;
}

export interface RunContext {
  serverId: string;
  /** Where the component was used ("here"). */
  channelId: string | null;
  member: MemberInfo;
  /** Forms: the checked answers. */
  form?: { component: StoredComponent; answers: { label: string; value: string }[] };
  now?: number;
}

/** What running a trigger produced: lines for the member, and private messages shown to them. */
export interface RunOutcome {
  lines: string[];
  privateMessages: string[];
  failures: number;
}

/** Runs a trigger's actions in order; one failing is reported and the others still run. */
export async function runActions(deps: Deps, actions: Action[], run: RunContext): Promise<RunOutcome> {
  const outcome: RunOutcome = { lines: [], privateMessages: [], failures: 0 };
  for (const action of actions) {
    try {
      const line = await runAction(deps, action, run, outcome);
      if (line) outcome.lines.push(`✅ ${line}`);
    } catch (error) {
      outcome.failures++;
      const reason = failureReason(error);
      if (reason === null) {
        deps.logger.error({ err: error, action: action.kind }, "components: an action failed");
      }
      outcome.lines.push(
        `⚠️ ${actionLabels[action.kind]}: ${reason ?? "something went wrong; try again later."}`,
      );
    }
  }
  return outcome;
}

function failureReason(error: unknown): string | null {
  if (error instanceof AppError) return error.message;
  if (error instanceof DiscordError) {
    if (error.code === "missing_permissions") return "I'm missing a permission for that.";
    if (error.code === "unknown_channel") return "the channel no longer exists.";
    if (error.code === "unknown_role") return "the role no longer exists.";
    if (error.code === "unknown_member") return "you're no longer a member here.";
    return "Discord refused it; try again in a moment.";
  }
  return null;
}

async function runAction(
  deps: Deps,
  action: Action,
  run: RunContext,
  outcome: RunOutcome,
): Promise<string | null> {
  const { serverId, member } = run;
  const userId = member.user.id;
  switch (action.kind) {
    case "give_role":
    case "take_role":
    case "toggle_role": {
      const role = await checkRoleUsable(deps, serverId, action.roleId);
      const live = await deps.discord.getMember(serverId, userId);
      const has = (live ?? member).roleIds.includes(role.id);
      const give = action.kind === "give_role" || (action.kind === "toggle_role" && !has);
      if (give) {
        if (has) return `You already have <@&${role.id}>.`;
        // Checked on every click too: the role may have gained a dangerous permission since it was attached.
        const risky = dangerousPermissions(role);
        if (risky.length > 0) {
          throw forbidden(
            `<@&${role.id}> now grants ${risky.join(", ")}, so I won't hand it out from a component; an admin needs to remove that permission or this action.`,
          );
        }
        await deps.discord.addMemberRole(serverId, userId, role.id, "Interactive component");
        return `Gave you <@&${role.id}>.`;
      }
      if (!has) return `You don't have <@&${role.id}>.`;
      await deps.discord.removeMemberRole(serverId, userId, role.id, "Interactive component");
      return `Took <@&${role.id}> from you.`;
    }
    case "send_message": {
      const context = await templateContextFor(deps, serverId, member, run.now ?? Date.now());
      const text = renderTemplate(action.text, context).slice(0, componentLimits.messageText);
      if (action.target === "private") {
        outcome.privateMessages.push(text);
        return null;
      }
      const channelId = action.target === "here" ? run.channelId : action.target;
      if (!channelId) throw badRequest("there's no channel to send the message to.");
      await deps.discord.sendMessage(channelId, { content: text, allowedMentions: { users: [userId] } });
      return action.target === "here" ? "Sent the message here." : `Sent the message in <#${channelId}>.`;
    }
    case "post_answers": {
      if (!run.form) throw badRequest("only a form has answers to post.");
      const embeds = answerEmbeds(run.form.component, member, run.form.answers, run.now ?? Date.now());
      for (const embed of embeds) {
        await deps.discord.sendMessage(action.channelId, { embeds: [embed] });
      }
      return `Sent your answers to <#${action.channelId}>.`;
    }
    case "open_form":
      // Resolved before running (a form is the interaction's answer); never reached in a list.
      throw badRequest("a form can only be opened as the first answer.");
  }
}

/** The member's reply after a trigger ran. */
export function outcomeReply(outcome: RunOutcome, test: boolean): string {
  const parts: string[] = [];
  if (test) parts.push("🧪 **Test run**: the actions ran on you.");
  parts.push(...outcome.privateMessages);
  parts.push(...outcome.lines);
  if (parts.length === 0) parts.push("Done.");
  const text = parts.join("\n");
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}

// ---------------------------------------------------------------- settings

export async function getManagerRole(
  deps: Pick<AppContext, "storage">,
  serverId: string,
): Promise<string | null> {
  return store.getManagerRole(deps.storage.db, serverId);
}

/** Sets (or with @everyone / null, clears) the component-management role. Manage Server only. */
export async function setManagerRole(
  deps: Deps,
  serverId: string,
  userId: string,
  roleId: string | null,
  now = Date.now(),
): Promise<RoleInfo | null> {
  if (roleId === null || roleId === serverId) {
    await store.setManagerRole(deps.storage.db, serverId, null, userId, now);
    return null;
  }
  const role = (await deps.discord.listRoles(serverId)).find((candidate) => candidate.id === roleId);
  if (!role) throw badRequest("Pick a role of this server.", "manager_role");
  if (role.managed) {
    throw badRequest(
      `@${role.name} is managed by an integration; pick a role members can be given.`,
      "manager_role",
    );
  }
  await store.setManagerRole(deps.storage.db, serverId, role.id, userId, now);
  return role;
}
