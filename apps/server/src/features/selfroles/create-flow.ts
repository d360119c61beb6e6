import { randomBytes } from "node:crypto";
import { serverCaps } from "@hearth/core";
import type { Button, Modal, OutgoingMessage, SelectMenu } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict, forbidden } from "../../lib/errors.ts";
import type { Deps } from "./access.ts";
import * as draftStore from "./draft-store.ts";
import { checkPanelInput, createPanel, type PostedPanel } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import { panelEmbed, selfRoleLimits } from "./rules.ts";
import * as store from "./store.ts";

/**
 * `/selfroles create`, as a conversation: a form for the name, title and description; then one
 * private message where the admin picks roles from the whitelist (25 a page), buttons or dropdown,
 * sees the live preview, and posts. The draft is stored, so the steps survive a restart; it lasts
 * an hour.
 */

export const createIds = {
  form: "sr:cm:",
  roles: "sr:cr:",
  page: "sr:cpg:",
  display: "sr:cd:",
  post: "sr:cp:",
  cancel: "sr:cx:",
} as const;

const draftLifetimeMs = 60 * 60_000;
const pageSize = selfRoleLimits.maxRoles;

interface WhitelistedRole {
  id: string;
  name: string;
}

/** Whitelisted roles that still exist, in whitelist order. */
async function whitelisted(deps: Deps, serverId: string): Promise<WhitelistedRole[]> {
  const [listed, roles] = await Promise.all([
    roleStore.listRoles(deps.storage.db, serverId),
    deps.discord.listRoles(serverId),
  ]);
  const byId = new Map(roles.map((role) => [role.id, role]));
  return listed.flatMap((entry) => {
    const role = byId.get(entry.roleId);
    return entry.status === "whitelisted" && role ? [{ id: role.id, name: role.name }] : [];
  });
}

/**
 * The whitelisted roles the builder's menu offers; none left (all removed or deleted meanwhile) is
 * refused, since Discord rejects a menu without options.
 */
async function requireWhitelisted(deps: Deps, serverId: string): Promise<WhitelistedRole[]> {
  const roles = await whitelisted(deps, serverId);
  if (roles.length === 0) {
    throw badRequest(
      "No roles are whitelisted yet. Whitelist the roles members may pick with `/selfroles whitelist action:add`, then create the panel.",
    );
  }
  return roles;
}

/** Step 1: checks the channel and the whitelist, and answers the form to open. */
export async function startCreate(deps: Deps, serverId: string, channelId: string): Promise<Modal> {
  // Refused before the form opens, not after it is filled in (createPanel checks again).
  checkCap(serverCaps.selfRolePanels, (await store.listPanels(deps.storage.db, serverId)).length);
  await requireTextChannel(deps, serverId, channelId, "channel");
  await requireWhitelisted(deps, serverId);
  return {
    customId: `${createIds.form}${channelId}`,
    title: "New self-role panel",
    fields: [
      {
        customId: "name",
        label: "Panel name (for /selfroles bind and delete)",
        style: "short",
        required: true,
        maxLength: selfRoleLimits.nameLength,
        placeholder: "Colours",
      },
      {
        customId: "title",
        label: "Title shown on the panel",
        style: "short",
        required: false,
        maxLength: selfRoleLimits.titleLength,
        placeholder: "Pick your colour",
      },
      {
        customId: "description",
        label: "Description",
        style: "paragraph",
        required: false,
        maxLength: selfRoleLimits.descriptionLength,
        placeholder: "One colour at a time looks best!",
      },
    ],
  };
}

/** Step 2: the submitted form becomes a draft; answers the builder message. */
export async function submitCreateForm(
  deps: Deps,
  serverId: string,
  userId: string,
  input: { channelId: string; fields: Record<string, string> },
): Promise<OutgoingMessage> {
  const name = (input.fields.name ?? "").trim();
  if (name === "" || name.length > selfRoleLimits.nameLength) {
    throw badRequest(`A panel name must be 1 to ${selfRoleLimits.nameLength} characters.`, "name");
  }
  if (await store.findPanelByName(deps.storage.db, serverId, name)) {
    throw conflict(
      `This server already has a panel named "${name}"; run the command again with another name.`,
    );
  }
  const title = (input.fields.title ?? "").trim() || name;
  const description = (input.fields.description ?? "").trim() || null;
  if (title.length > selfRoleLimits.titleLength)
    throw badRequest(`The title is over ${selfRoleLimits.titleLength} characters.`);
  if (description && description.length > selfRoleLimits.descriptionLength) {
    throw badRequest(`The description is over ${selfRoleLimits.descriptionLength} characters.`);
  }
  const roles = await requireWhitelisted(deps, serverId);
  const now = Date.now();
  const draft: draftStore.Draft = {
    id: randomBytes(8).toString("hex"),
    serverId,
    userId,
    channelId: input.channelId,
    name,
    title,
    description,
    roleIds: [],
    display: "buttons",
    page: 0,
    expiresAt: now + draftLifetimeMs,
  };
  await draftStore.insertDraft(deps.storage.db, draft, now);
  return builderMessage(draft, roles);
}

