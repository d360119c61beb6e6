import { randomBytes } from "node:crypto";
import {
  cleanDraft,
  draftHasTags,
  draftToEmbed,
  type EmbedDraft,
  type EmbedProblem,
  embedLength,
  embedLimits,
  embedStarters,
  embedToDraft,
  findEmbedStarter,
  type LinkButtonDraft,
  parseEmbedJson,
  renderDraft,
  renderTemplate,
  type TemplateContext,
  validateDraft,
  validateEmbed,
  validateTemplate,
  withoutTagLinks,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { channelPermissions, Permission } from "../../discord/permissions.ts";
import type { Attachment, ChannelInfo, Embed, MemberInfo, OutgoingMessage } from "../../discord/port.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { templateContextFor } from "../welcome/render.ts";
import { editedMessageRows, linkButtonRow, splitMessageRows } from "./link-buttons.ts";
import * as store from "./store.ts";

export type { DraftSession, EmbedTemplate, PendingForm } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

const hour = 3_600_000;

export const embedBuilderLimits = {
  /** A builder session (its draft) is kept this long after its last change. */
  sessionTtlMs: 24 * hour,
  templatesPerServer: 50,
  templateName: 50,
  /** Text above the embed when sending. */
  content: 2000,
  /** How much JSON one export message carries (a code block in a 2,000-character message). */
  exportChunk: 1900,
  /** How many messages an export may take. */
  exportParts: 5,
  importTimeoutMs: 10_000,
} as const;

/** The job that deletes expired builder sessions. */
export const sessionSweepJob = "embeds.session-sweep";

/** Channel types the builder posts in: text and announcement. */
const postableTypes = new Set([0, 5]);

/** One message listing what is wrong, each line naming the part and the limit. */
export function describeProblems(problems: EmbedProblem[], heading = "That wasn't saved:"): string {
  const shown = problems.slice(0, 8).map((problem) => `• ${problem.message}`);
  if (problems.length > shown.length) shown.push(`• …and ${problems.length - shown.length} more.`);
  return `${heading}\n${shown.join("\n")}`;
}

function problemsError(problems: EmbedProblem[], heading?: string): AppError {
  return badRequest(describeProblems(problems, heading), problems[0]?.field);
}

// ---- builder sessions ----

function sessionExpiry(now: number): number {
  return now + embedBuilderLimits.sessionTtlMs;
}

/** Asks the queue to sweep expired sessions at the end of the hour the session expires in. */
async function scheduleSweep(deps: Deps, expiresAt: number): Promise<void> {
  const runAt = Math.ceil(expiresAt / hour) * hour;
  await deps.jobs.schedule(sessionSweepJob, {}, runAt, { dedupeKey: `embeds:sweep:${runAt}` });
}

/** Opens a builder session on a draft (already valid); `target` makes Send update that message. */
export async function openSession(
  deps: Deps,
  input: { serverId: string; userId: string; draft: EmbedDraft; target?: store.DraftSession["target"] },
  now: number = Date.now(),
): Promise<store.DraftSession> {
  const expiresAt = sessionExpiry(now);
  const session = await store.insertSession(
    deps.storage.db,
    {
      id: randomBytes(9).toString("base64url"),
      serverId: input.serverId,
      userId: input.userId,
      draft: input.draft,
      target: input.target ?? null,
    },
    now,
    expiresAt,
  );
  await scheduleSweep(deps, expiresAt);
  return session;
}

/** The caller's session: gone or expired sessions and other members' sessions are refused. */
export async function requireSession(
  deps: Pick<Deps, "storage">,
  sessionId: string,
  userId: string,
  now: number = Date.now(),
): Promise<store.DraftSession> {
  const session = await store.findSession(deps.storage.db, sessionId, now);
  if (!session) {
    throw notFound(
      "This embed builder has expired (drafts are kept 24 hours after their last change). Start again with `/embed create`.",
    );
  }
  if (session.userId !== userId) throw forbidden("Only the member who opened this embed builder can use it.");
  return session;
}

export type DraftChange = { ok: true; session: store.DraftSession } | { ok: false; problems: EmbedProblem[] };

/**
 * Replaces the session's draft when the new one passes every check (Discord's limits, colours,
 * links, tags). When it doesn't, the draft stays as it was and `pending` (the form as submitted)
 * is kept so the member can fix it without typing it again.
 */
export async function changeDraft(
  deps: Deps,
  session: store.DraftSession,
  next: EmbedDraft,
  pending: store.PendingForm | null = null,
  now: number = Date.now(),
): Promise<DraftChange> {
  const problems = validateDraft(next);
  if (problems.length > 0) {
    if (pending) await store.setPendingForm(deps.storage.db, session.id, pending);
    return { ok: false, problems };
  }
  const expiresAt = sessionExpiry(now);
  const saved = await store.updateSessionDraft(deps.storage.db, session.id, next, now, expiresAt);
  if (!saved) throw notFound("This embed builder was closed. Start again with `/embed create`.");
  await scheduleSweep(deps, expiresAt);
  return { ok: true, session: saved };
}

export async function closeSession(deps: Pick<Deps, "storage">, sessionId: string): Promise<void> {
  await store.deleteSession(deps.storage.db, sessionId);
}

/** Deletes expired sessions (the sweep job). */
export function sweepSessions(deps: Pick<Deps, "storage">, now: number = Date.now()): Promise<number> {
  return store.deleteExpiredSessions(deps.storage.db, now);
}

// ---- templates ----

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
  deps: Pick<Deps, "storage">,
  serverId: string,
  input: { name: string; draft: EmbedDraft; userId: string | null; replace?: boolean },
  now: number = Date.now(),
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
  if ((await store.countTemplates(db, serverId)) >= embedBuilderLimits.templatesPerServer) {
    throw badRequest(
      `This server has ${embedBuilderLimits.templatesPerServer} templates, the limit. Delete one with \`/embed templates\` first.`,
      "name",
    );
  }
  const template = await store.insertTemplate(
    db,
    { serverId, name, draft: input.draft, createdBy: input.userId },
    now,
  );
  if (!template) throw conflict(`This server already has a template named “${name}”.`, "name");
  return { template, replaced: false };
}

