/**
 * A cap on how many of one thing a server may have: `max` of `noun`, and what to do to make room
 * (`free`). Creating one more answers 409 with a message naming the cap, on the API and in the bot
 * (the server's `lib/caps.ts` builds it), so the dashboard and the bot can't disagree.
 */
export interface ServerCap {
  readonly max: number;
  /** Plural, as in "This server has reached its cap of 100 running giveaways". */
  readonly noun: string;
  /** What makes room, as in "end one first". */
  readonly free: string;
}

/**
 * Per-server caps for everything a token or a command can create (running ones, for things that
 * end). Each post or job costs Discord calls and rows; a cap keeps one server from flooding both.
 */
export const serverCaps = {
  giveaways: { max: 100, noun: "running giveaways", free: "end one first" },
  /** Saved giveaway templates (`/giveaway template save`, the dashboard's Templates). */
  giveawayTemplates: {
    max: 25,
    noun: "giveaway templates",
    free: "delete one with /giveaway template delete first",
  },
  timers: { max: 50, noun: "running timers", free: "cancel one first" },
  components: { max: 100, noun: "message components", free: "delete one with /components delete first" },
  selfRolePanels: { max: 50, noun: "self-role panels", free: "delete one with /selfroles delete first" },
  boards: { max: 25, noun: "boards", free: "delete one with /boards delete first" },
  embedTemplates: { max: 50, noun: "embed templates", free: "delete one with /embed templates first" },
  stickies: { max: 50, noun: "sticky messages", free: "remove one with /sticky remove first" },
  pingOnJoinChannels: { max: 20, noun: "ping-on-join channels", free: "remove one first" },
  /** Staff's and members' together (a member's own are also limited by `memberTriggerLimit`). */
  triggers: { max: 200, noun: "triggers", free: "remove one with /trigger remove first" },
  /** `/perks-admin list` shows each tier as one embed field (Discord allows 25). */
  perkTiers: { max: 25, noun: "perk tiers", free: "delete one with /perks-admin delete first" },
  /** The Market checker's price list (`/market set`, `/market import`). */
  marketItems: { max: 1000, noun: "price list items", free: "remove one with /market remove first" },
  /** Open embed builders (each `/embed create` or edit opens one; they close 24 h after their last change). */
  embedSessions: {
    max: 100,
    noun: "open embed builders",
    free: "finish or close one (an untouched one closes itself after 24 hours)",
  },
} as const satisfies Record<string, ServerCap>;

/** The message of a reached cap (the 409's `message`). */
export function capReachedMessage(cap: ServerCap): string {
  return `This server has reached its cap of ${cap.max} ${cap.noun}; ${cap.free}.`;
}

/**
 * Writes (POST, PUT, PATCH, DELETE) one dashboard token may make per minute on the API, by default
 * (`TOKEN_WRITE_LIMIT`); more answer 429 with Retry-After.
 */
export const tokenWriteLimit = { perMinute: 120, windowMs: 60_000 } as const;
