import type { AppContext } from "../context.ts";
import { registerCoreListeners } from "./core-listeners.ts";
import type { BotEvents } from "./events.ts";
import {
  type ButtonHandler,
  type CommandHandler,
  type CommandOptions,
  InteractionRouter,
  type ModalHandler,
  type SelectHandler,
} from "./interaction-router.ts";

/** What the bot role needs from an adapter beyond the Discord port: its events and a gateway to open. */
export interface BotGateway {
  readonly events: BotEvents;
  /** Connects (discord.js: logs in to the gateway; sandbox: announces its guilds). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface Bot {
  readonly events: BotEvents;
  onCommand(name: string, handler: CommandHandler, options?: CommandOptions): void;
  onButton(prefix: string, handler: ButtonHandler): void;
  onSelect(prefix: string, handler: SelectHandler): void;
  onModal(prefix: string, handler: ModalHandler): void;
  /** Commands with a handler: the ones to register with Discord. */
  commandNames(): string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The bot role: the adapter's events, the runtime's own listeners (guild sync, token revocation on
 * leave), the interaction router, and a process-level guard so a stray rejection is logged rather
 * than ending the process. Features register commands and listeners before `start`.
 */
export function createBot(
  deps: Pick<AppContext, "storage" | "discord" | "logger">,
  gateway: BotGateway,
  options: { deferAfterMs?: number } = {},
): Bot {
  const logger = deps.logger.child({ role: "bot" });
  const router = new InteractionRouter(logger, options);
  const stops: (() => void)[] = [];
  const onRejection = (reason: unknown) =>
    logger.error({ err: reason }, "unhandled rejection in the bot role");

  return {
    events: gateway.events,
    onCommand: (name, handler, commandOptions) => router.onCommand(name, handler, commandOptions),
    onButton: (prefix, handler) => router.onButton(prefix, handler),
    onSelect: (prefix, handler) => router.onSelect(prefix, handler),
    onModal: (prefix, handler) => router.onModal(prefix, handler),
    commandNames: () => router.commandNames(),
    async start() {
      process.on("unhandledRejection", onRejection);
      stops.push(
        () => process.off("unhandledRejection", onRejection),
        registerCoreListeners(deps, gateway.events),
        gateway.events.on("interactionCreate", (interaction) => router.handle(interaction)),
      );
      await gateway.start();
    },
    async stop() {
      await gateway.stop();
      await gateway.events.idle();
      for (const stop of stops.splice(0).reverse()) stop();
    },
  };
}
