import type {
  ButtonInteraction,
  CommandInteraction,
  Interaction,
  ModalInteraction,
  SelectInteraction,
} from "../discord/interaction.ts";
import { DiscordError, type DiscordErrorCode } from "../discord/port.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";

export type CommandHandler = (interaction: CommandInteraction) => Promise<void> | void;
export type ButtonHandler = (interaction: ButtonInteraction) => Promise<void> | void;
export type SelectHandler = (interaction: SelectInteraction) => Promise<void> | void;
export type ModalHandler = (interaction: ModalInteraction) => Promise<void> | void;
/** Answers the notice that replaces an interaction's handling (block list, lockdown), or null. */
export type InteractionGuard = (interaction: Interaction) => Promise<string | null>;
type ComponentKind = "button" | "select" | "modal";
type AnyComponentHandler = (interaction: Interaction) => Promise<void> | void;

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

  async handle(interaction: Interaction): Promise<void> {
    const { data } = interaction;
    const notice = await this.guardNotice(interaction);
    if (notice !== null) return this.refuse(interaction, notice);
    if (data.kind === "command") {
      const entry = this.commands.get(data.name);
      if (!entry) return this.refuse(interaction, "This command isn't available right now.");
      await this.run(interaction, entry.options.ephemeral ?? false, () =>
        entry.handler(interaction as CommandInteraction),
      );
    } else {
      const handler = this.componentHandler(data.kind, data.customId);
      if (!handler) return this.refuse(interaction, staleComponent[data.kind]);
      await this.run(interaction, true, () => handler(interaction));
    }
  }

  private async guardNotice(interaction: Interaction): Promise<string | null> {
    if (!this.guard) return null;
    try {
      return await this.guard(interaction);
    } catch (error) {
      // A failed check lets the interaction through rather than leaving every member unanswered.
      this.logger.warn({ err: error, interaction: describe(interaction) }, "the interaction guard failed");
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

  private async run(interaction: Interaction, ephemeral: boolean, handler: () => Promise<void> | void) {
    const label = describe(interaction);
    const timer = setTimeout(() => {
      if (interaction.acknowledged) return;
      interaction.defer({ ephemeral }).catch((error: unknown) => {
        this.logger.warn({ err: error, interaction: label }, "automatic deferral failed");
      });
    }, this.options.deferAfterMs ?? deferAfterMs);
    try {
      await handler();
      if (!interaction.acknowledged) this.logger.warn({ interaction: label }, "handler did not answer");
    } catch (error) {
      const message = friendlyMessage(error);
      if (message === null)
        this.logger.error({ err: error, interaction: label }, "interaction handler failed");
      await this.refuse(interaction, message ?? genericFailure);
    } finally {
      clearTimeout(timer);
    }
  }

  private async refuse(interaction: Interaction, message: string): Promise<void> {
    try {
      await interaction.reply(fitReply(message), { ephemeral: true });
    } catch (error) {
      this.logger.warn({ err: error, interaction: describe(interaction) }, "could not send the error reply");
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

function describe(interaction: Interaction): string {
  const { data } = interaction;
  if (data.kind !== "command") return `${data.kind} ${data.customId}`;
  return `/${[data.name, data.subcommandGroup, data.subcommand].filter(Boolean).join(" ")}`;
}
