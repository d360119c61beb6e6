import { Client, Events, REST } from "discord.js";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../metrics/metrics.ts";
import { composedOf } from "../port/composed.ts";
import { BotEvents } from "../port/events.ts";
import type { BotGateway } from "../port/gateway.ts";
import type { ApplicationCommandDefinition, DiscordPort } from "../port/port.ts";
import { OwnIds, registerCommands } from "./application.ts";
import { type ClientSettings, clientOptions } from "./client.ts";
import { type DiscordJsContext, forgetChannel, readCaches } from "./context.ts";
import { forwardGatewayEvents, logClientHealth } from "./gateway-events.ts";
import { guildsPart } from "./guilds.ts";
import { invitesPart } from "./invites.ts";
import { membersPart } from "./members.ts";
import { messagesPart } from "./messages.ts";
import { instrumentGateway, instrumentRest } from "./metrics.ts";
import { OwnMembers } from "./own-member.ts";

export interface DiscordJsAdapterOptions extends ClientSettings {
  token: string;
  logger: Logger;
  /** Open the gateway (the bot role). Without it the adapter is REST only, which any process can use. */
  gateway: boolean;
  /** The application id for command registration (DISCORD_CLIENT_ID); asked of Discord when unset. */
  applicationId?: string;
  /** How long REST reads of guilds, channels, roles and users are kept when the gateway cache can't answer. */
  cacheTtlMs?: number;
  /** Counts REST rate limits and errors, gateway events per shard, and reads shard pings at scrape time. */
  metrics?: Metrics | null;
}

/**
 * The Discord port over discord.js. Every write goes through one REST client (rate limits shared);
 * reads answer from the gateway cache when this process holds the guild, else from REST, briefly
 * cached. Discord's failures come back as DiscordError codes, as from the sandbox. The port's calls
 * are its parts' (guilds.ts, members.ts, messages.ts, invites.ts beside it), assembled over one
 * shared context; this class adds the client's lifecycle and command registration.
 */
type Parts = ReturnType<typeof guildsPart> &
  ReturnType<typeof membersPart> &
  ReturnType<typeof messagesPart> &
  ReturnType<typeof invitesPart>;

export class DiscordJsAdapter extends composedOf<Parts>() implements DiscordPort, BotGateway {
  readonly kind = "discord" as const;
  readonly events: BotEvents;
  readonly rest: REST;
  /** The gateway client, in processes that run the bot role. */
  readonly client: Client | null;

  private readonly context: DiscordJsContext;
  private readonly ownIds: OwnIds;

  constructor(private readonly options: DiscordJsAdapterOptions) {
    super();
    const { logger } = options;
    this.events = new BotEvents(logger);
    const settings = clientOptions(options);
    // Our own REST client rather than the gateway client's: discord.js drops its token on destroy,
    // and jobs still finishing at shutdown must be able to call Discord.
    this.rest = new REST(settings.rest).setToken(options.token);
    this.client = options.gateway ? new Client(settings) : null;
    const caches = readCaches(options.cacheTtlMs ?? 5000);
    const ownMembers = this.client ? new OwnMembers(this.client) : null;
    this.context = { rest: this.rest, client: this.client, logger, ownMembers, ...caches };
    this.ownIds = new OwnIds(this.rest, this.client, options.applicationId);
    const parts: Parts = {
      ...guildsPart(this.context, this),
      ...membersPart(this.context, this, () => this.ownIds.userId()),
      ...messagesPart(this.context, this),
      ...invitesPart(this.context),
    };
    Object.assign(this, parts);
    // What the gateway says changed is read afresh next time (processes without a gateway wait out the TTL).
    this.events.on("roleUpdate", (role) => caches.roles.delete(role.guildId));
    this.events.on("roleDelete", (role) => caches.roles.delete(role.guildId));
    this.events.on("channelDelete", (channel) =>
      forgetChannel(this.context, channel.guildId, channel.channelId),
    );

    if (options.metrics) {
      instrumentRest(this.rest, options.metrics);
      if (this.client) {
        instrumentRest(this.client.rest, options.metrics);
        instrumentGateway(this.client, options.metrics);
      }
    }
    if (this.client) {
      logClientHealth(this.client, logger);
      forwardGatewayEvents(this.client, this.rest, this.events, logger);
    }
  }

  /**
   * Logs in to the gateway and resolves once every guild of this process's shards has arrived (or
   * discord.js stopped waiting for unavailable ones), so the cache answers reads from then on.
   * REST-only adapters have nothing to open.
   */
  async start(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    try {
      await client.login(this.options.token);
    } catch (error) {
      if (error instanceof Error && /disallowed intents/i.test(error.message)) {
        throw new Error(
          "Discord refused the bot's privileged intents: in the developer portal, under Bot → Privileged Gateway Intents, switch on Server Members Intent, Presence Intent and Message Content Intent",
          { cause: error },
        );
      }
      throw error;
    }
    await ready;
  }

  async stop(): Promise<void> {
    await this.client?.destroy();
  }

  async registerCommands(commands: ApplicationCommandDefinition[], guildId?: string): Promise<void> {
    await registerCommands(this.rest, await this.ownIds.application(), commands, guildId);
  }
}
