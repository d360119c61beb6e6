import type {
  ButtonInteraction,
  CommandInteraction,
  Interaction,
  ModalInteraction,
  SelectInteraction,
} from "../discord/port/interaction.ts";
import { DiscordError, type DiscordErrorCode } from "../discord/port/port.ts";
import { AppError } from "../lib/errors.ts";
import { type LogFields, withLogFields } from "../lib/log-context.ts";
import type { Logger } from "../lib/logger.ts";

/** What a handler gets beside the interaction: a logger whose lines carry the interaction's id. */
export interface HandlerContext {
  logger: Logger;
}

export type CommandHandler = (
  interaction: CommandInteraction,
  context: HandlerContext,
) => Promise<void> | void;
export type ButtonHandler = (interaction: ButtonInteraction, context: HandlerContext) => Promise<void> | void;
export type SelectHandler = (interaction: SelectInteraction, context: HandlerContext) => Promise<void> | void;
export type ModalHandler = (interaction: ModalInteraction, context: HandlerContext) => Promise<void> | void;
/** Answers the notice that replaces an interaction's handling (block list, lockdown), or null. */
export type InteractionGuard = (interaction: Interaction) => Promise<string | null>;
type ComponentKind = "button" | "select" | "modal";
type AnyComponentHandler = (interaction: Interaction, context: HandlerContext) => Promise<void> | void;

const staleComponent: Record<ComponentKind, string> = {
  button: "This button no longer does anything.",
  select: "This menu no longer does anything.",
  modal: "This form is no longer in use.",
};

export interface CommandOptions {
  /** The visibility of the automatic deferral, so a slow private answer stays private. */
  ephemeral?: boolean;
}

/** Discord drops an interaction not answered within 3 s; defer at 2.5 s to leave room for the round trip. */
export const deferAfterMs = 2500;

export const genericFailure = "Something went wrong while doing that. Please try again in a moment.";

/** Discord refuses a message over 2,000 characters, which would leave the member with no answer at all. */
const maxReplyLength = 2000;

const discordFailures: Partial<Record<DiscordErrorCode, string>> = {
  missing_permissions: "I don't have the permissions I need for that here.",
  dm_closed: "I couldn't send you a direct message: your DMs are closed to me.",
  rate_limited: "Discord is asking me to slow down; please try again in a moment.",
  unavailable: "Discord isn't answering right now; please try again in a moment.",
  // Something was deleted (or hidden from the bot) while the command ran: expected, not a bug.
  unknown_channel: "That channel no longer exists, or I can't see it.",
  unknown_message: "That message no longer exists, or I can't see it.",
  unknown_role: "That role no longer exists.",
  unknown_member: "Discord couldn't find that member in this server; please try again in a moment.",
  unknown_user: "Discord couldn't find that user.",
  unknown_guild: "I'm no longer in this server.",
};

/**
 * Routes slash commands and button clicks to the handlers features register, and applies the one
 * acknowledgement rule: a handler that hasn't answered within 2.5 s is deferred for it; a thrown
 * expected error (AppError) becomes one friendly ephemeral reply, anything else a generic one + a log.
 */
