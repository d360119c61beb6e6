import { validateTemplate, type WelcomeConfig, welcomeConfigBody, welcomeLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import {
  colourFrom,
  type DesignPurpose,
  describeServer,
  design,
  instructionsMax,
  readJsonObject,
  type ServerContext,
} from "../message-designer/service.ts";

/**
 * `/welcome setup`: turns plain-words instructions into a welcome config, through the AI message
 * designer (designer/provider.ts): with an AI endpoint configured (AI_BASE_URL + AI_API_KEY) an
 * OpenAI-compatible chat model writes it; otherwise, or when the model fails, answers late or
 * answers something invalid, the offline composer does, so the command always works.
 */

export { aiTimeoutMs } from "../message-designer/service.ts";

/** What a composer decides; the channel and the on switch are the command's. */
export type ComposedWelcome = Pick<WelcomeConfig, "mentionUser" | "embed" | "button">;

export interface Composition {
  welcome: ComposedWelcome;
  source: "ai" | "offline";
}

const noServer: ServerContext = { name: "", emojis: [] };

type Tone = "warm" | "playful" | "formal" | "gaming" | "calm";

interface ToneStyle {
  keywords: RegExp;
  color: string;
  emoji: string;
  title: string;
  lead: string;
  /** Other wordings for Try again (attempt 1, 2, …); attempt 0 is `title`/`lead`. */
  more: [title: string, lead: string][];
}

const tones: Record<Tone, ToneStyle> = {
  playful: {
    keywords: /\b(fun|funny|playful|hype|hyped|party|excit\w*|energetic|silly|meme\w*|lively)\b/,
    color: "#EB459E",
    emoji: "🎉",
    title: "🎉 {user.displayName} just landed in {server.name}!",
    lead: "Everyone say hi to {user.mention}: you're our {server.memberCount.ordinal} member!",
    more: [
      [
        "🥳 Make some noise: {user.displayName} is here!",
        "{user.mention} just joined the party! Member {server.memberCount.ordinal} has arrived.",
      ],
      [
        "✨ Look who's here: {user.displayName}!",
        "Welcome to {server.name}, {user.mention}! The fun starts now.",
      ],
    ],
  },
  formal: {
    keywords: /\b(formal|professional|business|corporate|polite|serious|official)\b/,
    color: "#5865F2",
    emoji: "🤝",
    title: "Welcome to {server.name}",
    lead: "Hello {user.mention}, and welcome. You are member number {server.memberCount}.",
    more: [
      [
        "Welcome, {user.displayName}",
        "Dear {user.mention}, welcome to {server.name}. We are glad to have you as our {server.memberCount.ordinal} member.",
      ],
      [
        "A warm welcome to {server.name}",
        "Welcome {user.mention}. Please take a moment to get familiar with the server.",
      ],
    ],
  },
  gaming: {
    keywords: /\b(gam\w*|grind\w*|raid\w*|guild|clan|squad|quest\w*|pvp|esports?)\b/,
    color: "#57F287",
    emoji: "🎮",
    title: "⚔️ A new player has joined {server.name}!",
    lead: "Welcome to the squad, {user.mention}: player {server.memberCount.ordinal} has entered the game!",
    more: [
      [
        "🎮 Player {user.displayName} joined the lobby",
        "{user.mention} spawned in {server.name}! Ready up, you're player {server.memberCount.ordinal}.",
      ],
      [
        "🛡️ A new recruit for {server.name}!",
        "Welcome to the guild, {user.mention}. Grab your gear and join the next raid!",
      ],
    ],
  },
  calm: {
    keywords: /\b(calm|chill|relax\w*|minimal\w*|simple|short|quiet|cozy|cosy)\b/,
    color: "#2F3136",
    emoji: "🌿",
    title: "Welcome, {user.displayName}",
    lead: "Glad you're here, {user.mention}. Make yourself at home in {server.name}.",
    more: [
      ["Hello, {user.displayName}", "Welcome, {user.mention}. Take your time and settle in."],
      [
        "🌿 Welcome to {server.name}",
        "Nice to meet you, {user.mention}. No rush: look around when you like.",
      ],
    ],
  },
  warm: {
    keywords: /\b(warm|friendly|kind|welcoming|wholesome|heart\w*|love\w*|family)\b/,
    color: "#F97316",
    emoji: "👋",
    title: "Welcome to {server.name}, {user.displayName}!",
    lead: "Hey {user.mention}, we're so happy you're here! You're our {server.memberCount.ordinal} member.",
    more: [
      [
        "👋 Hey {user.displayName}, welcome!",
        "{user.mention}, welcome to the {server.name} family! You're member number {server.memberCount}.",
      ],
      [
        "💛 So glad you're here, {user.displayName}!",
        "Welcome {user.mention}! Say hi whenever you're ready: we're a friendly bunch.",
      ],
    ],
  },
};
const toneOrder: Tone[] = ["playful", "formal", "gaming", "calm", "warm"];

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
 * The server's custom emojis close the description (one, three when asked for, none on "no
 * emoji"); `attempt` picks another wording for Try again.
 */
export function composeOffline(
  instructions: string,
  server: ServerContext = noServer,
  attempt = 0,
): ComposedWelcome {
  const text = instructions.slice(0, instructionsMax).toLowerCase();
  const tone = toneOrder.find((name) => tones[name].keywords.test(text)) ?? "warm";
  const style = tones[tone];
  const wordings: [string, string][] = [[style.title, style.lead], ...style.more];
  const [title, lead] = wordings[attempt % wordings.length] as [string, string];
  const color = colourFrom(text) ?? style.color;

  const lines = [lead];
  const own = quoted(instructions.slice(0, instructionsMax));
  if (own) lines.push(own);
  const channels = channelMentions(instructions);
  if (channels.length > 0) lines.push(`Start here: ${channels.join(" · ")}`);
  else if (/\brules?\b/.test(text)) lines.push("Please read the rules before you start chatting.");
  if (/\broles?\b/.test(text) && channels.length === 0) lines.push("Don't forget to grab your roles!");
  if (/\b(age|account|created)\b/.test(text)) lines.push("Account created {user.createdAt.relative}.");
  // The server's own emojis: one by default, three when the instructions ask for emojis, none on "no emoji".
  const noEmoji = negated(text, "emojis?");
  const emojis = noEmoji ? [] : server.emojis.slice(0, /\bemojis?\b/.test(text) ? 3 : 1);
  if (emojis.length > 0) lines.push(emojis.join(" "));

  const noButton = negated(text, "button");
  const noThumbnail = negated(text, "(avatar|picture|thumbnail|image)");
  const noPing = negated(text, "(mention|ping|tag)");
  return {
    mentionUser: !noPing,
    embed: {
      title,
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

const basePrompt = [
  "You write Discord welcome messages for a bot. Answer with one JSON object only:",
  '{"title": string, "description": string, "color": "#RRGGBB", "button": {"enabled": boolean, "label": string, "emoji": string}, "mentionUser": boolean}.',
  `Title at most ${welcomeLimits.title} characters, description at most 1500, button label at most 40, emoji one Unicode emoji.`,
  "Use these template tags where they fit, exactly as written: {user.mention}, {user.displayName}, {user.username},",
  "{user.avatar}, {user.createdAt.relative}, {server.name}, {server.memberCount}, {server.memberCount.ordinal}, {newline}.",
  "Use no other tags. Keep channel mentions like <#123> from the instructions as they are.",
].join(" ");

const systemPrompt = (server: ServerContext) =>
  server.name === "" ? basePrompt : `${basePrompt} ${describeServer(server)}`;

/** Reads the model's answer into a config; null when it isn't a valid one. */
export function parseAiAnswer(content: string): ComposedWelcome | null {
  const answer = readJsonObject(content);
  if (!answer) return null;
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

/** Why a composed welcome can't be saved: the welcome schema's limits and unknown tags. */
export function welcomeProblems(welcome: ComposedWelcome): string[] {
  const parsed = welcomeConfigBody.safeParse({ ...welcome, enabled: true, channelId: null });
  if (!parsed.success) {
    return parsed.error.issues.map(
      (issue) => `${issue.path.map(String).join(".") || "welcome"}: ${issue.message}`,
    );
  }
  const templates: [string, string][] = [
    ["title", welcome.embed.title],
    ["description", welcome.embed.description],
    ["footer", welcome.embed.footer.text],
    ["button label", welcome.button.label],
  ];
  return templates.flatMap(([field, template]) =>
    validateTemplate(template).map(
      (problem) =>
        `${field}: ${problem.tag} isn't a known tag${problem.suggestion ? ` (did you mean ${problem.suggestion}?)` : ""}; see \`/welcome guide\``,
    ),
  );
}

/** The welcome message as a designer purpose. */
export const welcomePurpose: DesignPurpose<ComposedWelcome> = {
  name: "welcome",
  systemPrompt,
  parseAnswer: parseAiAnswer,
  offline: composeOffline,
  problems: welcomeProblems,
};

/** Composes a welcome: the AI endpoint when configured and answering well, the offline composer otherwise. */
export async function composeWelcome(
  ctx: Pick<AppContext, "config" | "logger">,
  instructions: string,
  options: { timeoutMs?: number; server?: ServerContext; attempt?: number } = {},
): Promise<Composition> {
  const result = await design(ctx, welcomePurpose, instructions, options.server ?? noServer, options);
  return { welcome: result.design, source: result.source };
}
