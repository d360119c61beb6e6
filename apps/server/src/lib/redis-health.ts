import type { Redis } from "ioredis";
import type { Logger } from "./logger.ts";

/** What a Redis-backed store asks before and after using Redis. */
export interface RedisAvailability {
  readonly up: boolean;
  commandFailed(error: unknown): void;
}

const watched = new WeakMap<Redis, RedisHealth>();

/** A connection lost and not back yet; before the first connection, commands wait for it. */
const lostStatuses = new Set(["reconnecting", "close", "end"]);

/**
 * A client's availability: its RedisHealth when one watches it (the server's), else up unless its
 * connection was lost.
 */
export function availabilityOf(client: Redis): RedisAvailability {
  return {
    get up() {
      const health = watched.get(client);
      return health ? health.up : !lostStatuses.has(client.status);
    },
    commandFailed: (error) => watched.get(client)?.commandFailed(error),
  };
}

/**
 * Watches this process's Redis connections (the commands one and the pub/sub subscriber) and says
 * once when Redis goes away and once when it is back, instead of a line per failed command or per
 * reconnection attempt. While it is away nothing waits on it: the failed-login and token-activity
 * counts fall back to this process's memory, and revocations, settings and block-list changes from
 * other processes reach this one through its caches' absolute expiries (5 s for dashboard tokens and
 * settings, 15 s for the block list) instead of at once. ioredis reconnects by itself (and
 * subscribes again); the first `ready` after an outage switches everything back.
 */
export class RedisHealth implements RedisAvailability {
  private down = false;
  private lastCommandFailureAt = 0;
  private readonly clients: Redis[];

  constructor(
    private readonly logger: Logger,
    ...clients: Redis[]
  ) {
    this.clients = clients;
    for (const client of clients) {
      watched.set(client, this);
      // Without an 'error' listener ioredis prints every failed reconnection attempt to stderr.
      // An error on a connection that is still ready (a command of its own that timed out, such as
      // the SELECT of a database index sent as it reconnects) is not an outage: said as a failed
      // command, or the process would stay "down" with every connection up.
      client.on("error", (error: Error) =>
        client.status === "ready" ? this.commandFailed(error) : this.lost(error),
      );
      client.on("reconnecting", () => this.lost(new Error("connection lost; reconnecting")));
      client.on("ready", () => this.checkBack());
    }
  }

  /**
   * False from the first failure (a connection error, a reconnection) until every connection is ready
   * again. Before the first connection it is true: commands wait for it, as they always did.
   */
  get up(): boolean {
    return !this.down;
  }

  /**
   * A command failed while the connections looked ready (Redis out of memory, read-only, …): the
   * caller falls back for that call; said at most once a minute.
   */
  commandFailed(error: unknown): void {
    // During an outage, failures are expected and the outage was already said.
    if (this.down) return;
    const now = Date.now();
    if (now - this.lastCommandFailureAt < 60_000) return;
    this.lastCommandFailureAt = now;
    this.logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      "a Redis command failed: kept in this process instead",
    );
  }

  private lost(error: Error): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      "Redis is unavailable: token revocations, settings and block-list changes from other processes now arrive through the 5-second caches (15 s for the block list), and failed-login and token-activity counts are kept in this process until it is back",
    );
  }

  private checkBack(): void {
    if (!this.down || !this.clients.every((client) => client.status === "ready")) return;
    this.down = false;
    // Said at the outage's level, so whoever saw it go away sees it come back.
    this.logger.warn("Redis is back: changes are shared through it again");
  }
}
