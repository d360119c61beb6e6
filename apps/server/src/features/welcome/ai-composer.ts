import { validateTemplate, type WelcomeConfig, welcomeConfigBody, welcomeLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";

/**
 * `/welcome setup`: turns plain-words instructions into a welcome config. With an AI endpoint
 * configured (AI_BASE_URL + AI_API_KEY) an OpenAI-compatible chat model writes it; otherwise, or
 * when the model fails, answers late or answers something invalid, the offline composer does, so
 * the command always works.
 */

/** What a composer decides; the channel and the on switch are the command's. */
export type ComposedWelcome = Pick<WelcomeConfig, "mentionUser" | "embed" | "button">;

export interface Composition {
  welcome: ComposedWelcome;
  source: "ai" | "offline";
}

export const aiTimeoutMs = 15_000;
const instructionsMax = 1000;

type Tone = "warm" | "playful" | "formal" | "gaming" | "calm";

const tones: Record<Tone, { keywords: RegExp; color: string; emoji: string; title: string; lead: string }> = {
  playful: {
    keywords: /\b(fun|funny|playful|hype|hyped|party|excit\w*|energetic|silly|meme\w*|lively)\b/,
    color: "#EB459E",
    emoji: "🎉",
    title: "🎉 {user.displayName} just landed in {server.name}!",
    lead: "Everyone say hi to {user.mention}: you're our {server.memberCount.ordinal} member!",
  },
  formal: {
    keywords: /\b(formal|professional|business|corporate|polite|serious|official)\b/,
    color: "#5865F2",
    emoji: "🤝",
    title: "Welcome to {server.name}",
    lead: "Hello {user.mention}, and welcome. You are member number {server.memberCount}.",
  },
  gaming: {
    keywords: /\b(gam\w*|grind\w*|raid\w*|guild|clan|squad|quest\w*|pvp|esports?)\b/,
    color: "#57F287",
    emoji: "🎮",
    title: "⚔️ A new player has joined {server.name}!",
    lead: "Welcome to the squad, {user.mention}: player {server.memberCount.ordinal} has entered the game!",
  },
  calm: {
    keywords: /\b(calm|chill|relax\w*|minimal\w*|simple|short|quiet|cozy|cosy)\b/,
    color: "#2F3136",
    emoji: "🌿",
    title: "Welcome, {user.displayName}",
    lead: "Glad you're here, {user.mention}. Make yourself at home in {server.name}.",
  },
  warm: {
    keywords: /\b(warm|friendly|kind|welcoming|wholesome|heart\w*|love\w*|family)\b/,
    color: "#F97316",
    emoji: "👋",
    title: "Welcome to {server.name}, {user.displayName}!",
    lead: "Hey {user.mention}, we're so happy you're here! You're our {server.memberCount.ordinal} member.",
  },
};
const toneOrder: Tone[] = ["playful", "formal", "gaming", "calm", "warm"];

const namedColors: [RegExp, string][] = [
  [/\bblurple\b/, "#5865F2"],
  [/\borange\b/, "#F97316"],
  [/\bred\b/, "#ED4245"],
  [/\bpink\b|\bfuchsia\b/, "#EB459E"],
  [/\bpurple\b|\bviolet\b/, "#9B59B6"],
  [/\bblue\b/, "#3498DB"],
  [/\bteal\b|\bcyan\b/, "#1ABC9C"],
  [/\bgreen\b/, "#57F287"],
  [/\byellow\b/, "#FEE75C"],
  [/\bgold\b|\bgolden\b/, "#F1C40F"],
  [/\bwhite\b/, "#FFFFFF"],
  [/\bblack\b/, "#000000"],
  [/\bdark\b|\bgr[ae]y\b/, "#2F3136"],
];

const negated = (text: string, what: string) =>
  new RegExp(`\\b(no|without|don'?t|do not|never|skip|hide)\\b[^.,;!?]{0,20}\\b${what}`).test(text);

/** Channel mentions as Discord delivers them in a string option (`<#id>`), at most three. */
const channelMentions = (instructions: string) =>
  [...new Set(instructions.match(/<#\d{17,20}>/g) ?? [])].slice(0, 3);

/** A sentence the instructions quote ("say 'Glad you made it!'"), kept as the message's own words. */
function quoted(instructions: string): string | null {
  const match = /["“”]([^"“”]{3,300})["“”]/.exec(instructions);
  // Braces would be read as template tags; the quote is the manager's words, not a template.
  const text = match?.[1]?.replace(/[{}]/g, "").trim();
  return text ? text : null;
}

/**
 * The offline composer: deterministic (the same instructions always give the same welcome), and
 * always a valid config using the template tags. Keywords pick the tone (and with it the colour and
 * the emoji), a named colour or a hex code overrides the colour, `<#channel>` mentions become
 * pointers, a quoted sentence is kept, and "no button" / "no avatar" / "don't ping" switch parts off.
 */
export function composeOffline(instructions: string): ComposedWelcome {
  const text = instructions.slice(0, instructionsMax).toLowerCase();
  const tone = toneOrder.find((name) => tones[name].keywords.test(text)) ?? "warm";
  const style = tones[tone];
  const hex = /#([0-9a-f]{6})\b/.exec(text)?.[1];
  const color = hex
    ? `#${hex.toUpperCase()}`
    : (namedColors.find(([pattern]) => pattern.test(text))?.[1] ?? style.color);

  const lines = [style.lead];
  const own = quoted(instructions.slice(0, instructionsMax));
  if (own) lines.push(own);
  const channels = channelMentions(instructions);
  if (channels.length > 0) lines.push(`Start here: ${channels.join(" · ")}`);
  else if (/\brules?\b/.test(text)) lines.push("Please read the rules before you start chatting.");
  if (/\broles?\b/.test(text) && channels.length === 0) lines.push("Don't forget to grab your roles!");
  if (/\b(age|account|created)\b/.test(text)) lines.push("Account created {user.createdAt.relative}.");

  const noButton = negated(text, "button");
  const noThumbnail = negated(text, "(avatar|picture|thumbnail|image)");
  const noPing = negated(text, "(mention|ping|tag)");
  return {
    mentionUser: !noPing,
    embed: {
      title: style.title,
      description: lines.join("{newline}"),
      color,
      thumbnail: noThumbnail ? "" : "{user.avatar}",
      footer: { text: "{server.name} · {server.memberCount} members", iconURL: "{server.icon}" },
      timestamp: true,
    },
    button: {
      enabled: !noButton,
      label: tone === "formal" ? "Say hello" : "Wave to say hi!",
      emoji: style.emoji,
    },
  };
}

const systemPrompt = [
  "You write Discord welcome messages for a bot. Answer with one JSON object only:",
  '{"title": string, "description": string, "color": "#RRGGBB", "button": {"enabled": boolean, "label": string, "emoji": string}, "mentionUser": boolean}.',
  `Title at most ${welcomeLimits.title} characters, description at most 1500, button label at most 40, emoji one Unicode emoji.`,
  "Use these template tags where they fit, exactly as written: {user.mention}, {user.displayName}, {user.username},",
  "{user.avatar}, {user.createdAt.relative}, {server.name}, {server.memberCount}, {server.memberCount.ordinal}, {newline}.",
  "Use no other tags. Keep channel mentions like <#123> from the instructions as they are.",
].join(" ");

/** Reads the model's answer into a config; null when it isn't a valid one. */
export function parseAiAnswer(content: string): ComposedWelcome | null {
  let answer: Record<string, unknown>;
  try {
    const json = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
    answer = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof answer !== "object" || answer === null) return null;
  const button = (typeof answer.button === "object" && answer.button !== null ? answer.button : {}) as Record<
    string,
    unknown
  >;
  const parsed = welcomeConfigBody.safeParse({
    enabled: true,
    channelId: null,
    mentionUser: answer.mentionUser ?? true,
    embed: {
      title: answer.title ?? "",
      description: answer.description ?? "",
      color: answer.color ?? answer.colour,
      thumbnail: "{user.avatar}",
      timestamp: true,
    },
    button: { enabled: button.enabled ?? true, label: button.label ?? "", emoji: button.emoji ?? "" },
  });
  if (!parsed.success) return null;
  const { embed, button: parsedButton, mentionUser } = parsed.data;
  // A tag the model made up would reach members as raw braces: refuse the answer instead.
  const templates = [embed.title, embed.description, parsedButton.label];
  if (templates.some((template) => validateTemplate(template).length > 0)) return null;
  return { mentionUser, embed, button: parsedButton };
}

async function askModel(
  config: Pick<AppContext["config"], "aiBaseUrl" | "aiApiKey" | "aiModel">,
  instructions: string,
  timeoutMs: number,
): Promise<ComposedWelcome | null> {
  const base = (config.aiBaseUrl ?? "").replace(/\/+$/, "");
  const response = await fetch(`${base}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${config.aiApiKey}` },
    body: JSON.stringify({
      model: config.aiModel,
      messages: [
        { role: "system", content: systemPrompt },
        { role: "user", content: instructions.slice(0, instructionsMax) },
      ],
      response_format: { type: "json_object" },
      temperature: 0.7,
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the AI endpoint answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  return typeof content === "string" ? parseAiAnswer(content) : null;
}

/** Composes a welcome: the AI endpoint when configured and answering well, the offline composer otherwise. */
export async function composeWelcome(
  ctx: Pick<AppContext, "config" | "logger">,
  instructions: string,
  options: { timeoutMs?: number } = {},
): Promise<Composition> {
  if (ctx.config.aiBaseUrl && ctx.config.aiApiKey) {
    try {
      const welcome = await askModel(ctx.config, instructions, options.timeoutMs ?? aiTimeoutMs);
      if (welcome) return { welcome, source: "ai" };
      ctx.logger.warn("the AI endpoint answered no valid welcome config; using the offline composer");
    } catch (error) {
      ctx.logger.warn({ err: error }, "the AI endpoint failed; using the offline composer");
    }
  }
  return { welcome: composeOffline(instructions), source: "offline" };
}
