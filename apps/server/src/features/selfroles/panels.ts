import { serverCaps } from "@hearth/core";
import { DiscordError, type OutgoingMessage } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { botRoleProblem, loadHierarchy } from "../../discord/roles/hierarchy.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { type Deps, requireAssignable } from "./access.ts";
import * as roleStore from "./role-store.ts";
import { joinNames, panelComponents, panelMessage, selfRoleLimits } from "./rules.ts";
import * as store from "./store.ts";

export type { Panel, PanelMessage } from "./store.ts";

export const refreshJob = "selfroles.refresh-panel";

export interface PanelInput {
  name: string;
  title?: string | null;
  description?: string | null;
  display: store.PanelDisplay;
  roles: { roleId: string; emoji: string | null }[];
  channelId: string;
}

export interface PostedPanel {
  panel: store.Panel;
  messageId: string;
  channelId: string;
  /** Roles the bot can't give yet, each with what to fix. */
  warnings: string[];
}

export async function roleNames(deps: Pick<Deps, "discord">, serverId: string): Promise<Map<string, string>> {
  return new Map((await deps.discord.listRoles(serverId)).map((role) => [role.id, role.name]));
}

/** Checks a panel's name, title and roles: every role whitelisted, at most 25, no repeats. */
export async function checkPanelInput(deps: Deps, serverId: string, input: Omit<PanelInput, "channelId">) {
  const name = input.name.trim();
  if (name === "" || name.length > selfRoleLimits.nameLength) {
    throw badRequest(`A panel name must be 1 to ${selfRoleLimits.nameLength} characters.`, "name");
  }
  const title = input.title?.trim() || name;
  if (title.length > selfRoleLimits.titleLength) {
    throw badRequest(
      `The title is ${title.length} characters; Discord's limit is ${selfRoleLimits.titleLength}.`,
      "title",
    );
  }
  const description = input.description?.trim() || null;
  if (description && description.length > selfRoleLimits.descriptionLength) {
    throw badRequest(
      `The description is ${description.length} characters; the limit is ${selfRoleLimits.descriptionLength}.`,
      "description",
    );
  }
  if (input.roles.length === 0) throw badRequest("A panel needs at least one role.", "roles");
  if (input.roles.length > selfRoleLimits.maxRoles) {
    throw badRequest(
      `A panel holds at most ${selfRoleLimits.maxRoles} roles (Discord allows 25 buttons or menu options on a message); you gave ${input.roles.length}.`,
      "roles",
    );
  }
  const hierarchy = await loadHierarchy(deps, serverId);
  const listed = new Map((await roleStore.listRoles(deps.storage.db, serverId)).map((r) => [r.roleId, r]));
  const seen = new Set<string>();
  const notListed: string[] = [];
  const warnings: string[] = [];
  for (const { roleId } of input.roles) {
    const role = requireAssignable(hierarchy, serverId, roleId);
    if (seen.has(roleId)) throw badRequest(`**@${role.name}** is listed twice.`, "roles");
    seen.add(roleId);
    const entry = listed.get(roleId);
    if (entry?.status === "blacklisted") {
      throw badRequest(
        `**@${role.name}** is blacklisted (${entry.reason ?? "dangerous permissions"}); fix its permissions and restore it first.`,
        "roles",
      );
    }
    if (!entry) notListed.push(`**@${role.name}**`);
    const problem = botRoleProblem(hierarchy, serverId, role);
    if (problem) warnings.push(problem);
  }
  if (notListed.length > 0) {
    throw badRequest(
      `Only whitelisted roles can go on a panel; ${joinNames(notListed)} ${notListed.length === 1 ? "isn't" : "aren't"} on the whitelist. Add ${notListed.length === 1 ? "it" : "them"} with \`/selfroles whitelist action:add\`.`,
      "roles",
    );
  }
  return { name, title, description, warnings: [...new Set(warnings)] };
}

/** Saves a panel and posts it to the channel; a failed post leaves no panel behind. */
export async function createPanel(
  deps: Deps,
  serverId: string,
  actorId: string,
  input: PanelInput,
  /** Who asked (the dashboard's token); the command's member (`actorId`) otherwise. */
  actor: AuditActor = { tokenId: null, userId: actorId },
): Promise<PostedPanel> {
  checkCap(serverCaps.selfRolePanels, (await store.listPanels(deps.storage.db, serverId)).length);
  const checked = await checkPanelInput(deps, serverId, input);
  await requireTextChannel(deps, serverId, input.channelId, "channel");
  const panel = await store.insertPanel(
    deps.storage.db,
    {
      serverId,
      name: checked.name,
      title: checked.title,
      description: checked.description,
      display: input.display,
      roles: input.roles,
      createdBy: actorId,
    },
    Date.now(),
  );
  if (!panel)
    throw conflict(`This server already has a panel named "${checked.name}"; pick another name.`, "name");
  try {
    const sent = await deps.discord.sendMessage(
      input.channelId,
      panelMessage(panel, await roleNames(deps, serverId)),
    );
    await store.savePanelMessage(
      deps.storage.db,
      serverId,
      { messageId: sent.id, panelId: panel.id, channelId: input.channelId, kind: "posted" },
      Date.now(),
    );
    await recordAudit(deps.storage.db, serverId, actor, "selfroles.panel-create", {
      after: {
        id: panel.id,
        name: panel.name,
        display: panel.display,
        roleIds: panel.roles.map((role) => role.roleId),
        channelId: input.channelId,
      },
    });
    return { panel, messageId: sent.id, channelId: input.channelId, warnings: checked.warnings };
  } catch (error) {
    await store.deletePanel(deps.storage.db, serverId, panel.id);
    if (error instanceof DiscordError && error.code === "missing_permissions") {
      throw forbidden(
        `I can't post in <#${input.channelId}>: give me View Channel, Send Messages and Embed Links there.`,
      );
    }
    throw error;
  }
}

