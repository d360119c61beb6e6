import { colourFrom } from "./colours.ts";
import type { ServerContext } from "./provider.ts";
import type { VoteDesign } from "./vote-design.ts";

/**
 * The offline vote composer: what the designer writes when no AI endpoint is configured, or when
 * the model's answer can't be used. Deterministic, and always within the vote design's limits.
 */

type Tone = "hype" | "formal" | "gaming" | "calm" | "grateful";

interface ToneStyle {
  keywords: RegExp;
  color: string;
  emoji: string;
  titles: string[];
  leads: string[];
  contents: string[];
}

const tones: Record<Tone, ToneStyle> = {
  hype: {
    keywords: /\b(fun|funny|playful|hype|hyped|party|excit\w*|energetic|silly|meme\w*|lively|celebrat\w*)\b/,
    color: "#EB459E",
    emoji: "🎉",
    titles: [
      "🎉 {USER_NAME} just voted!",
      "🚀 Another vote for {SERVER_NAME}!",
      "🔥 {USER_NAME} is on fire!",
    ],
    leads: [
      "Huge thanks, {USER_MENTION}! That's **{TOTAL_VOTES}** votes so far, {MONTHLY_VOTES} of them this month!",
      "{USER_MENTION} smashed that vote button! **{TOTAL_VOTES}** votes and counting ({MONTHLY_VOTES} this month).",
      "Let's go, {USER_MENTION}! Vote number **{TOTAL_VOTES}** is in ({MONTHLY_VOTES} this month).",
    ],
    contents: [
      "🎉 {USER_MENTION} voted for **{SERVER_NAME}**!",
      "🚀 {USER_MENTION} just boosted us with a vote!",
    ],
  },
  formal: {
    keywords: /\b(formal|professional|business|corporate|polite|serious|official)\b/,
    color: "#5865F2",
    emoji: "🗳️",
    titles: ["Thank you for voting, {USER_NAME}", "Vote received", "A new vote for {SERVER_NAME}"],
    leads: [
      "{USER_MENTION}, thank you for supporting {SERVER_NAME}. You have voted **{TOTAL_VOTES}** times ({MONTHLY_VOTES} this month).",
      "We appreciate your support, {USER_MENTION}. Total votes: **{TOTAL_VOTES}**; this month: {MONTHLY_VOTES}.",
      "Your vote has been recorded, {USER_MENTION}. You now have **{TOTAL_VOTES}** votes ({MONTHLY_VOTES} this month).",
    ],
    contents: ["{USER_MENTION} voted for {SERVER_NAME}.", "Thank you, {USER_MENTION}, for your vote."],
  },
  gaming: {
    keywords: /\b(gam\w*|grind\w*|raid\w*|guild|clan|squad|quest\w*|pvp|esports?|xp|level\w*)\b/,
    color: "#57F287",
    emoji: "🎮",
    titles: [
      "⚔️ {USER_NAME} earned a vote point!",
      "🎮 Quest complete: vote for {SERVER_NAME}",
      "🏆 +1 vote for the squad",
    ],
    leads: [
      "GG {USER_MENTION}! Vote streak fuel: **{TOTAL_VOTES}** total, {MONTHLY_VOTES} this month.",
      "{USER_MENTION} levelled up the server with a vote! Score: **{TOTAL_VOTES}** ({MONTHLY_VOTES} this month).",
      "Achievement unlocked, {USER_MENTION}: vote **#{TOTAL_VOTES}** ({MONTHLY_VOTES} this month).",
    ],
    contents: [
      "🎮 {USER_MENTION} voted for **{SERVER_NAME}**! GG!",
      "⚔️ {USER_MENTION} completed the daily vote quest!",
    ],
  },
  calm: {
    keywords: /\b(calm|chill|relax\w*|minimal\w*|simple|short|quiet|cozy|cosy|clean)\b/,
    color: "#2F3136",
    emoji: "🌿",
    titles: ["Thanks, {USER_NAME}", "A vote from {USER_NAME}", "🌿 Thank you"],
    leads: [
      "{USER_MENTION} voted. {TOTAL_VOTES} votes in total.",
      "Thanks for the vote, {USER_MENTION}. That's {TOTAL_VOTES} so far.",
      "{USER_MENTION} supported {SERVER_NAME} today ({TOTAL_VOTES} votes).",
    ],
    contents: ["{USER_MENTION} voted for {SERVER_NAME}.", "🌿 Thanks, {USER_MENTION}."],
  },
  grateful: {
    keywords: /\b(thank\w*|grateful|warm|friendly|kind|wholesome|heart\w*|love\w*|family|appreciat\w*)\b/,
    color: "#F97316",
    emoji: "🧡",
    titles: [
      "🗳️ Thank you for voting, {USER_NAME}!",
      "🧡 {USER_NAME} voted for {SERVER_NAME}",
      "✨ A vote from {USER_NAME}!",
    ],
    leads: [
      "Thank you, {USER_MENTION}! Every vote helps new members find {SERVER_NAME}. You have **{TOTAL_VOTES}** votes ({MONTHLY_VOTES} this month).",
      "{USER_MENTION}, you're amazing! That's **{TOTAL_VOTES}** votes from you, {MONTHLY_VOTES} this month.",
      "Another vote from {USER_MENTION}, thank you! **{TOTAL_VOTES}** in total and {MONTHLY_VOTES} this month.",
    ],
    contents: ["🗳️ {USER_MENTION} voted for **{SERVER_NAME}**!", "🧡 {USER_MENTION} just voted, thank you!"],
  },
};
const toneOrder: Tone[] = ["hype", "formal", "gaming", "calm", "grateful"];

