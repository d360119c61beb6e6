import type { AppContext } from "../context.ts";
import type { BotEvents } from "../discord/port/events.ts";
import type { BotGateway } from "../discord/port/gateway.ts";
import type { BotGuard } from "./guard.ts";
import {
  type ButtonHandler,
  type CommandHandler,
  type CommandOptions,
  InteractionRouter,
  type ModalHandler,
  type SelectHandler,
} from "./interaction-router.ts";

export type CommandRunListener = (serverId: string, path: string) => Promise<void> | void;

export interface Bot {
  readonly events: BotEvents;
  onCommand(name: string, handler: CommandHandler, options?: CommandOptions): void;
  onButton(prefix: string, handler: ButtonHandler): void;
  onSelect(prefix: string, handler: SelectHandler): void;
  onModal(prefix: string, handler: ModalHandler): void;
  /** Listens for every command that ran to completion (e.g. to count uses); answers a remover. */
  onCommandRun(listener: CommandRunListener): () => void;
  /** Tells the command-run listeners about a completed command; called by the command registry. */
  commandRan(serverId: string, path: string): Promise<void>;
  /** Commands with a handler: the ones to register with Discord. */
  commandNames(): string[];
  /** Installs the check every interaction and gateway event passes first (block list, lockdown). */
  guard(guard: BotGuard): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The bot role: the adapter's events, the interaction router, and a process-level guard so a stray
 * rejection is logged rather than ending the process. Features register commands and listeners
 * (guild sync and token revocation on leave included) before `start`.
 */
export function createBot(
  deps: Pick<AppContext, "storage" | "discord" | "logger">,
  gateway: BotGateway,
  options: { deferAfterMs?: number } = {},
): Bot {
  const logger = deps.logger.child({ role: "bot" });
  const router = new InteractionRouter(logger, options);
  const stops: (() => void)[] = [];
  const runListeners = new Set<CommandRunListener>();
  const onRejection = (reason: unknown) =>
    logger.error({ err: reason }, "unhandled rejection in the bot role");

  return {
    events: gateway.events,
    onCommand: (name, handler, commandOptions) => router.onCommand(name, handler, commandOptions),
    onButton: (prefix, handler) => router.onButton(prefix, handler),
    onSelect: (prefix, handler) => router.onSelect(prefix, handler),
    onModal: (prefix, handler) => router.onModal(prefix, handler),
    onCommandRun(listener) {
      runListeners.add(listener);
      return () => runListeners.delete(listener);
    },
    async commandRan(serverId, path) {
      for (const listener of runListeners) {
        try {
          await listener(serverId, path);
        } catch (error) {
          logger.warn({ err: error, path }, "a command-run listener failed");
        }
      }
    },
    commandNames: () => router.commandNames(),
    guard(guard) {
      router.setGuard((interaction) => guard.checkInteraction(interaction));
      gateway.events.setFilter((name, payload) => guard.allowEvent(name, payload));
    },
    async start() {
      process.on("unhandledRejection", onRejection);
      stops.push(
        () => process.off("unhandledRejection", onRejection),
        gateway.events.on("interactionCreate", (interaction) => router.handle(interaction)),
      );
      await gateway.start();
    },
    async stop() {
      await gateway.stop();
      await gateway.events.idle();
      for (const stop of stops.splice(0).reverse()) stop();
      gateway.events.setFilter(null);
    },
  };
}
