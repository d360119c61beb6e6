import { type LogFields, withLogFields } from "../../lib/log-context.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Interaction } from "./interaction.ts";
import type {
  Attachment,
  Embed,
  GuildInfo,
  InviteInfo,
  MemberInfo,
  ReactionEmoji,
  RoleInfo,
  UserInfo,
} from "./port.ts";

/** The server tag a user wears (`primary_guild` on Discord's user object). */
export interface PrimaryGuild {
  guildId: string | null;
  tag: string | null;
  /** False when the user has hidden the tag; a hidden tag counts as not worn. */
  enabled: boolean;
}

/** A member, plus their server tag when the payload carried it (absent means "not told", null "none"). */
export interface MemberEvent extends MemberInfo {
  primaryGuild?: PrimaryGuild | null;
}

export interface PresenceEvent {
  guildId: string;
  userId: string;
  status: "online" | "idle" | "dnd" | "offline";
  /** The text of the custom status (activity type 4), or null when there is none. */
  customStatus: string | null;
  /** Present only when Discord sent the user's full object with the presence. */
  primaryGuild?: PrimaryGuild | null;
}

export interface MessageEvent {
  id: string;
  channelId: string;
  /** Null in direct messages. */
  guildId: string | null;
  author: UserInfo;
  /** The text (the MessageContent intent is requested: highlights, auto-responders, AFK notes read it). */
  content: string;
  /** The author's roles in the guild (null in DMs or when not told). */
  memberRoleIds: string[] | null;
  /** Users the message mentions (a reply to someone counts when it pings them). */
  mentionUserIds: string[];
  attachments: Attachment[];
  /**
   * The message's embeds (other bots post their games and events as embeds). Absent when the
   * adapter wasn't told, which readers treat as none.
   */
  embeds?: Embed[];
  webhookId: string | null;
  createdAt: number;
}

/** A reaction added to or removed from a message in a guild. */
export interface ReactionEvent {
  guildId: string;
  channelId: string;
  messageId: string;
  userId: string;
  emoji: ReactionEmoji;
  /** The reacted message's author, when Discord says (reaction adds carry it). */
  messageAuthorId: string | null;
}

/** Everything the bot hears, whichever adapter it runs on. */
export interface BotEventMap {
  /** The bot is in this guild: on every gateway (re)connect, and when it joins one. */
  guildCreate: GuildInfo;
  /** The bot was removed from the guild (not an outage: unavailable guilds are not reported). */
  guildDelete: { guildId: string };
  memberAdd: MemberEvent;
  memberUpdate: MemberEvent;
  memberRemove: { guildId: string; user: UserInfo };
  presenceUpdate: PresenceEvent;
  messageCreate: MessageEvent;
  messageDelete: { guildId: string | null; channelId: string; messageId: string };
  /** A message was edited (or Discord filled in its embeds); listeners read it again if they care. */
  messageUpdate: { guildId: string | null; channelId: string; messageId: string };
  reactionAdd: ReactionEvent;
  reactionRemove: ReactionEvent;
  /** Every reaction (or every reaction of one emoji, when `emoji` is set) was cleared from a message. */
  reactionClear: { guildId: string; channelId: string; messageId: string; emoji: ReactionEmoji | null };
  /** An invite was made (Guild Invites intent): invite tracking adds it to the server's list. */
  inviteCreate: { guildId: string; invite: InviteInfo };
  /** An invite was deleted, expired or used up. */
  inviteDelete: { guildId: string; code: string };
  roleUpdate: RoleInfo;
  roleDelete: { guildId: string; roleId: string };
  channelDelete: { guildId: string; channelId: string };
  interactionCreate: Interaction;
}

export type BotEventName = keyof BotEventMap;
type Handler<K extends BotEventName> = (payload: BotEventMap[K]) => unknown;

/** Decides whether an event reaches the listeners at all (the bot's global block list). */
export type BotEventFilter = <K extends BotEventName>(
  name: K,
  payload: BotEventMap[K],
) => boolean | Promise<boolean>;

/**
 * A small typed event bus. Adapters emit into it; features listen. Handlers run concurrently, so a
 * slow feature never holds up another, and a handler's error is logged, never thrown back into the
 * gateway (an error must not stop the bot).
 */
export class BotEvents {
  private readonly handlers = new Map<BotEventName, Set<Handler<BotEventName>>>();
  private readonly pending = new Set<Promise<unknown>>();
  private filter: BotEventFilter | null = null;

  constructor(private readonly logger: Logger) {}

  /**
   * Sets the one filter every event passes before its handlers run (null removes it). A filter that
   * throws lets the event through: a failed check must not silence the bot.
   */
  setFilter(filter: BotEventFilter | null): void {
    this.filter = filter;
  }

  /** Listens to one event; answers a function that stops listening. */
  on<K extends BotEventName>(name: K, handler: Handler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    const entry = handler as Handler<BotEventName>;
    set.add(entry);
    return () => set.delete(entry);
  }

  /** Runs every handler of the event; resolves when all have settled (tests and the sandbox await it). */
  emit<K extends BotEventName>(name: K, payload: BotEventMap[K]): Promise<void> {
    const handlers = [...(this.handlers.get(name) ?? [])];
    if (handlers.length === 0) return Promise.resolve();
    // Every line the handlers (and the services they call) log names the event it came from.
    return withLogFields(eventLogFields(name, payload), () => this.run(name, payload, handlers));
  }

  private run<K extends BotEventName>(
    name: K,
    payload: BotEventMap[K],
    handlers: Handler<BotEventName>[],
  ): Promise<void> {
    const runHandlers = () =>
      Promise.all(
        handlers.map(async (handler) => {
          try {
            await handler(payload);
          } catch (error) {
            this.logger.error({ err: error, event: name }, `bot event handler failed: ${name}`);
          }
        }),
      ).then(() => undefined);
    const filter = this.filter;
    const run = filter
      ? this.filtered(filter, name, payload).then((ok) => (ok ? runHandlers() : undefined))
      : runHandlers();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  private async filtered<K extends BotEventName>(
    filter: BotEventFilter,
    name: K,
    payload: BotEventMap[K],
  ): Promise<boolean> {
    try {
      return await filter(name, payload);
    } catch (error) {
      this.logger.warn({ err: error, event: name }, "the bot event filter failed; the event goes through");
      return true;
    }
  }

  /** Resolves once every handler started so far has finished (shutdown waits for this). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}

/** The event's type and the ids that say which one it was (server, message, member), for its log lines. */
function eventLogFields(name: BotEventName, payload: unknown): LogFields {
  const fields: Record<string, string> = { event: name };
  if (name === "interactionCreate") return fields;
  const record = payload as Record<string, unknown>;
  const take = (key: string, value: unknown) => {
    if (typeof value === "string" && value !== "") fields[key] = value;
  };
  take("guildId", record.guildId ?? (name === "guildCreate" ? record.id : undefined));
  take("messageId", record.messageId ?? (name === "messageCreate" ? record.id : undefined));
  take("channelId", record.channelId);
  take("userId", record.userId ?? (record.user as { id?: unknown } | undefined)?.id);
  return fields;
}
