import type { Kysely, Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import { type ComponentDefinition, type ComponentType, parseDefinition } from "./model.ts";

export interface StoredComponent {
  id: number;
  componentId: string;
  serverId: string;
  name: string;
  type: ComponentType;
  definition: ComponentDefinition;
  postChannelId: string | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface PostedMessage {
  componentId: string;
  serverId: string;
  channelId: string;
  messageId: string;
}

function toComponent(row: Selectable<Database["components"]>): StoredComponent {
  return {
    id: row.id,
    componentId: row.component_id,
    serverId: row.server_id,
    name: row.name,
    type: row.type as ComponentType,
    definition: parseDefinition(row.definition),
    postChannelId: row.post_channel_id,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function insertComponent(
  db: Db,
  input: {
    componentId: string;
    serverId: string;
    name: string;
    type: ComponentType;
    definition: ComponentDefinition;
    postChannelId: string | null;
    createdBy: string;
  },
  now: number,
): Promise<StoredComponent> {
  const row = await db
    .insertInto("components")
    .values({
      component_id: input.componentId,
      server_id: input.serverId,
      name: input.name,
      name_key: input.name.toLowerCase(),
      type: input.type,
      definition: JSON.stringify(input.definition),
      post_channel_id: input.postChannelId,
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toComponent(row);
}

/** By the stable id, whatever the server (custom ids carry only the id). */
export async function findComponentById(
  db: Db,
  componentId: string,
  options: { lock?: boolean } = {},
): Promise<StoredComponent | null> {
  let query = db.selectFrom("components").selectAll().where("component_id", "=", componentId);
  // PostgreSQL: lock the row for a read-modify-write of the definition (SQLite serialises writes).
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toComponent(row) : null;
}

/** A server's component by id or by name (case-insensitive). */
export async function findComponent(
  db: Db,
  serverId: string,
  nameOrId: string,
): Promise<StoredComponent | null> {
  const key = nameOrId.trim();
  const row = await db
    .selectFrom("components")
    .selectAll()
    .where("server_id", "=", serverId)
    .where((eb) => eb.or([eb("component_id", "=", key), eb("name_key", "=", key.toLowerCase())]))
    .orderBy("id")
    .executeTakeFirst();
  return row ? toComponent(row) : null;
}

export async function countComponents(db: Db, serverId: string): Promise<number> {
  const row = await db
    .selectFrom("components")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("server_id", "=", serverId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listComponents(db: Db, serverId: string): Promise<StoredComponent[]> {
  const rows = await db
    .selectFrom("components")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("name_key")
    .execute();
  return rows.map(toComponent);
}

/** Saves a new definition; false when the component was deleted meanwhile. */
/** A new name (the unique key on the lowercased name refuses one taken meanwhile). */
export async function saveName(db: Db, componentId: string, name: string, now: number): Promise<void> {
  await db
    .updateTable("components")
    .set({ name, name_key: name.toLowerCase(), updated_at: now })
    .where("component_id", "=", componentId)
    .execute();
}

export async function saveDefinition(
  db: Db,
  componentId: string,
  definition: ComponentDefinition,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("components")
    .set({ definition: JSON.stringify(definition), updated_at: now })
    .where("component_id", "=", componentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a component with its posted-message records; answers the records (to strip the messages). */
export async function deleteComponent(db: Kysely<Database>, componentId: string): Promise<PostedMessage[]> {
  return db.transaction().execute(async (trx) => {
    const posted = await listPosted(trx, componentId);
    await trx.deleteFrom("component_messages").where("component_id", "=", componentId).execute();
    await trx.deleteFrom("components").where("component_id", "=", componentId).execute();
    return posted;
  });
}

export async function recordPosted(db: Db, posted: PostedMessage, now: number): Promise<void> {
  await db
    .insertInto("component_messages")
    .values({
      component_id: posted.componentId,
      server_id: posted.serverId,
      channel_id: posted.channelId,
      message_id: posted.messageId,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["message_id", "component_id"]).doNothing())
    .execute();
}

export async function listPosted(db: Db, componentId: string): Promise<PostedMessage[]> {
  const rows = await db
    .selectFrom("component_messages")
    .selectAll()
    .where("component_id", "=", componentId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    componentId: row.component_id,
    serverId: row.server_id,
    channelId: row.channel_id,
    messageId: row.message_id,
  }));
}

/** Forgets posted messages that are gone (deleted message or channel). */
export async function forgetPosted(
  db: Db,
  where: { messageId: string } | { channelId: string },
): Promise<number> {
  const query = db.deleteFrom("component_messages");
  const result = await ("messageId" in where
    ? query.where("message_id", "=", where.messageId)
    : query.where("channel_id", "=", where.channelId)
  ).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function getManagerRole(db: Db, serverId: string): Promise<string | null> {
  const row = await db
    .selectFrom("component_settings")
    .select("manager_role_id")
    .where("server_id", "=", serverId)
    .executeTakeFirst();
  return row?.manager_role_id ?? null;
}

export async function setManagerRole(
  db: Db,
  serverId: string,
  roleId: string | null,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto("component_settings")
    .values({ server_id: serverId, manager_role_id: roleId, updated_by: userId, updated_at: now })
    .onConflict((oc) =>
      oc.column("server_id").doUpdateSet({ manager_role_id: roleId, updated_by: userId, updated_at: now }),
    )
    .execute();
}
