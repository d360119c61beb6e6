import type { BotEvents } from "./events.ts";

/** What the bot role needs from an adapter beyond the Discord port: its events and a gateway to open. */
export interface BotGateway {
  readonly events: BotEvents;
  /** Connects (discord.js: logs in to the gateway; sandbox: announces its guilds). */
  start(): Promise<void>;
  stop(): Promise<void>;
}
