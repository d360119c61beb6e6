import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database, Db } from "../../db/schema.ts";

type DraftRow = Selectable<Database["designer_drafts"]>;

/** A preview lasts an hour; after that its buttons answer that it expired. */
export const draftLifetimeMs = 3_600_000;

export type DraftSource = "ai" | "offline" | "edited";

/** A design waiting in its preview. `D` is the purpose's design, `X` what saving it needs. */
export interface Draft<D, X> {
  id: string;
  serverId: string;
  userId: string;
  purpose: string;
  instructions: string;
  design: D;
  source: DraftSource;
  fellBack: boolean;
  attempt: number;
  extra: X;
  createdAt: number;
  expiresAt: number;
}

const fromRow = <D, X>(row: DraftRow): Draft<D, X> => ({
  id: row.id,
  serverId: row.server_id,
  userId: row.user_id,
  purpose: row.purpose,
  instructions: row.instructions,
  design: JSON.parse(row.design) as D,
  source: row.source as DraftSource,
  fellBack: row.fell_back === 1,
  attempt: row.attempt,
  extra: JSON.parse(row.extra) as X,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
});

/** Stores a new draft (and forgets every expired one); answers it with its id. */
export async function createDraft<D, X>(
  db: Db,
  input: Omit<Draft<D, X>, "id" | "createdAt" | "expiresAt">,
  now = Date.now(),
): Promise<Draft<D, X>> {
  await db.deleteFrom("designer_drafts").where("expires_at", "<=", now).execute();
  const draft: Draft<D, X> = {
    ...input,
    id: randomBytes(12).toString("base64url"),
    createdAt: now,
    expiresAt: now + draftLifetimeMs,
  };
  await db
    .insertInto("designer_drafts")
    .values({
      id: draft.id,
      server_id: draft.serverId,
      user_id: draft.userId,
      purpose: draft.purpose,
      instructions: draft.instructions,
      design: JSON.stringify(draft.design),
      source: draft.source,
      fell_back: draft.fellBack ? 1 : 0,
      attempt: draft.attempt,
      extra: JSON.stringify(draft.extra),
      created_at: draft.createdAt,
      expires_at: draft.expiresAt,
    })
    .execute();
  return draft;
}

/** A live draft of this purpose, or null when it is unknown, expired, saved or cancelled. */
export async function findDraft<D, X>(
  db: Db,
  id: string,
  purpose: string,
  now = Date.now(),
): Promise<Draft<D, X> | null> {
  const row = await db
    .selectFrom("designer_drafts")
    .selectAll()
    .where("id", "=", id)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return null;
  return fromRow<D, X>(row);
}

/** Replaces a draft's design (Try again, Edit text); the hour starts again. */
export async function updateDraft<D>(
  db: Db,
  id: string,
  changes: { design: D; source: DraftSource; fellBack: boolean; attempt: number; instructions: string },
  now = Date.now(),
): Promise<number> {
  const expiresAt = now + draftLifetimeMs;
  await db
    .updateTable("designer_drafts")
    .set({
      design: JSON.stringify(changes.design),
      source: changes.source,
      fell_back: changes.fellBack ? 1 : 0,
      attempt: changes.attempt,
      instructions: changes.instructions,
      expires_at: expiresAt,
    })
    .where("id", "=", id)
    .execute();
  return expiresAt;
}

/** Removes a draft; answers whether it was still there (so a double Save saves once). */
export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("designer_drafts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
