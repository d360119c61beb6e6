import type { EmbedDraft } from "@hearth/core";
import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";
import type { Button, Embed, SelectMenu } from "../../discord/port/port.ts";

export interface EmbedTemplate {
  id: number;
  serverId: string;
  name: string;
  draft: EmbedDraft;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A form a member submitted that was refused, kept so "Fix it" reopens it with their text. */
export interface PendingForm {
  form: string;
  fields: Record<string, string>;
}

/** The parts of an edited message the builder doesn't touch. */
export interface TargetRest {
  content: string;
  /** The message's embeds after the first (the one being edited). */
  embeds: Embed[];
  /** Its rows of buttons and menus other than the link row the builder edits. */
  components?: (Button | SelectMenu)[][];
  /** Where the link row stood among the rows; null when the message had none. */
  buttonRowAt?: number | null;
}

export interface DraftSession {
  id: string;
  serverId: string;
  userId: string;
  draft: EmbedDraft;
  /** Set when the session edits a message Hearth posted. */
  target: { channelId: string; messageId: string; rest: TargetRest } | null;
  pendingForm: PendingForm | null;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

function parse<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function toTemplate(row: Selectable<Database["embed_templates"]>): EmbedTemplate {
  return {
    id: row.id,
    serverId: row.server_id,
    name: row.name,
    draft: parse<EmbedDraft>(row.draft, {}),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toSession(row: Selectable<Database["embed_drafts"]>): DraftSession {
  return {
    id: row.id,
    serverId: row.server_id,
    userId: row.user_id,
    draft: parse<EmbedDraft>(row.draft, {}),
    target:
      row.target_channel_id && row.target_message_id
        ? {
            channelId: row.target_channel_id,
            messageId: row.target_message_id,
            rest: parse<TargetRest>(row.target_rest, { content: "", embeds: [] }),
          }
        : null,
    pendingForm: parse<PendingForm | null>(row.pending_form, null),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    expiresAt: Number(row.expires_at),
  };
}

export const nameKey = (name: string) => name.trim().toLowerCase();

// ---- templates ----

export async function listTemplates(db: Db, serverId: string): Promise<EmbedTemplate[]> {
  const rows = await db
    .selectFrom("embed_templates")
    .selectAll()
    .where("server_id", "=", serverId)
    .orderBy("name_key")
    .orderBy("id")
    .execute();
  return rows.map(toTemplate);
}

export async function countTemplates(db: Db, serverId: string): Promise<number> {
  const row = await db
    .selectFrom("embed_templates")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("server_id", "=", serverId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findTemplateByName(
  db: Db,
  serverId: string,
  name: string,
): Promise<EmbedTemplate | null> {
  const row = await db
    .selectFrom("embed_templates")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("name_key", "=", nameKey(name))
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

export async function findTemplateById(db: Db, serverId: string, id: number): Promise<EmbedTemplate | null> {
  const row = await db
    .selectFrom("embed_templates")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

/** Adds a template; null when the server already has one of that name (any case). */
export async function insertTemplate(
  db: Db,
  input: { serverId: string; name: string; draft: EmbedDraft; createdBy: string | null },
  now: number,
): Promise<EmbedTemplate | null> {
  const row = await db
    .insertInto("embed_templates")
    .values({
      server_id: input.serverId,
      name: input.name,
      name_key: nameKey(input.name),
      draft: JSON.stringify(input.draft),
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["server_id", "name_key"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

/** Replaces the embed (and the name's spelling) of the server's template of that name. */
export async function replaceTemplate(
  db: Db,
  input: { serverId: string; name: string; draft: EmbedDraft },
  now: number,
): Promise<EmbedTemplate | null> {
  const row = await db
    .updateTable("embed_templates")
    .set({ name: input.name, draft: JSON.stringify(input.draft), updated_at: now })
    .where("server_id", "=", input.serverId)
    .where("name_key", "=", nameKey(input.name))
    .returningAll()
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

export async function deleteTemplate(db: Db, serverId: string, id: number): Promise<EmbedTemplate | null> {
  const row = await db
    .deleteFrom("embed_templates")
    .where("server_id", "=", serverId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

// ---- builder sessions ----

/** Sessions of a server not yet expired at `now`. */
export async function countOpenSessions(db: Db, serverId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom("embed_drafts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("server_id", "=", serverId)
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSession(
  db: Db,
  input: {
    id: string;
    serverId: string;
    userId: string;
    draft: EmbedDraft;
    target: DraftSession["target"];
  },
  now: number,
  expiresAt: number,
): Promise<DraftSession> {
  const row = await db
    .insertInto("embed_drafts")
    .values({
      id: input.id,
      server_id: input.serverId,
      user_id: input.userId,
      draft: JSON.stringify(input.draft),
      target_channel_id: input.target?.channelId ?? null,
      target_message_id: input.target?.messageId ?? null,
      target_rest: input.target ? JSON.stringify(input.target.rest) : null,
      pending_form: null,
      created_at: now,
      updated_at: now,
      expires_at: expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSession(row);
}

/** The session, unless it is gone or expired at `now`. */
export async function findSession(db: Db, id: string, now: number): Promise<DraftSession | null> {
  const row = await db
    .selectFrom("embed_drafts")
    .selectAll()
    .where("id", "=", id)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? toSession(row) : null;
}

/** Saves a new draft (clearing a refused form) and pushes the expiry back. */
export async function updateSessionDraft(
  db: Db,
  id: string,
  draft: EmbedDraft,
  now: number,
  expiresAt: number,
): Promise<DraftSession | null> {
  const row = await db
    .updateTable("embed_drafts")
    .set({ draft: JSON.stringify(draft), pending_form: null, updated_at: now, expires_at: expiresAt })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ? toSession(row) : null;
}

export async function setPendingForm(db: Db, id: string, pending: PendingForm | null): Promise<void> {
  await db
    .updateTable("embed_drafts")
    .set({ pending_form: pending ? JSON.stringify(pending) : null })
    .where("id", "=", id)
    .execute();
}

export async function deleteSession(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("embed_drafts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the sessions expired at `now`; answers how many. */
export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom("embed_drafts").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
