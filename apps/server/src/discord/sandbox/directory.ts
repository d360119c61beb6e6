import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { registerCache } from "../../lib/cache-registry.ts";
import type { Logger } from "../../lib/logger.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { composedOf } from "../port/composed.ts";
import { BotEvents } from "../port/events.ts";
import type { DiscordPort } from "../port/port.ts";
import { SandboxChanges, type SandboxContext } from "./context.ts";
import { demoBotId } from "./demo-seed-data.ts";
import { guildsPart } from "./guilds.ts";
import { invitesPart } from "./invites.ts";
import { membersPart } from "./members.ts";
import { messagesPart } from "./messages.ts";
import { moderationPart } from "./moderation.ts";
import { outboxPart } from "./outbox.ts";
import { reactionClock, reactionsPart } from "./reactions.ts";
import { usersPart } from "./users.ts";

/**
 * The sandbox's Discord port: guilds, channels, roles, members, messages, reactions and emojis live
 * in `sandbox_*` tables, and every outgoing action is applied there, recorded in `sandbox_outbox`,
 * logged, and heard as the gateway event Discord would send. The port's calls are its parts'
 * (guilds.ts, members.ts, users.ts, messages.ts, reactions.ts, moderation.ts, invites.ts,
 * outbox.ts beside it), assembled over one shared context.
 * `SandboxAdapter` (adapter.ts) adds the `simulate…` methods: what members and admins do.
 */
type Parts = ReturnType<typeof guildsPart> &
  ReturnType<typeof membersPart> &
  ReturnType<typeof usersPart> &
  ReturnType<typeof messagesPart> &
  ReturnType<typeof reactionsPart> &
  ReturnType<typeof moderationPart> &
  ReturnType<typeof invitesPart> &
  ReturnType<typeof outboxPart>;

export class SandboxDirectory extends composedOf<Parts>() implements DiscordPort {
  readonly kind = "sandbox" as const;

  /** What the bot hears. The sandbox has no gateway: its own writes and `SandboxAdapter`'s `simulate…` methods emit. */
  readonly events: BotEvents;

  /**
   * The bot's own user id: the author of what it sends and of its reactions. By default the demo
   * server's bot member, so what the bot does carries the id `getBotMember` answers, as on Discord.
   */
  readonly botUserId: string;

  protected readonly sandbox: SandboxContext;

  /** Told after every change a member would see: what the bot did, and what members did. */
  get changes(): SandboxChanges {
    return this.sandbox.changes;
  }

  constructor(
    db: Kysely<Database>,
    logger: Logger,
    options: { botUserId?: string; cacheTtlMs?: number } = {},
  ) {
    super();
    this.botUserId = options.botUserId ?? demoBotId;
    this.events = new BotEvents(logger);
    this.sandbox = {
      db,
      logger,
      events: this.events,
      botUserId: this.botUserId,
      guilds: new TtlCache(options.cacheTtlMs ?? 5000, 1000),
      users: new TtlCache(options.cacheTtlMs ?? 5000, 10_000),
      reactionStamp: reactionClock(),
      changes: new SandboxChanges(),
    };
    const parts: Parts = {
      ...guildsPart(this.sandbox, this),
      ...membersPart(this.sandbox, this),
      ...usersPart(this.sandbox),
      ...messagesPart(this.sandbox, this),
      ...reactionsPart(this.sandbox),
      ...moderationPart(this.sandbox),
      ...invitesPart(this.sandbox),
      ...outboxPart(this.sandbox),
    };
    Object.assign(this, parts);
    const { guilds: guildCache, users: userCache } = this.sandbox;
    registerCache("sandbox guilds", { size: () => guildCache.size, clear: () => guildCache.clear() });
    registerCache("sandbox users", { size: () => userCache.size, clear: () => userCache.clear() });
  }
}