const describePanel = (panel: store.Panel) => ({
  id: panel.id,
  name: panel.name,
  title: panel.title,
  description: panel.description,
  display: panel.display,
  roles: panel.roles,
});

export interface PanelChanges {
  name?: string | undefined;
  /** null: the name is the title. */
  title?: string | null | undefined;
  description?: string | null | undefined;
  display?: store.PanelDisplay | undefined;
  roles?: store.PanelRole[] | undefined;
}

/**
 * Changes a saved panel (what isn't given stays) under the rules it was created with, then redraws
 * every message carrying it: posted ones whole, bound ones their components only. A message deleted
 * meanwhile is forgotten; a Discord failure is retried by the refresh job.
 */
export async function editPanel(
  deps: Deps,
  serverId: string,
  panelId: number,
  changes: PanelChanges,
  actor: AuditActor,
): Promise<{ panel: store.Panel; warnings: string[]; messages: store.PanelMessage[] }> {
  const before = await store.findPanel(deps.storage.db, serverId, panelId);
  if (!before) throw notFound("The server has no panel with that id; it may have been deleted.");
  const merged = {
    name: changes.name ?? before.name,
    title: changes.title === undefined ? before.title : changes.title,
    description: changes.description === undefined ? before.description : changes.description,
    display: changes.display ?? before.display,
    roles: changes.roles ?? before.roles,
  };
  const checked = await checkPanelInput(deps, serverId, merged);
  const panel = await store.updatePanel(
    deps.storage.db,
    serverId,
    panelId,
    { ...merged, name: checked.name, title: checked.title, description: checked.description },
    Date.now(),
  );
  if (!panel) {
    if (!(await store.findPanel(deps.storage.db, serverId, panelId))) {
      throw notFound("The server has no panel with that id; it may have been deleted.");
    }
    throw conflict(`This server already has a panel named "${checked.name}"; pick another name.`, "name");
  }
  await recordAudit(deps.storage.db, serverId, actor, "selfroles.panel-edit", {
    before: describePanel(before),
    after: describePanel(panel),
  });
  await refreshPanels(deps, serverId, [panel.id]);
  const messages = await store.listPanelMessages(deps.storage.db, serverId, [panel.id]);
  return { panel, warnings: checked.warnings, messages };
}

/** A name for a panel made without one: the title, numbered when taken. */
export async function freeName(deps: Deps, serverId: string, wanted: string): Promise<string> {
  const base = wanted.trim().slice(0, selfRoleLimits.nameLength - 3) || "Self-roles";
  const taken = new Set(
    (await store.listPanels(deps.storage.db, serverId)).map((p) => store.nameKey(p.name)),
  );
  if (!taken.has(store.nameKey(base))) return base;
  for (let n = 2; ; n++) {
    const name = `${base} ${n}`;
    if (!taken.has(store.nameKey(name))) return name;
  }
}

export async function requirePanel(deps: Deps, serverId: string, name: string): Promise<store.Panel> {
  const panel = await store.findPanelByName(deps.storage.db, serverId, name);
  if (!panel) throw notFound(`There's no panel named "${name}". See the panels with \`/selfroles list\`.`);
  return panel;
}

const gone = (error: unknown) =>
  error instanceof DiscordError && (error.code === "unknown_message" || error.code === "unknown_channel");

/** The message a bound panel leaves: its own text and embeds, with the panel's components. */
async function boundMessage(
  deps: Deps,
  message: store.PanelMessage,
  components: OutgoingMessage["components"],
): Promise<OutgoingMessage | null> {
  const current = await deps.discord.getMessage(message.channelId, message.messageId);
  if (!current) return null;
  return { content: current.content, embeds: current.embeds, components, allowedMentions: { roles: [] } };
}

/**
 * Re-draws every message carrying the panels (after roles were taken off or put back). Messages
 * deleted meanwhile are forgotten; a Discord failure schedules a retry so posted panels never keep
 * offering a role that was taken off.
 */
