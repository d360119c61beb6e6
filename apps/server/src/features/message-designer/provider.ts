import { formatHexColour, parseHexColour } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { type EmojiInfo, emojiMarkup } from "../../discord/port/port.ts";

/**
 * The AI message designer's provider, shared by every purpose (welcome messages, vote
 * notifications): an OpenAI-compatible chat completion (AI_BASE_URL + AI_API_KEY) asked for one
 * strict JSON object, given 15 seconds; on any failure, a late answer or an answer the purpose
 * refuses, the purpose's deterministic offline composer writes the design instead.
 */

export const aiTimeoutMs = 15_000;
export const instructionsMax = 1000;
/** Spec §5: the designer includes up to 10 of the server's custom emojis. */
export const emojiCap = 10;

type AiConfig = Pick<AppContext["config"], "aiBaseUrl" | "aiApiKey" | "aiModel">;

/** What the designer knows about the server it designs for. */
export interface ServerContext {
  name: string;
  /** Up to 10 custom emojis as message markup (`<:name:id>`), chosen deterministically. */
  emojis: string[];
}

/** A kind of message the designer writes. `D` is the purpose's design. */
export interface DesignPurpose<D> {
  name: string;
  /** The system prompt: the JSON shape, the limits, the allowed tags and the server. */
  systemPrompt(server: ServerContext): string;
  /** The model's answer as a design, repaired where harmless; null when it can't be used. */
  parseAnswer(content: string): D | null;
  /** The offline composer: deterministic for the same instructions, server and attempt. */
  offline(instructions: string, server: ServerContext, attempt: number): D;
  /** Why a design can't be saved (unknown tags, Discord limits); empty when it can. */
  problems(design: D): string[];
}

export interface Designed<D> {
  design: D;
  source: "ai" | "offline";
  /** True when an AI endpoint is configured but didn't give a usable design. */
  fellBack: boolean;
}

export const aiConfigured = (config: AiConfig) => Boolean(config.aiBaseUrl && config.aiApiKey);

/** The emojis the designer may use: static before animated, then oldest first (by id), at most 10. */
export function pickEmojis(emojis: EmojiInfo[]): string[] {
  const byId = (a: EmojiInfo, b: EmojiInfo) =>
    a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...emojis]
    .filter((emoji) => /^\w{2,32}$/.test(emoji.name))
    .sort((a, b) => Number(a.animated) - Number(b.animated) || byId(a, b))
    .slice(0, emojiCap)
    .map((emoji) => emojiMarkup({ id: emoji.id, name: emoji.name, animated: emoji.animated }));
}

/** The server's name and up to 10 of its custom emojis; a server the bot can't read gives neither. */
export async function serverContext(
  deps: Pick<AppContext, "discord" | "logger">,
  serverId: string,
): Promise<ServerContext> {
  const [guild, emojis] = await Promise.all([
    deps.discord.getGuild(serverId),
    deps.discord.listEmojis(serverId).catch((error: unknown) => {
      deps.logger.warn({ err: error, serverId }, "designer: could not list the server's emojis");
      return [] as EmojiInfo[];
    }),
  ]);
  return { name: guild?.name ?? "this server", emojis: pickEmojis(emojis) };
}

/** The server part of a system prompt. */
export function describeServer(server: ServerContext): string {
  const emojis =
    server.emojis.length > 0
      ? ` Its custom emojis, usable exactly as written (use one to three where they fit, in the description or content, never in a title): ${server.emojis.join(" ")}.`
      : "";
  return `The server is called ${JSON.stringify(server.name)}.${emojis}`;
}

/** Reads a JSON object out of a model's text (also inside a code fence); null when there is none. */
export function readJsonObject(content: string): Record<string, unknown> | null {
  try {
    const json = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
    const value = JSON.parse(json) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** One chat completion asking for a JSON object; the answer's text, or null when there is none. */
export async function askModel(
  config: AiConfig,
  messages: { system: string; user: string },
  timeoutMs: number,
): Promise<string | null> {
  const base = (config.aiBaseUrl ?? "").replace(/\/+$/, "");
  const response = await fetch(`${base}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${config.aiApiKey}` },
    body: JSON.stringify({
      model: config.aiModel,
      messages: [
        { role: "system", content: messages.system },
        { role: "user", content: messages.user },
      ],
      response_format: { type: "json_object" },
      temperature: 0.7,
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the AI endpoint answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  return typeof content === "string" ? content : null;
}

/**
 * Designs a message: the AI endpoint when configured and answering with a design the purpose
 * accepts and that passes validation, the offline composer otherwise. What comes back always passes
 * `purpose.problems`.
 */
export async function design<D>(
  ctx: Pick<AppContext, "config" | "logger">,
  purpose: DesignPurpose<D>,
  instructions: string,
  server: ServerContext,
  options: { attempt?: number; timeoutMs?: number } = {},
): Promise<Designed<D>> {
  const text = instructions.slice(0, instructionsMax);
  const configured = aiConfigured(ctx.config);
  if (configured) {
    try {
      const content = await askModel(
        ctx.config,
        { system: purpose.systemPrompt(server), user: text },
        options.timeoutMs ?? aiTimeoutMs,
      );
      const answer = content === null ? null : purpose.parseAnswer(content);
      if (answer && purpose.problems(answer).length === 0) {
        return { design: answer, source: "ai", fellBack: false };
      }
      ctx.logger.warn(`the AI endpoint answered no valid ${purpose.name} design; using the offline composer`);
    } catch (error) {
      ctx.logger.warn({ err: error }, "the AI endpoint failed; using the offline composer");
    }
  }
  const offline = purpose.offline(text, server, options.attempt ?? 0);
  const problems = purpose.problems(offline);
  // The offline composers are tested to always pass; this guards the guarantee all the same.
  if (problems.length > 0)
    throw new Error(`offline ${purpose.name} design is invalid: ${problems.join("; ")}`);
  return { design: offline, source: "offline", fellBack: configured };
}

/** A colour as people type it (`#f97316`, `F97316`, `#fa0`), as `#RRGGBB`; null when it isn't one. */
export function normaliseColour(text: string): string | null {
  const trimmed = text.trim().replace(/^#?/, "#");
  const short = /^#([0-9a-f]{3})$/i.exec(trimmed)?.[1];
  const parsed = parseHexColour(short ? `#${[...short].map((d) => d + d).join("")}` : trimmed);
  return parsed === null ? null : formatHexColour(parsed);
}
