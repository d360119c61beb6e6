import { type EmbedDraft, embedStarters, findEmbedStarter, serverCaps, validateDraft } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { checkCap } from "../../lib/caps.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { embedBuilderLimits, problemsError } from "./service.ts";
import * as store from "./store.ts";

/** A server's saved embed templates, and the built-in ones beside them. */

type Deps = Pick<AppContext, "storage">;

export function readTemplateName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed === "") throw badRequest("Give the template a name.", "name");
  if (trimmed.length > embedBuilderLimits.templateName) {
    throw badRequest(
      `The template name is ${trimmed.length} characters; the limit is ${embedBuilderLimits.templateName}.`,
      "name",
    );
  }
  return trimmed;
}

/**
 * Saves a draft as one of the server's templates. Names are unique per server whatever their case;
 * an existing one is replaced only when asked. Tags are checked here, so a template always sends.
 */
export async function saveTemplate(
  deps: Deps,
  serverId: string,
  input: {
    name: string;
    draft: EmbedDraft;
    userId: string | null;
    replace?: boolean;
    /** Who saved it from the dashboard: the save is audited. */
    actor?: AuditActor;
  },
  now: number = Date.now(),
): Promise<{ template: store.EmbedTemplate; replaced: boolean }> {
  const saved = await storeTemplate(deps, serverId, input, now);
  if (input.actor) {
    await recordAudit(deps.storage.db, serverId, input.actor, "embed.template-save", {
      after: { id: saved.template.id, name: saved.template.name },
      replaced: saved.replaced,
    });
  }
  return saved;
}

async function storeTemplate(
  deps: Deps,
  serverId: string,
  input: { name: string; draft: EmbedDraft; replace?: boolean; userId: string | null },
  now: number,
): Promise<{ template: store.EmbedTemplate; replaced: boolean }> {
  const name = readTemplateName(input.name);
  const problems = validateDraft(input.draft);
  if (problems.length > 0) throw problemsError(problems, "That embed can't be saved as a template:");
  const db = deps.storage.db;
  const existing = await store.findTemplateByName(db, serverId, name);
  if (existing) {
    if (!input.replace) {
      throw conflict(
        `This server already has a template named “${existing.name}”. Pick another name, or answer **yes** to replace it.`,
        "name",
      );
    }
    const template = await store.replaceTemplate(db, { serverId, name, draft: input.draft }, now);
    if (template) return { template, replaced: true };
  }
  checkCap(serverCaps.embedTemplates, await store.countTemplates(db, serverId), "name");
  const template = await store.insertTemplate(
    db,
    { serverId, name, draft: input.draft, createdBy: input.userId },
    now,
  );
  if (!template) throw conflict(`This server already has a template named “${name}”.`, "name");
  return { template, replaced: false };
}

export function listTemplates(deps: Deps, serverId: string) {
  return store.listTemplates(deps.storage.db, serverId);
}

export async function deleteTemplate(
  deps: Deps,
  serverId: string,
  templateId: number,
  /** Who deleted it from the dashboard: the deletion is audited. */
  actor?: AuditActor,
): Promise<store.EmbedTemplate> {
  const removed = await store.deleteTemplate(deps.storage.db, serverId, templateId);
  if (!removed) throw notFound("That template was already deleted.");
  if (actor) {
    await recordAudit(deps.storage.db, serverId, actor, "embed.template-delete", {
      before: { id: removed.id, name: removed.name },
    });
  }
  return removed;
}

/** A template by name: the server's own first, then the built-in ones. */
export async function resolveTemplate(
  deps: Deps,
  serverId: string,
  name: string,
): Promise<{ name: string; draft: EmbedDraft; builtIn: boolean }> {
  const saved = await store.findTemplateByName(deps.storage.db, serverId, name);
  if (saved) return { name: saved.name, draft: saved.draft, builtIn: false };
  const starter = findEmbedStarter(name);
  if (starter) return { name: starter.name, draft: starter.draft, builtIn: true };
  const own = (await store.listTemplates(deps.storage.db, serverId)).map((t) => t.name);
  const builtIn = embedStarters.map((s) => s.key).join(", ");
  throw notFound(
    `No template named “${name.trim()}”. ${own.length > 0 ? `Saved here: ${own.slice(0, 15).join(", ")}. ` : ""}Built in: ${builtIn}.`,
  );
}

/** A template chosen in the builder's menu: `t:<id>` (saved) or `s:<key>` (built in). */
export async function templateByChoice(
  deps: Deps,
  serverId: string,
  choice: string,
): Promise<{ name: string; draft: EmbedDraft }> {
  if (choice.startsWith("s:")) {
    const starter = findEmbedStarter(choice.slice(2));
    if (starter) return { name: starter.name, draft: starter.draft };
  } else if (choice.startsWith("t:")) {
    const template = await store.findTemplateById(deps.storage.db, serverId, Number(choice.slice(2)));
    if (template) return { name: template.name, draft: template.draft };
  }
  throw notFound("That template no longer exists.");
}
