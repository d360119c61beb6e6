import type { AppContext } from "../../context.ts";
import type { CommandInteraction, InteractionMember, OptionValue } from "../../discord/port/interaction.ts";
import type { Attachment, OutgoingMessage, UserInfo } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";

/** `record[key]` when the record holds `key` itself; never a value inherited from Object.prototype. */
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** Reads a command's options by name, with clear errors for missing or mistyped values. */
export class CommandOptions {
  constructor(
    private readonly values: Record<string, OptionValue>,
    private readonly resolvedUsers: Record<string, UserInfo>,
    private readonly resolvedAttachments: Record<string, Attachment> = {},
  ) {}

  has(name: string): boolean {
    return own(this.values, name) !== undefined;
  }

  string(name: string): string | undefined {
    const value = own(this.values, name);
    return value === undefined ? undefined : String(value);
  }

  requireString(name: string): string {
    const value = this.string(name);
    if (value === undefined || value.trim() === "")
      throw badRequest(`Please give a value for **${name}**.`, name);
    return value;
  }

  number(name: string): number | undefined {
    const value = own(this.values, name);
    if (value === undefined) return undefined;
    const number = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(number)) throw badRequest(`**${name}** must be a number.`, name);
    return number;
  }

  boolean(name: string): boolean | undefined {
    const value = own(this.values, name);
    return value === undefined ? undefined : value === true || value === "true";
  }

  /** User, channel and role options arrive as ids. */
  id(name: string): string | undefined {
    return this.string(name);
  }

  requireId(name: string): string {
    return this.requireString(name);
  }

  /** The user Discord resolved for a user option, when it sent one. */
  user(name: string): UserInfo | undefined {
    const id = this.id(name);
    return id ? own(this.resolvedUsers, id) : undefined;
  }

  /** The file given to an attachment option, when one was. */
  attachment(name: string): Attachment | undefined {
    const id = this.id(name);
    return id ? own(this.resolvedAttachments, id) : undefined;
  }
}

/** What a command handler gets: the services, who ran it where, its options, and how to answer. */
export interface CommandContext {
  ctx: AppContext;
  interaction: CommandInteraction;
  /** The full command path, e.g. `grinder add`. */
  path: string;
  serverId: string;
  channelId: string | null;
  user: UserInfo;
  member: InteractionMember;
  options: CommandOptions;
  /** Logs with the interaction's id, server and command on every line (use it rather than `ctx.logger`). */
  logger: Logger;
  reply(reply: string | OutgoingMessage, options?: { ephemeral?: boolean }): Promise<void>;
  defer(options?: { ephemeral?: boolean }): Promise<void>;
}

/** A command's behaviour, bound by its full path to the catalogue entry that documents it. */
export interface CommandDefinition {
  path: string;
  run(command: CommandContext): Promise<void>;
  /** Answers privately by default (settings, tokens, errors); public commands set false. */
  ephemeral?: boolean;
}

export const defineCommand = (
  path: string,
  run: CommandDefinition["run"],
  options: { ephemeral?: boolean } = {},
) => ({ path, run, ...options }) satisfies CommandDefinition;
