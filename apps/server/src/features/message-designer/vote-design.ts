import {
  defaultVoteMessage,
  embedLimits,
  parseHexColour,
  renderVoteMessage,
  type VoteMessageTag,
  voteLimits,
  voteMessageTags,
} from "@hearth/core";
import type { Embed, OutgoingMessage } from "../../discord/port/port.ts";
import { readJsonObject } from "./provider.ts";

/** A vote notification as designed: a content line and an embed; every text may use the vote tags. */
export interface VoteDesign {
  /** The plain message line (pings the voter when it has {USER_MENTION}); may be empty. */
  content: string;
  title: string;
  description: string;
  /** `#RRGGBB`. */
  color: string;
  footer: string;
}

/** Discord's limits for each text, checked with every tag at its longest possible value. */
export const voteDesignLimits = {
  content: 2000,
  title: embedLimits.title,
  description: embedLimits.description,
  footer: embedLimits.footerText,
  embedTotal: embedLimits.total,
} as const;

/** The most characters each tag can become (names 32, server name 100, a 20-digit id, …). */
const tagMaxLength: Record<VoteMessageTag, number> = {
  USER_NAME: 32,
  USER_MENTION: 23,
  TOTAL_VOTES: 10,
  MONTHLY_VOTES: 10,
  SERVER_NAME: 100,
  PLATFORM: voteLimits.platformMax,
  VOTE_TIMESTAMP: 20,
};

const tagPattern = /\{[^{}\n]{0,40}\}/g;
const isVoteTag = (name: string): name is VoteMessageTag =>
  (voteMessageTags as readonly string[]).includes(name);

/** The longest a template can get once its tags are filled in. */
export function maxRenderedLength(template: string): number {
  let length = template.length;
  for (const match of template.matchAll(tagPattern)) {
    const name = match[0].slice(1, -1);
    if (isVoteTag(name)) length += tagMaxLength[name] - match[0].length;
  }
  return length;
}

/** `{…}` parts that aren't vote tags, with a suggestion when only the case or spacing is off. */
export function unknownVoteTags(template: string): { tag: string; suggestion: string | null }[] {
  return [...template.matchAll(tagPattern)]
    .map((match) => match[0])
    .filter((tag) => !isVoteTag(tag.slice(1, -1)))
    .map((tag) => {
      const guess = tag
        .slice(1, -1)
        .trim()
        .toUpperCase()
        .replace(/[\s.-]+/g, "_");
      return { tag, suggestion: isVoteTag(guess) ? `{${guess}}` : null };
    });
}

const fieldNames = ["content", "title", "description", "footer"] as const;

/** Why a vote design can't be saved, one sentence each naming the part and the limit; empty when fine. */
export function voteDesignProblems(design: VoteDesign): string[] {
  const problems: string[] = [];
  for (const field of fieldNames) {
    const text = design[field];
    for (const unknown of unknownVoteTags(text)) {
      problems.push(
        `${field}: ${unknown.tag} isn't a vote tag${unknown.suggestion ? ` (did you mean ${unknown.suggestion}?)` : ""}; the tags are ${voteMessageTags.map((tag) => `{${tag}}`).join(", ")}`,
      );
    }
    const longest = maxRenderedLength(text);
    if (longest > voteDesignLimits[field]) {
      problems.push(
        `${field}: Discord allows ${voteDesignLimits[field]} characters and this can reach ${longest} once the tags are filled in`,
      );
    }
  }
  const total =
    maxRenderedLength(design.title) +
    maxRenderedLength(design.description) +
    maxRenderedLength(design.footer);
  if (total > voteDesignLimits.embedTotal) {
    problems.push(
      `embed: title, description and footer together may have ${voteDesignLimits.embedTotal} characters (Discord's limit) and these can reach ${total}`,
    );
  }
  if (parseHexColour(design.color) === null) problems.push("color: must be a #RRGGBB colour like #F97316");
  if (design.content.trim() === "" && design.title.trim() === "" && design.description.trim() === "") {
    problems.push("The message needs some text: a content line, a title or a description");
  }
  return problems;
}

/** Example values for previews: the caller as the voter, this server, a vote just now. */
export function sampleVoteValues(input: {
  userId: string;
  userName: string;
  serverName: string;
  at: number;
}): Record<VoteMessageTag, string> {
  return {
    USER_NAME: input.userName,
    USER_MENTION: `<@${input.userId}>`,
    TOTAL_VOTES: "42",
    MONTHLY_VOTES: "7",
    SERVER_NAME: input.serverName,
    PLATFORM: "top.gg",
    VOTE_TIMESTAMP: `<t:${Math.floor(input.at / 1000)}:f>`,
  };
}

/** A design filled in with one vote's values, as the bot posts it. */
export function renderVoteDesign(
  design: VoteDesign,
  values: Record<VoteMessageTag, string>,
): OutgoingMessage {
  const fill = (template: string) => renderVoteMessage(template, values).trim();
  const content = fill(design.content);
  const embed: Embed = { color: parseHexColour(design.color) ?? 0xf97316 };
  const title = fill(design.title);
  const description = fill(design.description);
  const footer = fill(design.footer);
  if (title) embed.title = title;
  if (description) embed.description = description;
  if (footer) embed.footer = { text: footer };
  const hasEmbed = Boolean(title || description);
  return {
    ...(content ? { content } : {}),
    ...(hasEmbed ? { embeds: [embed] } : {}),
  };
}

/** The saved notification as a design; a server without one gets the default line. */
export function defaultVoteDesign(message: string | null): VoteDesign {
  return { content: message ?? defaultVoteMessage, title: "", description: "", color: "#F97316", footer: "" };
}

/** Reads a stored design; null for an absent or unreadable one. */
export function readVoteDesign(json: string | null): VoteDesign | null {
  if (!json) return null;
  const value = readJsonObject(json);
  if (!value) return null;
  const text = (key: string) => (typeof value[key] === "string" ? (value[key] as string) : "");
  return {
    content: text("content"),
    title: text("title"),
    description: text("description"),
    color: text("color") || "#F97316",
    footer: text("footer"),
  };
}
