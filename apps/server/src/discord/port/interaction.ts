import type { Attachment, MemberInfo, Modal, OutgoingMessage, SentMessage, UserInfo } from "./port.ts";

/** The member who used a command or button, with their permissions in that channel. */
export interface InteractionMember extends MemberInfo {
  /** Permission bitfield as a decimal string, computed by Discord for the channel. */
  permissions: string;
}

/** An option's value: users, channels, roles and mentionables are given by id. */
export type OptionValue = string | number | boolean;

interface InteractionBase {
  id: string;
  /** Null in direct messages. */
  guildId: string | null;
  channelId: string | null;
  user: UserInfo;
  /** Null in direct messages. */
  member: InteractionMember | null;
  /** The bot's own permissions in the channel, as a decimal string (null when not told). */
  botPermissions: string | null;
  locale: string | null;
}

export interface CommandData extends InteractionBase {
  kind: "command";
  name: string;
  subcommandGroup: string | null;
  subcommand: string | null;
  /** The options of the subcommand used (or of the command), by name. */
  options: Record<string, OptionValue>;
  /** Users and members named by user options, by id, as Discord resolved them. */
  resolved: {
    users: Record<string, UserInfo>;
    members: Record<string, MemberInfo>;
    /** Files given to attachment options, by id (the option's value). */
    attachments?: Record<string, Attachment>;
  };
}

export interface ButtonData extends InteractionBase {
  kind: "button";
  customId: string;
  /** The message the button is on. */
  messageId: string;
}

/** A choice made in a select menu. */
export interface SelectData extends InteractionBase {
  kind: "select";
  customId: string;
  messageId: string;
  /** The chosen options' values, in the menu's order. */
  values: string[];
}

/** A submitted form: each text field's value by its custom id. */
export interface ModalData extends InteractionBase {
  kind: "modal";
  customId: string;
  /** The message whose button or menu opened the form, or null when a command opened it. */
  messageId: string | null;
  fields: Record<string, string>;
}

export type ComponentData = ButtonData | SelectData;
export type InteractionData = CommandData | ButtonData | SelectData | ModalData;

/** How an adapter answers Discord: the initial response, then the webhook of the interaction. */
export interface InteractionTransport {
  respond(
    response:
      | { type: "reply"; message: OutgoingMessage; ephemeral: boolean }
      | { type: "defer"; ephemeral: boolean }
      | { type: "deferUpdate" }
      | { type: "update"; message: OutgoingMessage }
      | { type: "modal"; modal: Modal },
  ): Promise<void>;
  editOriginal(message: OutgoingMessage): Promise<void>;
  deleteOriginal(): Promise<void>;
  followUp(message: OutgoingMessage, ephemeral: boolean): Promise<SentMessage>;
}

type Reply = string | OutgoingMessage;
const toMessage = (reply: Reply): OutgoingMessage => (typeof reply === "string" ? { content: reply } : reply);

/**
 * One command use or button click, and the one place that knows Discord's rules for answering it:
 * the first answer goes to the interaction callback, later ones to its webhook; after a deferral a
 * reply replaces the "thinking…" message (or, when its visibility differs, removes it and follows
 * up). Answers are queued so the runtime's automatic deferral and a handler's reply never cross.
 */
export class Interaction<D extends InteractionData = InteractionData> {
  private state: "pending" | "deferred" | "deferredUpdate" | "replied" = "pending";
  private deferredEphemeral = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly data: D,
    private readonly transport: InteractionTransport,
  ) {}

  /** True once Discord has been answered (replied, deferred or updated). */
  get acknowledged(): boolean {
    return this.state !== "pending";
  }

  /** Answers the user; after the first answer, further replies follow up. */
  reply(reply: Reply, options: { ephemeral?: boolean } = {}): Promise<void> {
    const message = toMessage(reply);
    const ephemeral = options.ephemeral ?? false;
    return this.enqueue(async () => {
      if (this.state === "pending") {
        await this.transport.respond({ type: "reply", message, ephemeral });
      } else if (this.state === "deferred" && this.deferredEphemeral === ephemeral) {
        await this.transport.editOriginal(message);
      } else if (this.state === "deferred") {
        // A deferred reply keeps the visibility it was deferred with; answer in the other one instead.
        await this.transport.deleteOriginal().catch(() => undefined);
        await this.transport.followUp(message, ephemeral);
      } else {
        await this.transport.followUp(message, ephemeral);
      }
      this.state = "replied";
    });
  }

  /**
   * Opens a form. Only as the first answer, and never to a submitted form: Discord allows a modal
   * only in answer to a command, button or select.
   */
  showModal(modal: Modal): Promise<void> {
    return this.enqueue(async () => {
      if (this.state !== "pending") throw new Error("A form can only be the first answer to an interaction");
      if (this.data.kind === "modal") throw new Error("A form can't open another form");
      await this.transport.respond({ type: "modal", modal });
      this.state = "replied";
    });
  }

  /** True for interactions that come from a message's component (their `update` edits that message). */
  private get onMessage(): boolean {
    const { data } = this;
    return (
      data.kind === "button" || data.kind === "select" || (data.kind === "modal" && data.messageId !== null)
    );
  }

  /** Buys time: Discord shows "thinking…" (commands, forms) or nothing (buttons, menus) until the reply. */
  defer(options: { ephemeral?: boolean } = {}): Promise<void> {
    return this.enqueue(async () => {
      if (this.state !== "pending") return;
      if (this.data.kind === "button" || this.data.kind === "select") {
        await this.transport.respond({ type: "deferUpdate" });
        this.state = "deferredUpdate";
      } else {
        this.deferredEphemeral = options.ephemeral ?? false;
        await this.transport.respond({ type: "defer", ephemeral: this.deferredEphemeral });
        this.state = "deferred";
      }
    });
  }

  /** Buttons, menus and forms opened from a message: edits that message. Commands: edits the reply. */
  update(reply: Reply): Promise<void> {
    const message = toMessage(reply);
    return this.enqueue(async () => {
      if (this.state === "pending" && this.onMessage) {
        await this.transport.respond({ type: "update", message });
        this.state = "replied";
      } else if (this.state === "pending") {
        await this.transport.respond({ type: "reply", message, ephemeral: false });
        this.state = "replied";
      } else {
        await this.transport.editOriginal(message);
      }
    });
  }

  /** A further message after the first answer (a new message, not an edit). */
  followUp(reply: Reply, options: { ephemeral?: boolean } = {}): Promise<SentMessage> {
    return this.enqueue(() => this.transport.followUp(toMessage(reply), options.ephemeral ?? false));
  }

  private enqueue<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

export type CommandInteraction = Interaction<CommandData>;
export type ButtonInteraction = Interaction<ButtonData>;
export type SelectInteraction = Interaction<SelectData>;
export type ModalInteraction = Interaction<ModalData>;