export function listTemplates(deps: Pick<Deps, "storage">, serverId: string) {
  return store.listTemplates(deps.storage.db, serverId);
}

export async function deleteTemplate(
  deps: Pick<Deps, "storage">,
  serverId: string,
  templateId: number,
): Promise<store.EmbedTemplate> {
  const removed = await store.deleteTemplate(deps.storage.db, serverId, templateId);
  if (!removed) throw notFound("That template was already deleted.");
  return removed;
}

/** A template by name: the server's own first, then the built-in ones. */
export async function resolveTemplate(
  deps: Pick<Deps, "storage">,
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
  deps: Pick<Deps, "storage">,
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

// ---- import and export ----

/** An embed from pasted or uploaded JSON, or a clear error naming what is wrong. */
export function importJson(text: string): { draft: EmbedDraft; name: string | null; notes: string[] } {
  const result = parseEmbedJson(text);
  if (!result.ok) throw problemsError(result.problems, "That JSON can't be imported:");
  return { draft: result.draft, name: result.name, notes: result.notes };
}

const discordCdnHosts = new Set(["cdn.discordapp.com", "media.discordapp.net"]);

/**
 * Downloads an uploaded file's text, refusing more than 1 MB: by its declared size first, then by
 * the bytes actually read (a missing or wrong Content-Length can't get past). On Discord only
 * Discord's own CDN is fetched.
 */
export async function downloadAttachment(
  attachment: Attachment,
  options: { fetch?: typeof fetch; onlyDiscordCdn?: boolean; timeoutMs?: number } = {},
): Promise<string> {
  const limit = embedLimits.importBytes;
  const tooBig = (bytes: number) =>
    badRequest(
      `${attachment.filename} is ${(bytes / 1024 / 1024).toFixed(1)} MB; the import limit is 1 MB (${limit.toLocaleString("en-US")} bytes).`,
      "file",
    );
  let url: URL;
  try {
    url = new URL(attachment.url);
  } catch {
    throw badRequest("That file has no address I can read.", "file");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw badRequest("That file has no address I can read.", "file");
  }
  if (options.onlyDiscordCdn && !discordCdnHosts.has(url.hostname)) {
    throw badRequest("Upload the JSON file to Discord with the command's **file** option.", "file");
  }
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? embedBuilderLimits.importTimeoutMs),
    });
  } catch {
    throw new AppError(503, "I couldn't download that file from Discord. Please try again in a moment.");
  }
  if (!response.ok) {
    throw new AppError(
      503,
      `Discord answered ${response.status} when I downloaded that file. Upload it again.`,
    );
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooBig(declared);
  }
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooBig(read);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

/**
 * The draft as Hearth's JSON file, split into code-block sized parts (Discord messages hold 2,000
 * characters). Compact JSON; pretty-printed when that still fits in one message.
 */
export function exportParts(json: { pretty: string; compact: string }): string[] {
  const size = embedBuilderLimits.exportChunk;
  if (json.pretty.length <= size) return [json.pretty];
  const parts: string[] = [];
  for (let at = 0; at < json.compact.length; at += size) parts.push(json.compact.slice(at, at + size));
  return parts;
}

