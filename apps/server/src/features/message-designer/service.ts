// The message designer as other features use it: the interactive design flow (`startDesign`,
// `listenForDesigns`), the AI provider's helpers, colours, and the vote message's design.

export { colourFrom } from "./colours.ts";
export { type DesignFlow, listenForDesigns, startDesign } from "./preview.ts";
export {
  aiTimeoutMs,
  type DesignPurpose,
  describeServer,
  design,
  instructionsMax,
  normaliseColour,
  pickEmojis,
  readJsonObject,
  type ServerContext,
} from "./provider.ts";
export {
  readVoteDesign,
  renderVoteDesign,
  sampleVoteValues,
  type VoteDesign,
  voteDesignLimits,
  voteDesignProblems,
} from "./vote-design.ts";
export { votePurpose } from "./vote-purpose.ts";