export async function refreshPanels(
  deps: Deps,
  serverId: string,
  panelIds: number[],
  options: { retry?: boolean } = {},
): Promise<void> {
  if (panelIds.length === 0) return;
  const names = await roleNames(deps, serverId);
  for (const message of await store.listPanelMessages(deps.storage.db, serverId, panelIds)) {
    const panel = await store.findPanel(deps.storage.db, serverId, message.panelId);
    if (!panel) continue;
    try {
      const next =
        message.kind === "posted"
          ? panelMessage(panel, names)
          : await boundMessage(deps, message, panelComponents(panel, names));
      if (next) await deps.discord.editMessage(message.channelId, message.messageId, next);
      else await store.forgetPanelMessage(deps.storage.db, message.messageId);
    } catch (error) {
      if (gone(error)) {
        await store.forgetPanelMessage(deps.storage.db, message.messageId);
        continue;
      }
      // Inside the job, throwing hands the retry to the queue's backoff.
      if (options.retry === false) throw error;
      deps.logger.warn({ err: error, serverId, panelId: panel.id }, "selfroles: could not redraw a panel");
      await deps.jobs.schedule(refreshJob, { serverId, panelId: panel.id }, Date.now() + 60_000, {
        dedupeKey: `${refreshJob}:${panel.id}`,
      });
    }
  }
}

/** What stops the bot giving the panel's roles now (its role moved, Manage Roles taken away). */
async function panelWarnings(deps: Deps, serverId: string, panel: store.Panel): Promise<string[]> {
  const hierarchy = await loadHierarchy(deps, serverId);
  const problems = panel.roles.flatMap(({ roleId }) => {
    const role = hierarchy.roles.get(roleId);
    const problem = role ? botRoleProblem(hierarchy, serverId, role) : null;
    return problem ? [problem] : [];
  });
  return [...new Set(problems)];
}

/**
 * Attaches a saved panel's components to a message Hearth posted (keeping its text and embeds),
 * answering the roles it can't give yet, each with what to fix.
 */
export async function bindPanel(
  deps: Deps,
  serverId: string,
  input: { panelName: string; channelId: string; messageId: string },
): Promise<{ panel: store.Panel; warnings: string[] }> {
  const panel = await requirePanel(deps, serverId, input.panelName);
  const message = await deps.discord.getMessage(input.channelId, input.messageId);
  if (!message || (message.guildId !== null && message.guildId !== serverId)) {
    throw notFound(
      `I can't find message ${input.messageId} in <#${input.channelId}>. Check the ID (right-click the message → Copy Message ID) and give the **channel** it's in.`,
    );
  }
  const bot = await deps.discord.getBotMember(serverId);
  if (!bot || message.author.id !== bot.user.id) {
    throw badRequest(
      "I can only bind a panel to a message I posted: Discord lets a bot add buttons only to its own messages. Post one with `/embed create` or use `/selfroles quick` instead.",
      "message_id",
    );
  }
  const components = panelComponents(panel, await roleNames(deps, serverId));
  await deps.discord.editMessage(input.channelId, input.messageId, {
    content: message.content,
    embeds: message.embeds,
    components,
    allowedMentions: { roles: [] },
  });
  await store.savePanelMessage(
    deps.storage.db,
    serverId,
    { messageId: input.messageId, panelId: panel.id, channelId: input.channelId, kind: "bound" },
    Date.now(),
  );
  return { panel, warnings: await panelWarnings(deps, serverId, panel) };
}

/** The server's panels, oldest first, with the messages carrying them: `/selfroles list`. */
export async function listPanelsWithMessages(
  deps: Pick<Deps, "storage">,
  serverId: string,
): Promise<{ panels: store.Panel[]; messages: store.PanelMessage[] }> {
  const panels = await store.listPanels(deps.storage.db, serverId);
  if (panels.length === 0) return { panels, messages: [] };
  return { panels, messages: await store.listPanelMessages(deps.storage.db, serverId) };
}

/**
 * Deletes a panel: the panel messages Hearth posted are deleted, bound messages lose the panel's
 * components (their text stays), then the panel and its records go.
 */
export async function deletePanel(
  deps: Deps,
  serverId: string,
  panelId: number,
  actor: AuditActor = { tokenId: null, userId: null },
) {
  const panel = await store.findPanel(deps.storage.db, serverId, panelId);
  if (!panel) throw notFound("That panel was already deleted.");
  const messages = await store.listPanelMessages(deps.storage.db, serverId, [panel.id]);
  for (const message of messages) {
    try {
      if (message.kind === "posted") {
        await deps.discord.deleteMessage(message.channelId, message.messageId);
      } else {
        const next = await boundMessage(deps, message, []);
        if (next) await deps.discord.editMessage(message.channelId, message.messageId, next);
      }
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }
  await store.deletePanel(deps.storage.db, serverId, panel.id);
  await recordAudit(deps.storage.db, serverId, actor, "selfroles.panel-delete", {
    before: { id: panel.id, name: panel.name, roleIds: panel.roles.map((role) => role.roleId) },
    messages: messages.length,
  });
  return { panel, messages: messages.length };
}