const negated = (text: string, what: string) =>
  new RegExp(`\\b(no|without|don'?t|do not|never|skip|avoid)\\b[^.,;!?]{0,20}\\b${what}`).test(text);

const pick = <T>(items: readonly T[], attempt: number): T => items[attempt % items.length] as T;

/** A sentence the instructions quote, kept as the manager's own words (braces dropped: not tags). */
export function quotedSentence(instructions: string): string | null {
  const match = /["“”]([^"“”]{3,300})["“”]/.exec(instructions);
  const text = match?.[1]?.replace(/[{}]/g, "").trim();
  return text ? text : null;
}

/** Channel mentions as Discord writes them (`<#id>`), at most three. */
export const channelMentions = (instructions: string) =>
  [...new Set(instructions.match(/<#\d{17,20}>/g) ?? [])].slice(0, 3);

/**
 * The offline vote composer: keywords pick the tone (colour, emoji, wording), a named colour or a
 * hex code sets the colour, a quoted sentence is kept, `<#channel>` mentions are pointed to, words
 * about rewards, leaderboards, reminders, time or the platform add a line each, "no ping" uses the
 * voter's name instead of a mention, "no emoji" leaves the server's emojis out. `attempt` picks
 * another wording for Try again. Always valid (tested with random instructions).
 */
export function composeVoteOffline(instructions: string, server: ServerContext, attempt = 0): VoteDesign {
  const text = instructions.toLowerCase();
  const tone = toneOrder.find((name) => tones[name].keywords.test(text)) ?? "grateful";
  const style = tones[tone];
  const noPing = negated(text, "(mention|ping|tag)");
  const noEmoji = negated(text, "emojis?");
  const mention = (line: string) => (noPing ? line.replaceAll("{USER_MENTION}", "**{USER_NAME}**") : line);
  const wantsManyEmojis = /\bemojis?\b/.test(text) && !noEmoji;
  const emojis = noEmoji ? [] : server.emojis.slice(0, wantsManyEmojis ? 3 : 1);
  const rotated =
    emojis.length > 0
      ? [...emojis.slice(attempt % emojis.length), ...emojis.slice(0, attempt % emojis.length)]
      : [];

  const lines = [mention(pick(style.leads, attempt))];
  const own = quotedSentence(instructions);
  if (own) lines.push(own);
  if (/\b(rewards?|roles?|perks?)\b/.test(text)) lines.push("🎁 Your voter reward role is on its way.");
  if (/\b(leaderboards?|ranks?|ranking|compet\w*|top)\b/.test(text)) {
    lines.push("🏆 See where you stand with `/votetracker leaderboard`.");
  }
  if (/\b(remind\w*|again|12 ?h\w*|daily|every day|tomorrow)\b/.test(text)) {
    lines.push("⏰ You can vote again in 12 hours: keep the streak going!");
  }
  if (/\b(stats?|streaks?|profile)\b/.test(text))
    lines.push("📊 Check your streak with `/votetracker user`.");
  if (/\b(time|when|timestamp|date)\b/.test(text)) lines.push("🕒 Voted {VOTE_TIMESTAMP}.");
  const channels = channelMentions(instructions);
  if (channels.length > 0) lines.push(`👉 ${channels.join(" · ")}`);
  if (rotated.length > 0) lines.push(rotated.join(" "));

  const platformFooter = /\b(platform|site|top\.?gg|where)\b/.test(text);
  const footers = [
    "{SERVER_NAME} · voted on {PLATFORM}",
    "Thanks for supporting {SERVER_NAME}",
    "Vote every 12 hours on {PLATFORM}",
  ];
  return {
    content: mention(pick(style.contents, attempt)),
    title: pick(style.titles, attempt),
    description: lines.join("\n"),
    color: colourFrom(text) ?? style.color,
    footer: platformFooter ? (footers[0] as string) : pick(footers, attempt),
  };
}
