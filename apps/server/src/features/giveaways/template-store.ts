import type { GiveawaySettings } from "@hearth/core";
import { type Selectable, sql } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

// Giveaway templates (`giveaway_templates`): a server's named giveaway settings.

type Row = Selectable<Database["giveaway_templates"]>;

export interface Template {
  id: number;
  serverId: string;
  name: string;
  settings: GiveawaySettings;
  createdAt: number;
}

const toTemplate = (row: Row): Template => ({
  id: row.id,
  serverId: row.server_id,
  name: row.name,
  settings: JSON.parse(row.settings) as GiveawaySettings,
  createdAt: Number(row.created_at),
});

export async function insertTemplate(db: Db, template: Omit<Template, "id">): Promise<Template> {
  const row = await db
    .insertInto("giveaway_templates")
    .values({
      server_id: template.serverId,
      name: template.name,
      settings: JSON.stringify(template.settings),
      created_at: template.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTemplate(row);
}

/** A server's templates by name (any case, then as typed). */
export async function listTemplates(db: Db, serverId: string): Promise<Template[]> {
  const rows = await db
    .selectFrom("giveaway_templates")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy(sql`lower(name)`)
    .orderBy("name")
    .execute();
  return rows.map(toTemplate);
}

export async function countTemplates(db: Db, serverId: string): Promise<number> {
  const row = await db
    .selectFrom("giveaway_templates")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("server_id", "=", serverId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findTemplate(db: Db, serverId: string, id: number): Promise<Template | null> {
  const row = await db
    .selectFrom("giveaway_templates")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

/** The server's template of this name, any case (names are unique that way). */
export async function findTemplateByName(db: Db, serverId: string, name: string): Promise<Template | null> {
  const row = await db
    .selectFrom("giveaway_templates")
    .selectAll()
    .where("server_id", "=", serverId)
    .where(sql`lower(name)`, "=", name.toLowerCase())
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

export async function updateTemplate(
  db: Db,
  id: number,
  patch: Partial<Pick<Template, "name" | "settings">>,
): Promise<void> {
  await db
    .updateTable("giveaway_templates")
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.settings !== undefined ? { settings: JSON.stringify(patch.settings) } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export async function deleteTemplate(db: Db, serverId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("giveaway_templates")
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
