import {
  normalizeTriggerText,
  serverCaps,
  type TriggerList,
  type TriggerMatchMode,
  type TriggerReplyType,
  triggerLimits,
  validateTemplate,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { getSettings } from "../settings/service.ts";
import { sampleMember } from "../welcome/service.ts";
import { triggerCache } from "./cache.ts";
import { buildTriggerReply } from "./reply.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage">;

export type { StoredTrigger } from "./store.ts";

/** Who is changing triggers: staff change any trigger and aren't limited; members only their own. */
export interface TriggerActor extends AuditActor {
  userId: string | null;
  staff: boolean;
}

export interface TriggerInput {
  keyword: string;
  response: string;
  match?: TriggerMatchMode;
  replyType?: TriggerReplyType;
  embedTitle?: string | null;
}

function checkKeyword(keyword: string): { keyword: string; key: string } {
  const trimmed = keyword.trim().replace(/\s+/g, " ");
  if (trimmed === "") throw badRequest("The keyword can't be empty.", "keyword");
  if (trimmed.length > triggerLimits.keywordMax) {
    throw badRequest(`The keyword can be at most ${triggerLimits.keywordMax} characters.`, "keyword");
  }
  return { keyword: trimmed, key: normalizeTriggerText(trimmed) };
}

function checkValues(input: Required<TriggerInput>): store.TriggerValues {
  const { keyword, key } = checkKeyword(input.keyword);
  const response = input.response.trim();
  if (response === "") throw badRequest("The response can't be empty.", "response");
  const max = input.replyType === "embed" ? triggerLimits.embedDescriptionMax : triggerLimits.textMax;
  if (response.length > max) {
    throw badRequest(`A ${input.replyType} response can be at most ${max} characters.`, "response");
  }
  const unknown = validateTemplate(response)[0];
  if (unknown) {
    const hint = unknown.suggestion ? ` Did you mean ${unknown.suggestion}?` : "";
    throw badRequest(`The response uses an unknown tag ${unknown.tag}.${hint}`, "response");
  }
  const title = input.replyType === "embed" ? input.embedTitle?.trim() || null : null;
  if (title && title.length > triggerLimits.embedTitleMax) {
    throw badRequest(`The embed title can be at most ${triggerLimits.embedTitleMax} characters.`, "title");
  }
  return {
    keyword,
    keywordKey: key,
    match: input.match,
    replyType: input.replyType,
    response,
    embedTitle: title,
  };
}

async function audit(deps: Deps, serverId: string, actor: TriggerActor, action: string, summary: object) {
  await recordAudit(deps.storage.db, serverId, actor, action, summary as Record<string, unknown>);
}

/** The server's triggers with the limits that apply (the dashboard's list and `/trigger list`). */
export async function listServerTriggers(deps: Deps, serverId: string): Promise<TriggerList> {
  const [triggers, settings] = await Promise.all([
    store.listTriggers(deps.storage.db, serverId),
    getSettings(deps, serverId),
  ]);
  return {
    triggers: triggers.map(({ serverId: _, ...trigger }) => trigger),
    memberLimit: settings.memberTriggerLimit,
    serverLimit: triggerLimits.maxPerServer,
  };
}

/**
 * Adds a trigger. Staff's are unlimited (up to the server's cap); a member may own at most the
 * server's `memberTriggerLimit`. One trigger per keyword per server.
 */
export async function addTrigger(
  deps: Deps,
  serverId: string,
  input: TriggerInput,
  actor: TriggerActor & { userId: string },
): Promise<store.StoredTrigger> {
  const values = checkValues({
    keyword: input.keyword,
    response: input.response,
    match: input.match ?? "word",
    replyType: input.replyType ?? "text",
    embedTitle: input.embedTitle ?? null,
  });
  const limit = actor.staff ? null : (await getSettings(deps, serverId)).memberTriggerLimit;
  const trigger = await transactionForServer(deps.storage, serverId, "triggers", async (trx) => {
    if (await store.findTriggerByKey(trx, serverId, values.keywordKey)) {
      throw conflict(
        `There is already a trigger for “${values.keyword}”. Edit it with /trigger edit.`,
        "keyword",
      );
    }
    checkCap(serverCaps.triggers, await store.countTriggers(trx, serverId));
    if (limit !== null) {
      const own = await store.countTriggers(trx, serverId, actor.userId);
      if (own >= limit) {
        throw forbidden(
          `You have ${own} of your ${limit} trigger${limit === 1 ? "" : "s"} already. Remove one with /trigger remove, or ask staff to add it.`,
        );
      }
    }
    const created = await store.insertTrigger(
      trx,
      serverId,
      { ...values, staff: actor.staff, createdBy: actor.userId },
      Date.now(),
    );
    await recordAudit(trx, serverId, actor, "trigger.add", {
      keyword: created.keyword,
      staff: created.staff,
    });
    return created;
  });
  triggerCache(deps.storage).invalidate(serverId);
  return trigger;
}

async function owned(deps: Deps, serverId: string, keyword: string, actor: TriggerActor) {
  const trigger = await store.findTriggerByKey(deps.storage.db, serverId, normalizeTriggerText(keyword));
  if (!trigger) throw notFound(`There's no trigger for “${keyword.trim()}”. See /trigger list.`);
  if (!actor.staff && trigger.createdBy !== actor.userId) {
    throw forbidden("You can only change your own triggers; staff can change any.");
  }
  return trigger;
}

/** Changes a trigger (its keyword too); members only their own. */
export async function editTrigger(
  deps: Deps,
  serverId: string,
  keyword: string,
  changes: Partial<TriggerInput>,
  actor: TriggerActor,
): Promise<store.StoredTrigger> {
  return applyEdit(
    deps,
    serverId,
    await owned(deps, serverId, keyword, actor),
    changes,
    actor,
    "new_keyword",
  );
}

/** Changes a trigger by id (the dashboard's edit; staff rights come with the token, any trigger). */
export async function editTriggerById(
  deps: Deps,
  serverId: string,
  id: number,
  changes: Partial<TriggerInput>,
  actor: AuditActor & { userId: string | null },
): Promise<store.StoredTrigger> {
  const current = await store.findTriggerById(deps.storage.db, serverId, id);
  if (!current) throw notFound("That trigger doesn't exist (it may have been deleted already).");
  return applyEdit(deps, serverId, current, changes, { ...actor, staff: true }, "keyword");
}

async function applyEdit(
  deps: Deps,
  serverId: string,
  current: store.StoredTrigger,
  changes: Partial<TriggerInput>,
  actor: TriggerActor,
  keywordField: string,
): Promise<store.StoredTrigger> {
  const values = checkValues({
    keyword: changes.keyword ?? current.keyword,
    response: changes.response ?? current.response,
    match: changes.match ?? current.match,
    replyType: changes.replyType ?? current.replyType,
    embedTitle: changes.embedTitle !== undefined ? changes.embedTitle : current.embedTitle,
  });
  const updated = await transactionForServer(deps.storage, serverId, "triggers", async (trx) => {
    const clash = await store.findTriggerByKey(trx, serverId, values.keywordKey);
    if (clash && clash.id !== current.id) {
      throw conflict(`There is already a trigger for “${values.keyword}”.`, keywordField);
    }
    if (!(await store.findTriggerById(trx, serverId, current.id))) {
      throw notFound("That trigger doesn't exist (it may have been deleted already).");
    }
    const row = await store.updateTrigger(trx, serverId, current.id, values, Date.now());
    await recordAudit(trx, serverId, actor, "trigger.edit", { keyword: row.keyword, id: row.id });
    return row;
  });
  triggerCache(deps.storage).invalidate(serverId);
  return updated;
}

/**
 * A trigger's reply as the bot would post it, for the dashboard's member (their name in its tags):
 * checked like a save (400 naming the field), built by the bot's own reply builder.
 */
export async function previewTriggerReply(
  deps: Pick<AppContext, "storage" | "discord" | "logger">,
  serverId: string,
  userId: string,
  input: Pick<TriggerInput, "response" | "replyType" | "embedTitle">,
): Promise<OutgoingMessage> {
  const values = checkValues({
    keyword: "preview",
    response: input.response,
    match: "word",
    replyType: input.replyType ?? "text",
    embedTitle: input.embedTitle ?? null,
  });
  const member = await sampleMember(deps, serverId, userId);
  return buildTriggerReply(deps, serverId, values, member, Date.now());
}

/** Removes a trigger by keyword (`/trigger remove`); members only their own. */
export async function removeTrigger(
  deps: Deps,
  serverId: string,
  keyword: string,
  actor: TriggerActor,
): Promise<store.StoredTrigger> {
  const trigger = await owned(deps, serverId, keyword, actor);
  await deleteTriggerById(deps, serverId, trigger.id, actor);
  return trigger;
}

/** Deletes a trigger by id (the dashboard's delete; staff rights come with the token). */
export async function deleteTriggerById(
  deps: Deps,
  serverId: string,
  id: number,
  actor: AuditActor,
): Promise<void> {
  const trigger = await store.findTriggerById(deps.storage.db, serverId, id);
  if (!trigger || !(await store.deleteTrigger(deps.storage.db, serverId, id))) {
    throw notFound("That trigger doesn't exist (it may have been deleted already).");
  }
  await audit(deps, serverId, { ...actor, staff: true }, "trigger.remove", { keyword: trigger.keyword, id });
  triggerCache(deps.storage).invalidate(serverId);
}

/** The first trigger (oldest first) whose keyword the message has, from the compiled index. */
export async function findMatchingTrigger(deps: Deps, serverId: string, content: string) {
  if (content === "") return null;
  const compiled = await triggerCache(deps.storage).get(serverId);
  if (compiled.length === 0) return null;
  const lowered = content.toLowerCase();
  return compiled.find((entry) => entry.matches(lowered))?.trigger ?? null;
}
