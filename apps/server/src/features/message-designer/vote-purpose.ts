import { formatHexColour, parseHexColour, voteMessageTags } from "@hearth/core";
import { type DesignPurpose, describeServer, readJsonObject, type ServerContext } from "./provider.ts";
import { composeVoteOffline } from "./vote-composer.ts";
import { type VoteDesign, voteDesignProblems } from "./vote-design.ts";

// The vote notification as a designer purpose: what the model is asked, how its answer is read, and
// the offline composer when there is no model.

const systemPrompt = (server: ServerContext) =>
  [
    "You design the message a Discord bot posts when a member votes for the server on a listing site.",
    'Answer with one JSON object only: {"content": string, "title": string, "description": string, "color": "#RRGGBB", "footer": string}.',
    "content is a short plain line above the embed (may be empty); title at most 200 characters; description at most 1500; footer at most 200.",
    `Use these tags where they fit, exactly as written in capitals: ${voteMessageTags.map((tag) => `{${tag}}`).join(", ")}.`,
    "{USER_MENTION} pings the voter; {VOTE_TIMESTAMP} shows when they voted. Use no other tags or braces.",
    "Keep channel mentions like <#123> from the instructions as they are.",
    describeServer(server),
  ].join(" ");

/** The model's answer as a vote design: colours normalised, texts trimmed; null when unusable. */
export function parseVoteAnswer(content: string): VoteDesign | null {
  const answer = readJsonObject(content);
  if (!answer) return null;
  const text = (key: string) => (typeof answer[key] === "string" ? (answer[key] as string).trim() : "");
  const rawColour = text("color") || text("colour");
  const shortHex = /^#?([0-9a-f]{3})$/i.exec(rawColour)?.[1];
  const colour = shortHex
    ? `#${[...shortHex].map((digit) => digit + digit).join("")}`
    : rawColour.startsWith("#")
      ? rawColour
      : `#${rawColour}`;
  const parsed = parseHexColour(colour);
  if (parsed === null) return null;
  const design: VoteDesign = {
    content: text("content"),
    title: text("title"),
    description: text("description"),
    color: formatHexColour(parsed),
    footer: text("footer"),
  };
  return voteDesignProblems(design).length === 0 ? design : null;
}

/** The vote notification as a designer purpose. */
export const votePurpose: DesignPurpose<VoteDesign> = {
  name: "vote",
  systemPrompt,
  parseAnswer: parseVoteAnswer,
  offline: composeVoteOffline,
  problems: voteDesignProblems,
};
