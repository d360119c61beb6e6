import type { AppContext } from "../../context.ts";
import type { InteractionMember } from "../../discord/port/interaction.ts";
import type { OutgoingMessage, TextInput, UserInfo } from "../../discord/port/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { type DesignPurpose, design, instructionsMax, serverContext } from "./provider.ts";
import { createDraft, type Draft, deleteDraft, findDraft, updateDraft } from "./store.ts";

/**
 * A design's life before it is saved: designed into a draft, designed again or edited, then saved
 * into the feature's config (which drops the draft) or cancelled. The preview's buttons call these.
 */

export type { Draft } from "./store.ts";

type Ctx = AppContext;

export interface DesignFlow<D, X> {
  purpose: DesignPurpose<D>;
  /** Refuses members who may not design this (the command's permissions, re-checked on each click). */
  requirePermission(member: InteractionMember | null): void;
  /** The design rendered as the members will see it, for `user` (the preview's own parts). */
  render(ctx: Ctx, draft: Draft<D, X>, user: UserInfo): Promise<OutgoingMessage>;
  /** Lines for the preview's note (sample values used, where it will be posted…). */
  notes(draft: Draft<D, X>): string[];
  /** The Edit text form's fields, pre-filled (at most five). */
  editFields(design: D): TextInput[];
  /** The design after the Edit text form; throws a friendly error naming the limit. */
  applyEdit(design: D, fields: Record<string, string>): D;
  /** Writes the design into the feature's config; answers the message that replaces the preview. */
  save(ctx: Ctx, draft: Draft<D, X>, actor: { tokenId: null; userId: string }): Promise<OutgoingMessage>;
}

const expired = () =>
  badRequest(
    "This preview has expired (previews last an hour) or was already saved or cancelled: run the command again.",
  );

/** Designs a message for `user` and keeps it as a draft; nothing is saved yet. */
export async function designDraft<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  input: { serverId: string; user: UserInfo; instructions: string; extra: X },
): Promise<Draft<D, X>> {
  const instructions = input.instructions.trim().slice(0, instructionsMax);
  const server = await serverContext(ctx, input.serverId);
  const result = await design(ctx, flow.purpose, instructions, server);
  return createDraft<D, X>(ctx.storage.db, {
    serverId: input.serverId,
    userId: input.user.id,
    purpose: flow.purpose.name,
    instructions,
    design: result.design,
    source: result.source,
    fellBack: result.fellBack,
    attempt: 0,
    extra: input.extra,
  });
}

/** A draft a button or form points at, checked: live, the caller's own, and the caller still allowed. */
export async function requireOwnDraft<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  draftId: string | null,
  caller: { member: InteractionMember | null; guildId: string | null; userId: string },
): Promise<Draft<D, X>> {
  if (draftId === null) throw expired();
  flow.requirePermission(caller.member);
  const draft = await findDraft<D, X>(ctx.storage.db, draftId, flow.purpose.name);
  if (!draft || draft.serverId !== caller.guildId) throw expired();
  if (draft.userId !== caller.userId) {
    throw forbidden(`Only <@${draft.userId}>, who asked for this design, can use its buttons.`);
  }
  return draft;
}

/** Save: the design goes into the feature's config and the draft is dropped; answers the feature's message. */
export async function saveDraft<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  draft: Draft<D, X>,
  actor: { tokenId: null; userId: string },
): Promise<OutgoingMessage> {
  const saved = await flow.save(ctx, draft, actor);
  await deleteDraft(ctx.storage.db, draft.id);
  return saved;
}

export async function cancelDraft(ctx: Ctx, draft: Draft<unknown, unknown>): Promise<void> {
  await deleteDraft(ctx.storage.db, draft.id);
}

/** Try again: another version, with new instructions when given (else the draft's own). */
export async function redesignDraft<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  draft: Draft<D, X>,
  newInstructions: string,
): Promise<Draft<D, X>> {
  const instructions = newInstructions.trim().slice(0, instructionsMax) || draft.instructions;
  const attempt = draft.attempt + 1;
  const server = await serverContext(ctx, draft.serverId);
  const result = await design(ctx, flow.purpose, instructions, server, { attempt });
  const expiresAt = await updateDraft(ctx.storage.db, draft.id, {
    design: result.design,
    source: result.source,
    fellBack: result.fellBack,
    attempt,
    instructions,
  });
  return {
    ...draft,
    design: result.design,
    source: result.source,
    fellBack: result.fellBack,
    attempt,
    instructions,
    expiresAt,
  };
}

/** Edit text: the member's words, refused (naming the limit) when they break the purpose's rules. */
export async function editDraft<D, X>(
  ctx: Ctx,
  flow: DesignFlow<D, X>,
  draft: Draft<D, X>,
  fields: Record<string, string>,
): Promise<Draft<D, X>> {
  const edited = flow.applyEdit(draft.design, fields);
  const problems = flow.purpose.problems(edited);
  if (problems.length > 0) throw badRequest(`Not saved: ${problems.join("\n")}`);
  const expiresAt = await updateDraft(ctx.storage.db, draft.id, {
    design: edited,
    source: "edited",
    fellBack: false,
    attempt: draft.attempt,
    instructions: draft.instructions,
  });
  return { ...draft, design: edited, source: "edited" as const, fellBack: false, expiresAt };
}
