import { serverCaps } from "./server-caps.ts";

/*
 * The limits of the community tools the site documents (the calculator, triggers, anti-pool, the
 * Event helper's game bots, the market import, discovery, timers), kept free of zod so the docs
 * guides can read them (`<Limit of="triggers.memberDefault"/>`) without loading the API schemas.
 * The API schemas (api/*.ts) and the calculator use and re-export them.
 */

/** Longest expression the calculator reads (`/calc` and sums typed in chat). */
export const maxExpressionLength = 200;

/** Limits of a server trigger. */
export const triggerLimits = {
  keywordMax: 100,
  /** A text reply is a message's content; an embed reply's description may be longer. */
  textMax: 2000,
  embedDescriptionMax: 4096,
  embedTitleMax: 256,
  /** Triggers one server may have at most, staff's and members' together. */
  maxPerServer: serverCaps.triggers.max,
  /** Seconds between two answers of the same trigger in the same channel. */
  cooldownSeconds: 10,
  /** `memberTriggerLimit`'s default and range (the Settings tab's field). */
  memberDefault: 3,
  memberMin: 1,
  memberMax: 100,
} as const;

/** Anti-pool's window: one event win per member per window (hours), unless the pool manager approves. */
export const antiPoolLimits = { defaultWindowHours: 24, minWindowHours: 1, maxWindowHours: 720 } as const;

/** At most this many game bots may be named. */
export const gameBotIdsMax = 10;

/** Largest CSV the market import reads (as `/market import` does). */
export const marketImportMaxBytes = 256 * 1024;

/** Limits of a discovery entry, enforced by the API and usable by the dashboard form. */
export const discoveryLimits = {
  descriptionMin: 20,
  descriptionMax: 1000,
  /** Lists show this many characters of a description, then "Read more". */
  descriptionPreview: 120,
  tagsMax: 10,
  tagMin: 2,
  tagMax: 24,
  /** Longest search text accepted by `GET /api/discovery/search`. */
  queryMax: 100,
} as const;

/** Limits of a timer. Durations are whole seconds. */
export const timerLimits = {
  minDuration: 1,
  /** 30 days. */
  maxDuration: 2_592_000,
  defaultDuration: 3600,
  messageMax: 2000,
  /** Timers one server may have running at once. */
  maxRunning: serverCaps.timers.max,
} as const;