function builderMessage(draft: draftStore.Draft, roles: WhitelistedRole[]): OutgoingMessage {
  const pages = Math.max(1, Math.ceil(roles.length / pageSize));
  const page = Math.min(draft.page, pages - 1);
  const onPage = roles.slice(page * pageSize, (page + 1) * pageSize);
  const chosen = new Set(draft.roleIds);
  const select: SelectMenu = {
    type: "select",
    customId: `${createIds.roles}${draft.id}`,
    placeholder: pages > 1 ? `Pick roles (page ${page + 1} of ${pages})` : "Pick the panel's roles",
    minValues: 0,
    maxValues: Math.max(1, onPage.length),
    options: onPage.map((role) => ({
      label: role.name.slice(0, 100),
      value: role.id,
      ...(chosen.has(role.id) ? { default: true } : {}),
    })),
  };
  const button = (label: string, customId: string, style: Button["style"], disabled = false): Button => ({
    type: "button",
    label,
    customId,
    style,
    ...(disabled ? { disabled: true } : {}),
  });
  const rows: (Button | SelectMenu)[][] = [[select]];
  if (pages > 1) {
    rows.push([
      button("◀ Previous roles", `${createIds.page}${draft.id}:${page - 1}`, "secondary", page === 0),
      button("More roles ▶", `${createIds.page}${draft.id}:${page + 1}`, "secondary", page >= pages - 1),
    ]);
  }
  rows.push([
    button(
      "Buttons",
      `${createIds.display}${draft.id}:buttons`,
      draft.display === "buttons" ? "primary" : "secondary",
    ),
    button(
      "Dropdown",
      `${createIds.display}${draft.id}:dropdown`,
      draft.display === "dropdown" ? "primary" : "secondary",
    ),
  ]);
  rows.push([
    button("Post panel", `${createIds.post}${draft.id}`, "success", draft.roleIds.length === 0),
    button("Cancel", `${createIds.cancel}${draft.id}`, "danger"),
  ]);
  const preview = panelEmbed({
    title: draft.title,
    description: draft.description,
    display: draft.display,
    roles: draft.roleIds.map((roleId) => ({ roleId, emoji: null })),
  });
  return {
    content: `**Panel "${draft.name}"** for <#${draft.channelId}>: pick up to ${selfRoleLimits.maxRoles} roles (${draft.roleIds.length} chosen), choose buttons or a dropdown, then post. The preview below is what members will see.`,
    embeds: [preview],
    components: rows,
    allowedMentions: { roles: [] },
  };
}

async function requireDraft(deps: Deps, serverId: string, userId: string, draftId: string) {
  const draft = await draftStore.findDraft(deps.storage.db, draftId, Date.now());
  if (!draft || draft.serverId !== serverId) {
    throw badRequest("This panel draft has expired (drafts last an hour). Run `/selfroles create` again.");
  }
  if (draft.userId !== userId) throw forbidden("Only the admin who started this panel can change it.");
  return draft;
}

/** The role menu: the choice replaces the roles chosen from this page, keeping other pages' choices. */
export async function chooseDraftRoles(
  deps: Deps,
  serverId: string,
  userId: string,
  draftId: string,
  values: string[],
): Promise<OutgoingMessage> {
  const draft = await requireDraft(deps, serverId, userId, draftId);
  const roles = await requireWhitelisted(deps, serverId);
  // The whitelist may have shrunk since the page was drawn: read the page the builder showed.
  const page = Math.min(draft.page, Math.ceil(roles.length / pageSize) - 1);
  const onPage = new Set(roles.slice(page * pageSize, (page + 1) * pageSize).map((r) => r.id));
  const picked = values.filter((id) => onPage.has(id));
  const roleIds = [...draft.roleIds.filter((id) => !onPage.has(id)), ...picked];
  if (roleIds.length > selfRoleLimits.maxRoles) {
    throw badRequest(
      `A panel holds at most ${selfRoleLimits.maxRoles} roles; that would make ${roleIds.length}. Unpick some first.`,
    );
  }
  await draftStore.updateDraft(deps.storage.db, draft.id, { roleIds });
  return builderMessage({ ...draft, roleIds }, roles);
}

export async function changeDraft(
  deps: Deps,
  serverId: string,
  userId: string,
  draftId: string,
  change: { page?: number; display?: store.PanelDisplay },
): Promise<OutgoingMessage> {
  const draft = await requireDraft(deps, serverId, userId, draftId);
  const roles = await requireWhitelisted(deps, serverId);
  const pages = Math.max(1, Math.ceil(roles.length / pageSize));
  const next = {
    ...draft,
    ...(change.display ? { display: change.display } : {}),
    ...(change.page !== undefined ? { page: Math.min(Math.max(0, change.page), pages - 1) } : {}),
  };
  await draftStore.updateDraft(deps.storage.db, draft.id, { display: next.display, page: next.page });
  return builderMessage(next, roles);
}

/** Step 3: posts the panel (every rule checked again: the whitelist may have changed meanwhile). */
export async function postDraft(
  deps: Deps,
  serverId: string,
  userId: string,
  draftId: string,
): Promise<PostedPanel> {
  const draft = await requireDraft(deps, serverId, userId, draftId);
  const roles = draft.roleIds.map((roleId) => ({ roleId, emoji: null }));
  await checkPanelInput(deps, serverId, { ...draft, roles });
  const posted = await createPanel(deps, serverId, userId, { ...draft, roles });
  await draftStore.deleteDraft(deps.storage.db, draft.id);
  return posted;
}

export async function cancelDraft(deps: Deps, serverId: string, userId: string, draftId: string) {
  await requireDraft(deps, serverId, userId, draftId);
  await draftStore.deleteDraft(deps.storage.db, draftId);
}
