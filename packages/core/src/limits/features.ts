import { serverCaps } from "./server-caps.ts";

/*
 * The limits of the features the site documents, kept free of zod so the docs guides can read them
 * (`@hearth/core/limits`, `<Limit of="sticky.defaultTrigger"/>`) without loading the API schemas.
 * The API schemas (api/*.ts) use and re-export them.
 */

/** Limits of a sticky message: the same as `/sticky set`'s. */
export const stickyLimits = {
  maxLength: 2000,
  defaultTrigger: 10,
  minTrigger: 1,
  maxTrigger: 100,
  /** Sticky messages one server may have (one per channel). */
  maxPerServer: serverCaps.stickies.max,
} as const;

/** Limits of a board: the same as `/boards create`'s. */
export const boardRules = {
  nameMax: 50,
  minReactions: 1,
  maxReactions: 100,
  defaultReactions: 3,
  /** Boards one server may have. */
  maxPerServer: serverCaps.boards.max,
} as const;

/** Limits of a perk tier: the same as `/perks-admin create`'s. */
export const perkTierRules = {
  nameMax: 50,
  maxEmojis: 20,
  maxMembers: 100,
  maxResponders: 25,
  /** Tiers one server may have. */
  maxPerServer: serverCaps.perkTiers.max,
} as const;

/** Limits of a self-role panel: the same as `/selfroles`'. */
export const selfRolePanelRules = {
  nameMax: 50,
  titleMax: 256,
  descriptionMax: 1000,
  /** Discord's cap: 5 rows of 5 buttons, or 25 menu options. */
  maxRoles: 25,
  maxWhitelist: 250,
  maxPanels: serverCaps.selfRolePanels.max,
} as const;

/** Limits of the vote tracker. */
export const voteLimits = {
  /** A reward role lasts 1 to 168 hours; 0 means permanent. */
  rewardHoursMax: 168,
  /** A vote's weight (top.gg counts weekend votes double). */
  weightMax: 10,
  /** Rows on the leaderboard before the caller's own position. */
  leaderboardSize: 15,
  platformMax: 32,
  voteIdMax: 128,
} as const;

/** Discord's limits on what a welcome message may hold; the raw templates are held to them too. */
export const welcomeLimits = {
  title: 256,
  description: 4096,
  footerText: 2048,
  buttonLabel: 80,
  /** Title, description and footer together (Discord's per-message embed total). */
  embedTotal: 6000,
  url: 2048,
} as const;

/** Ping on join: how many channels, and how long a custom ping message may be. */
export const pingOnJoinLimits = { channels: 20, message: 500 } as const;