// ---- rendering and sending ----

/** The template context for a member (what `{user.…}` and `{server.…}` read). */
export function contextFor(deps: Pick<Deps, "discord">, serverId: string, member: MemberInfo) {
  return templateContextFor(deps, serverId, member);
}

/** The draft with its tags filled in for a member. */
export function renderFor(draft: EmbedDraft, context: TemplateContext | null): EmbedDraft {
  if (!context || !draftHasTags(draft)) return draft;
  return renderDraft(draft, (text) => renderTemplate(text, context));
}

/**
 * The preview: the embed and its link buttons as the member would send them (tags filled in for
 * them), or as written when the filled-in version would break a limit (sending then explains).
 */
export async function previewMessage(
  deps: Pick<Deps, "discord">,
  serverId: string,
  member: MemberInfo | null,
  draft: EmbedDraft,
): Promise<{ embed: Embed; buttons: LinkButtonDraft[] }> {
  if (member && draftHasTags(draft)) {
    try {
      const rendered = renderFor(draft, await contextFor(deps, serverId, member));
      if (validateEmbed(rendered).length === 0) {
        return { embed: draftToEmbed(rendered), buttons: rendered.buttons ?? [] };
      }
    } catch {
      // The preview falls back to the text as written.
    }
  }
  return { embed: draftToEmbed(withoutTagLinks(draft)), buttons: cleanDraft(draft).buttons ?? [] };
}

/**
 * A channel as a member names it: `<#id>`, an id, `#name` or `name` (any case). Only text and
 * announcement channels of the server.
 */
export async function resolveChannel(
  deps: Pick<Deps, "discord">,
  serverId: string,
  text: string,
): Promise<ChannelInfo> {
  const wanted = text.trim();
  if (wanted === "") throw badRequest("Name the channel to send to, e.g. #announcements.", "channel");
  const channels = await deps.discord.listChannels(serverId);
  const id = /^<#(\d+)>$/.exec(wanted)?.[1] ?? (/^\d{5,25}$/.test(wanted) ? wanted : null);
  const name = wanted.replace(/^#/, "").toLowerCase();
  const channel = id
    ? channels.find((c) => c.id === id)
    : channels.find((c) => c.name.toLowerCase() === name && postableTypes.has(c.type));
  if (!channel) throw badRequest(`I can't find a channel “${wanted}” in this server.`, "channel");
  if (!postableTypes.has(channel.type)) {
    throw badRequest(`#${channel.name} isn't a text or announcement channel.`, "channel");
  }
  return channel;
}

/** The member's permissions in a channel, from their roles and the channel's overwrites. */
async function memberPermissionsIn(
  deps: Pick<Deps, "discord">,
  serverId: string,
  member: MemberInfo,
  channel: ChannelInfo,
): Promise<bigint> {
  const [guild, roles] = await Promise.all([
    deps.discord.getGuild(serverId),
    deps.discord.listRoles(serverId),
  ]);
  return channelPermissions({
    ownerId: guild?.ownerId ?? "",
    roles,
    member: { userId: member.user.id, roleIds: member.roleIds },
    channel,
  });
}

const has = (bits: bigint, flag: bigint) => (bits & flag) === flag;

/** Which mentions in the text may ping: users always; roles, @everyone and @here with Mention Everyone. */
function mentionsFor(content: string, mayMentionAll: boolean): OutgoingMessage["allowedMentions"] {
  const users = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1] as string);
  const roles = mayMentionAll ? [...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1] as string) : [];
  return { users: [...new Set(users)], roles: [...new Set(roles)], everyone: mayMentionAll };
}

export interface SendResult {
  channelId: string;
  messageId: string;
  /** True when an existing message was updated in place. */
  edited: boolean;
}

/**
 * Posts the session's embed (tags filled in for the sender) in a channel the sender can post in,
 * with optional text above it; in an edit session, updates the message in place instead. The
 * filled-in embed is checked against Discord's limits again before anything is sent.
 */
