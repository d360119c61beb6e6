/*
 * The limits of giveaways and the other events (lotteries, raffles, birthdays, tournaments), kept
 * free of zod so the docs guides can read them (`<Limit of="lottery.prizeMaxLength"/>`) without
 * loading the API schemas. The API schemas (api/*.ts) use and re-export them.
 */

/** Limits of a giveaway, shared by the API, the dashboard form and the bot command. */
export const giveawayLimits = {
  prizeMaxLength: 256,
  descriptionMaxLength: 1000,
  minWinners: 1,
  maxWinners: 50,
  /** Shortest run, seconds. */
  minDurationSeconds: 60,
  /** Longest run, seconds (90 days). */
  maxDurationSeconds: 90 * 86_400,
  maxAgeDays: 3650,
  maxInvites: 10_000,
  maxRequiredRoles: 20,
  /** Roles per list of the giveaway configuration. */
  maxConfigRoles: 50,
  minMultiplier: 1,
  maxMultiplier: 10,
  defaultMultiplier: 2,
  /** Shortest and longest claim window, seconds (10 minutes to 7 days). */
  minClaimWindowSeconds: 600,
  maxClaimWindowSeconds: 7 * 86_400,
  /** Most entries a giveaway may be set to end at. */
  maxEntries: 1_000_000,
  /** Shortest "last chance" lead, seconds (a minute); it must also be shorter than the run. */
  minReminderSeconds: 60,
} as const;

/** Saved giveaway templates and the bulk create from one. */
export const giveawayTemplateLimits = {
  /** Characters in a template's name. */
  nameMaxLength: 50,
  /** Giveaways one bulk create posts at most. */
  bulkMaxRows: 25,
} as const;

/** Limits of `/lottery` (the duration is a giveaway's). */
export const lotteryLimits = {
  prizeMaxLength: 200,
  minTickets: 1,
  maxTickets: 100,
  minDurationSeconds: giveawayLimits.minDurationSeconds,
  maxDurationSeconds: giveawayLimits.maxDurationSeconds,
} as const;

/** Limits of `/raffle`. */
export const raffleLimits = {
  prizeMaxLength: 200,
  maxWinners: 20,
  ticketsPerAdd: 1000,
  /** A member's tickets in one raffle. */
  maxTicketsPerMember: 1_000_000,
} as const;

/** Limits of birthdays, the same for `/birthday` and the dashboard's Birthdays page. */
export const birthdayLimits = {
  /** The announcement's template, in characters. */
  messageMax: 1500,
  /** `/birthday list` shows the next ten. */
  listSize: 10,
  /** The dashboard's list: at most this many a request. */
  pageMax: 100,
  minYear: 1900,
} as const;

/** Limits of a tournament, shared by the bot, the API and the site. */
export const tournamentLimits = {
  nameMaxLength: 100,
  minPlayers: 2,
  maxPlayers: 64,
  /** The bracket sizes `/tournament create` offers: the most players it takes. */
  sizes: [4, 8, 16, 32, 64] as const,
} as const;
