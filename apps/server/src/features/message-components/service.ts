import { randomBytes } from "node:crypto";
import { serverCaps } from "@hearth/core";
import { PostgresAdapter } from "kysely";
import type { AppContext } from "../../context.ts";
import { DiscordError, type RoleInfo } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type ComponentDefinition, type ComponentType, defaultDefinition, validateName } from "./model.ts";
import { refreshPosted } from "./posting.ts";
import type { StoredComponent } from "./store.ts";
import * as store from "./store.ts";

/**
 * A server's components as records: create, find, delete, change a definition safely, and the
 * component-management role. Posting lives in posting.ts, adding actions in actions.ts, role rules
 * in roles.ts, using a component in run.ts, forms in forms.ts, the builder in editor*.ts.
 */

export type { StoredComponent } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** Who is saving a change: role actions check that they could manage the role themselves. */
export interface Editor {
  userId: string;
  roleIds: string[];
  /** Permission bitfield as the interaction carried it. */
  permissions: string;
}

// ---------------------------------------------------------------- create, find, delete

const nameTaken = (name: string) =>
  conflict(`This server already has a component named "${name}". Pick another name.`, "name");

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
    throw nameTaken(name);
  }
  checkCap(serverCaps.components, await store.countComponents(db, serverId));
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
      throw nameTaken(name);
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

// ---------------------------------------------------------------- posted copies

/** How many messages carry the component (the delete question says they lose it). */
export async function countPostedCopies(
  deps: Pick<AppContext, "storage">,
  component: StoredComponent,
): Promise<number> {
  return (await store.listPosted(deps.storage.db, component.componentId)).length;
}

/** A message or a whole channel was deleted in Discord: the copies posted there are forgotten. */
export async function forgetDeletedCopies(
  deps: Pick<AppContext, "storage">,
  where: { messageId: string } | { channelId: string },
): Promise<void> {
  await store.forgetPosted(deps.storage.db, where);
}

// ---------------------------------------------------------------- editing

/**
 * Changes a component's definition in one transaction (the row is locked on PostgreSQL), so two
 * admins editing at once never lose each other's change. `change` throws to refuse.
 */
/** Renames a component; another of the server's may not have the name (in any case). */
export async function renameComponent(
  deps: Pick<AppContext, "storage">,
  component: StoredComponent,
  newName: string,
  now = Date.now(),
): Promise<StoredComponent> {
  const name = validateName(newName);
  const holder = await store.findComponent(deps.storage.db, component.serverId, name);
  if (holder && holder.componentId !== component.componentId) throw nameTaken(name);
  try {
    await store.saveName(deps.storage.db, component.componentId, name, now);
  } catch (error) {
    // Two admins taking the same name at once: the unique key decides.
    if (/unique|duplicate/i.test(String((error as Error).message))) throw nameTaken(name);
    throw error;
  }
  return { ...component, name, updatedAt: now };
}

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