export async function sendSession(
  deps: Deps,
  session: store.DraftSession,
  sender: MemberInfo,
  input: { channel?: string; content?: string } = {},
): Promise<SendResult> {
  const { serverId } = session;
  const content = input.content?.trim() ?? "";
  if (content.length > embedBuilderLimits.content) {
    throw badRequest(
      `The message text is ${content.length} characters; the limit is ${embedBuilderLimits.content}.`,
      "content",
    );
  }
  const contentProblems = validateTemplate(content);
  if (contentProblems.length > 0) {
    const first = contentProblems[0];
    const hint = first?.suggestion ? ` Did you mean ${first.suggestion}?` : "";
    throw badRequest(`${first?.tag} in the message text isn't a tag Hearth knows.${hint}`, "content");
  }
  const channel = session.target
    ? await deps.discord.getChannel(session.target.channelId)
    : await resolveChannel(deps, serverId, input.channel ?? "");
  if (!channel || channel.guildId !== serverId) {
    throw notFound("The channel of that message is gone, so it can't be updated.");
  }
  const permissions = await memberPermissionsIn(deps, serverId, sender, channel);
  if (!has(permissions, Permission.ViewChannel | Permission.SendMessages)) {
    throw forbidden(`You can't post in <#${channel.id}> yourself, so I won't post there for you.`);
  }
  const context = await contextFor(deps, serverId, sender);
  const rendered = renderFor(session.draft, context);
  const problems = validateEmbed(rendered);
  if (problems.length > 0) {
    throw problemsError(problems, "With the tags filled in, the embed breaks Discord's limits:");
  }
  const embed = draftToEmbed(rendered);
  const { buttons } = cleanDraft(rendered);
  const text = content === "" ? "" : renderTemplate(content, context).slice(0, embedBuilderLimits.content);
  if (session.target) {
    const { messageId, rest } = session.target;
    // Discord's 6,000 characters count every embed of a message, and the edit keeps the others.
    const others = rest.embeds.reduce((sum, other) => sum + embedLength(embedToDraft(other)), 0);
    const combined = embedLength(rendered) + others;
    if (others > 0 && combined > embedLimits.total) {
      throw badRequest(
        `With the message's other embeds (${others} characters), it would have ${combined} characters in all; Discord's limit for a message is ${embedLimits.total}.`,
        "embed",
      );
    }
    await deps.discord.editMessage(channel.id, messageId, {
      content: rest.content,
      embeds: [embed, ...rest.embeds],
      components: editedMessageRows(buttons, rest),
    });
    return { channelId: channel.id, messageId, edited: true };
  }
  const mayMentionAll = has(permissions, Permission.MentionEveryone);
  const linkRow = linkButtonRow(buttons);
  const sent = await deps.discord.sendMessage(channel.id, {
    ...(text ? { content: text } : {}),
    embeds: [embed],
    ...(linkRow.length > 0 ? { components: [linkRow] } : {}),
    allowedMentions: mentionsFor(text, mayMentionAll),
  });
  return { channelId: sent.channelId, messageId: sent.id, edited: false };
}

/**
 * Opens an embed Hearth posted in a builder session: refuses messages that aren't Hearth's or have
 * no embed; Send then updates it in place (its text, other embeds and other rows of buttons and
 * menus are kept; its row of link buttons is the draft's to change).
 */
export async function openEditSession(
  deps: Deps,
  input: { serverId: string; userId: string; member: MemberInfo; channelId: string; messageId: string },
): Promise<store.DraftSession> {
  const messageId = input.messageId.trim();
  if (!/^\d{5,25}$/.test(messageId)) {
    throw badRequest(
      "**message_id** must be a message ID (turn on Developer Mode, then right-click the message → Copy Message ID).",
      "message_id",
    );
  }
  const channel = await deps.discord.getChannel(input.channelId);
  if (!channel || channel.guildId !== input.serverId) {
    throw badRequest("That channel isn't in this server.", "channel");
  }
  const permissions = await memberPermissionsIn(deps, input.serverId, input.member, channel);
  if (!has(permissions, Permission.ViewChannel | Permission.SendMessages)) {
    throw forbidden(`You can't post in <#${channel.id}>, so you can't edit messages there with Hearth.`);
  }
  const message = await deps.discord.getMessage(channel.id, messageId);
  if (!message) {
    throw notFound(
      `I can't find message ${messageId} in <#${channel.id}>. Check the ID, and give **channel** when it's in another channel.`,
    );
  }
  const bot = await deps.discord.getBotMember(input.serverId);
  if (!bot || message.author.id !== bot.user.id) {
    throw badRequest("I can only edit messages Hearth posted; that one is someone else's.", "message_id");
  }
  const [first, ...others] = message.embeds;
  if (!first) throw badRequest("That message has no embed to edit.", "message_id");
  const rows = splitMessageRows(message.components ?? []);
  const draft: EmbedDraft = {
    ...embedToDraft(first),
    ...(rows.buttons.length > 0 ? { buttons: rows.buttons } : {}),
  };
  return openSession(deps, {
    serverId: input.serverId,
    userId: input.userId,
    draft,
    target: {
      channelId: channel.id,
      messageId,
      rest: {
        content: message.content,
        embeds: others,
        components: rows.others,
        buttonRowAt: rows.buttonRowAt,
      },
    },
  });
}