export class InteractionRouter {
  private readonly commands = new Map<string, { handler: CommandHandler; options: CommandOptions }>();
  private readonly components: Record<ComponentKind, Map<string, AnyComponentHandler>> = {
    button: new Map(),
    select: new Map(),
    modal: new Map(),
  };
  private guard: InteractionGuard | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly options: { deferAfterMs?: number } = {},
  ) {}

  onCommand(name: string, handler: CommandHandler, options: CommandOptions = {}): void {
    if (this.commands.has(name)) throw new Error(`A handler for /${name} is already registered`);
    this.commands.set(name, { handler, options });
  }

  /** Handles buttons whose custom id starts with `prefix`; the longest matching prefix wins. */
  onButton(prefix: string, handler: ButtonHandler): void {
    this.onComponent("button", prefix, handler as AnyComponentHandler);
  }

  /** Handles select menus whose custom id starts with `prefix`; the longest matching prefix wins. */
  onSelect(prefix: string, handler: SelectHandler): void {
    this.onComponent("select", prefix, handler as AnyComponentHandler);
  }

  /** Handles submitted forms whose custom id starts with `prefix`; the longest matching prefix wins. */
  onModal(prefix: string, handler: ModalHandler): void {
    this.onComponent("modal", prefix, handler as AnyComponentHandler);
  }

  private onComponent(kind: ComponentKind, prefix: string, handler: AnyComponentHandler): void {
    const handlers = this.components[kind];
    if (handlers.has(prefix)) throw new Error(`A ${kind} handler for "${prefix}" is already registered`);
    handlers.set(prefix, handler);
  }

  /** Sets the check every interaction passes first (null removes it). */
  setGuard(guard: InteractionGuard | null): void {
    this.guard = guard;
  }

  /** Names of the commands with a handler: only these are registered with Discord. */
  commandNames(): string[] {
    return [...this.commands.keys()];
  }

  /**
   * Handles one interaction. Everything it logs, the handler's lines and the services' below it,
   * carries the interaction's id, server and command (a child logger, and the log context for
   * services that log through `ctx.logger`).
   */
  handle(interaction: Interaction): Promise<void> {
    const fields = interactionLogFields(interaction);
    const logger = this.logger.child(fields);
    return withLogFields(fields, () => this.dispatch(interaction, { logger }));
  }

  private async dispatch(interaction: Interaction, context: HandlerContext): Promise<void> {
    const { data } = interaction;
    const notice = await this.guardNotice(interaction, context.logger);
    if (notice !== null) return this.refuse(interaction, notice, context.logger);
    if (data.kind === "command") {
      const entry = this.commands.get(data.name);
      if (!entry) return this.refuse(interaction, "This command isn't available right now.", context.logger);
      await this.run(interaction, entry.options.ephemeral ?? false, context.logger, () =>
        entry.handler(interaction as CommandInteraction, context),
      );
    } else {
      const handler = this.componentHandler(data.kind, data.customId);
      if (!handler) return this.refuse(interaction, staleComponent[data.kind], context.logger);
      await this.run(interaction, true, context.logger, () => handler(interaction, context));
    }
  }

  private async guardNotice(interaction: Interaction, logger: Logger): Promise<string | null> {
    if (!this.guard) return null;
    try {
      return await this.guard(interaction);
    } catch (error) {
      // A failed check lets the interaction through rather than leaving every member unanswered.
      logger.warn({ err: error, interaction: describe(interaction) }, "the interaction guard failed");
      return null;
    }
  }

  private componentHandler(kind: ComponentKind, customId: string): AnyComponentHandler | undefined {
    const handlers = this.components[kind];
    let best: string | undefined;
    for (const prefix of handlers.keys()) {
      if (customId.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
    }
    return best === undefined ? undefined : handlers.get(best);
  }

  private async run(
    interaction: Interaction,
    ephemeral: boolean,
    logger: Logger,
    handler: () => Promise<void> | void,
  ) {
    const label = describe(interaction);
    const timer = setTimeout(() => {
      if (interaction.acknowledged) return;
      interaction.defer({ ephemeral }).catch((error: unknown) => {
        logger.warn({ err: error, interaction: label }, "automatic deferral failed");
      });
    }, this.options.deferAfterMs ?? deferAfterMs);
    try {
      await handler();
      if (!interaction.acknowledged) logger.warn({ interaction: label }, "handler did not answer");
    } catch (error) {
      const message = friendlyMessage(error);
      if (message === null) logger.error({ err: error, interaction: label }, "interaction handler failed");
      await this.refuse(interaction, message ?? genericFailure, logger);
    } finally {
      clearTimeout(timer);
    }
  }

  private async refuse(interaction: Interaction, message: string, logger: Logger): Promise<void> {
    try {
      await interaction.reply(fitReply(message), { ephemeral: true });
    } catch (error) {
      logger.warn({ err: error, interaction: describe(interaction) }, "could not send the error reply");
    }
  }
}

/** A reply cut to Discord's length limit, on a line break where one is near the end. */
export function fitReply(message: string): string {
  if (message.length <= maxReplyLength) return message;
  const room = message.slice(0, maxReplyLength - 1);
  const lineEnd = room.lastIndexOf("\n");
  return `${lineEnd > maxReplyLength - 400 ? room.slice(0, lineEnd) : room}…`;
}

/** The text for an expected failure, or null for a bug. */
function friendlyMessage(error: unknown): string | null {
  if (error instanceof AppError) return error.message;
  if (error instanceof DiscordError) return discordFailures[error.code] ?? null;
  return null;
}

/** The fields every log line about an interaction carries. */
function interactionLogFields(interaction: Interaction): LogFields {
  const { data } = interaction;
  return {
    interactionId: data.id,
    ...(data.guildId ? { guildId: data.guildId } : {}),
    command: describe(interaction),
  };
}

function describe(interaction: Interaction): string {
  const { data } = interaction;
  if (data.kind !== "command") return `${data.kind} ${data.customId}`;
  return `/${[data.name, data.subcommandGroup, data.subcommand].filter(Boolean).join(" ")}`;
}
