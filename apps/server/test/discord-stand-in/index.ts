import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIGuildMember, APIRole } from "discord.js";
import { StandInGateway } from "./gateway.ts";
import {
  type AttachmentInput,
  attachmentPayload,
  buttonClickPayload,
  type InteractionInput,
  modalSubmitPayload,
  type OptionInput,
  selectPayload,
  slashCommandPayload,
} from "./interactions.ts";
import { type InteractionRecord, type ModalRecord, RestError, restRoutes } from "./rest.ts";
import {
  parseMentions,
  StandInState,
  type StoredEmoji,
  type StoredGuild,
  type StoredMessage,
  type StoredReactionEmoji,
} from "./state.ts";

export type { AttachmentInput, OptionInput } from "./interactions.ts";
export type { ModalRecord } from "./rest.ts";
export type { StoredEmoji, StoredGuild, StoredMessage, StoredReactionEmoji, StoredUser } from "./state.ts";

/**
 * A local stand-in for Discord, for end-to-end tests of the discord.js adapter: REST under
 * `<apiUrl>/v10` and the gateway over ws:// on the same port, backed by in-memory state. Every REST
 * request is recorded for assertions; tests dispatch gateway events and build interaction payloads.
 *
 * What other people do on Discord is played by the helpers below, each of which changes the state
 * and dispatches the gateway event Discord would: `postMessage`, `deleteMessage(s)`, `addReaction`,
 * `removeReaction`, `clearReactions`, `updateRole`, `deleteRole`, `deleteChannel`, `updateMember`,
 * `addEmoji` (state only); and for interactions `runCommand`, `clickButton`, `clickSelect`,
 * `submitModal`, which dispatch and resolve with the interaction's first answer (its callback).
 * They resolve once the frame is sent, not once the bot has handled it: with the `startStandInBot`
 * harness, `await harness.settle()` waits for that.
 */

/** An interaction the stand-in dispatched, and the first answer (callback) the bot gave it. */
export interface InteractionResult {
  id: string;
  token: string;
  /** The POST to `/interactions/<id>/<token>/callback`: `body.type` 4 reply, 5 defer, 6 deferred update, 7 update, 9 form. */
  callback: RecordedRequest;
  /** The form the callback opened (type 9), else null. */
  modal: ModalRecord | null;
}

/** Where a reaction happens, and whose it is. `emoji` is `⭐`, `name:id`, `<:name:id>` or an object. */
export interface ReactionInput {
  /** Defaults to the channel's guild. */
  guildId?: string;
  channelId: string;
  messageId: string;
  userId: string;
  emoji: string | StoredReactionEmoji;
}

export interface StandInOptions {
  /** The bot token the stand-in accepts (REST `Authorization: Bot <token>`, gateway IDENTIFY). */
  token?: string;
  heartbeatIntervalMs?: number;
  /** Members in GUILD_CREATE besides the bot's own: none (default), all stored ones, or generated. */
  guildMembers?: boolean | ((guild: StoredGuild) => Iterable<APIGuildMember>);
  /** Whether the bot was granted the privileged intents (default true); without them IDENTIFY closes with 4014. */
  privilegedIntents?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** The route without `/api/v10`, e.g. `/channels/123/messages`. */
  path: string;
  query: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are asserted on freely in tests
  body: any;
  /** The audit-log reason header, decoded. */
  reason: string | null;
  at: number;
  status: number;
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  code: number;
  message: string;
}

export class DiscordStandIn {
  readonly state = new StandInState();
  readonly requests: RecordedRequest[] = [];
  readonly interactions = new Map<string, InteractionRecord>();
  /** Every form the bot opened (interaction callbacks of type 9), oldest first. */
  readonly modals: ModalRecord[] = [];
  readonly gateway: StandInGateway;
  private readonly server: http.Server;
  private readonly failures: Failure[] = [];
  private readonly listeners = new Set<(request: RecordedRequest) => void>();
  private readonly routes: ReturnType<typeof compile>;

  private constructor(
    readonly token: string,
    options: StandInOptions,
  ) {
    this.server = http.createServer((request, response) => void this.serve(request, response));
    const members = options.guildMembers;
    this.gateway = new StandInGateway(this.server, this.state, () => this.gatewayUrl, {
      token,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      privilegedIntents: options.privilegedIntents ?? true,
      members:
        typeof members === "function"
          ? members
          : members
            ? (guild) => [...guild.members.values()].map((member) => this.state.apiMember(member))
            : () => [],
    });
    this.routes = compile(restRoutes(this.state, this.interactions, this.modals));
  }

  static async start(options: StandInOptions = {}): Promise<DiscordStandIn> {
    const standIn = new DiscordStandIn(options.token ?? "stand-in-token", options);
    await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
    return standIn;
  }

  private get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The REST base for discord.js's `rest.api` option (and DISCORD_API_URL). */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /** Sends a gateway event (to the shard owning `guild_id` when the payload has one). */
  dispatch(event: string, data: unknown): Promise<void> {
    if (event === "INTERACTION_CREATE") {
      const payload = data as {
        id: string;
        token: string;
        channel_id: string;
        guild_id?: string;
        message?: { id: string };
      };
      this.interactions.set(payload.id, {
        token: payload.token,
        channelId: payload.channel_id,
        guildId: payload.guild_id ?? null,
        dispatchedAt: Date.now(),
        acknowledged: false,
        originalId: payload.message?.id ?? null,
      });
    }
    return this.gateway.dispatch(event, data);
  }

  slashCommand(
    input: InteractionInput & {
      name: string;
      subcommand?: string;
      subcommandGroup?: string;
      options?: Record<string, OptionInput>;
    },
  ) {
    return slashCommandPayload(this.state, input);
  }

  buttonClick(input: InteractionInput & { messageId: string; customId: string }) {
    return buttonClickPayload(this.state, input);
  }

  /** A choice in a string select of a stored message (a payload to dispatch; `clickSelect` also waits). */
  selectClick(input: InteractionInput & { messageId: string; customId: string; values: string[] }) {
    return selectPayload(this.state, input);
  }

  /** A submitted form (a payload to dispatch; `submitModal` also waits). */
  modalSubmit(
    input: InteractionInput & {
      customId: string;
      fields: Record<string, string>;
      messageId?: string;
      layout?: "row" | "label";
    },
  ) {
    return modalSubmitPayload(this.state, input);
  }

  /** Dispatches an interaction payload and resolves with its callback (the first answer Discord gets). */
  async interact(payload: { id: string; token: string }, timeoutMs = 5000): Promise<InteractionResult> {
    const after = this.requests.length;
    const path = `/interactions/${payload.id}/${payload.token}/callback`;
    await this.dispatch("INTERACTION_CREATE", payload);
    const callback = await this.waitForRequest(
      (request) => request.method === "POST" && request.path === path,
      { after, timeoutMs },
    );
    const modal = this.modals.find((record) => record.interactionId === payload.id) ?? null;
    return { id: payload.id, token: payload.token, callback, modal };
  }

  /** Uses a slash command and waits for its first answer. */
  runCommand(input: Parameters<DiscordStandIn["slashCommand"]>[0]): Promise<InteractionResult> {
    return this.interact(this.slashCommand(input));
  }

  /** Clicks a button of a stored message and waits for the first answer. */
  clickButton(input: InteractionInput & { messageId: string; customId: string }): Promise<InteractionResult> {
    return this.interact(this.buttonClick(input));
  }

  /** Chooses `values` in a string select of a stored message and waits for the first answer. */
  clickSelect(
    input: InteractionInput & { messageId: string; customId: string; values: string[] },
  ): Promise<InteractionResult> {
    return this.interact(this.selectClick(input));
  }

  /**
   * Submits a form (`fields`: each text input's value by its custom id) and waits for the first
   * answer. `messageId`: the message whose component opened it (a type 7 answer then edits it).
   */
  submitModal(
    input: InteractionInput & {
      customId: string;
      fields: Record<string, string>;
      messageId?: string;
      layout?: "row" | "label";
    },
  ): Promise<InteractionResult> {
    return this.interact(this.modalSubmit(input));
  }

  /**
   * A member (or a webhook, with `webhookId`) posts a message: stored (so it can be read back and
   * reacted to) and dispatched as MESSAGE_CREATE with the author's member, the mentions parsed from
   * `<@id>` / `<@&id>` plus `mentions`, and the attachments. Resolves with the message as Discord
   * shows it.
   */
  async postMessage(input: {
    guildId?: string;
    channelId: string;
    authorId: string;
    content?: string;
    attachments?: AttachmentInput[];
    /** Users mentioned besides those written as `<@id>` (a reply pinging its author, say). */
    mentions?: string[];
    embeds?: unknown[];
    webhookId?: string;
  }) {
    const guild = this.state.channelGuild(input.channelId);
    if (!guild) throw new Error(`The stand-in has no guild channel ${input.channelId}`);
    if (input.guildId && input.guildId !== guild.id) {
      throw new Error(`Channel ${input.channelId} is not in guild ${input.guildId}`);
    }
    const content = input.content ?? "";
    const parsed = parseMentions(content);
    const message: StoredMessage = {
      id: this.state.snowflake(),
      channel_id: input.channelId,
      guild_id: guild.id,
      author: this.state.apiUser(input.authorId),
      content,
      embeds: input.embeds ?? [],
      components: [],
      flags: 0,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      attachments: (input.attachments ?? []).map((attachment) =>
        attachmentPayload(this.state.snowflake(), attachment),
      ),
      mentionUserIds: [...new Set([...parsed.users, ...(input.mentions ?? [])])],
      mentionRoleIds: parsed.roles,
      ...(input.webhookId ? { webhook_id: input.webhookId } : {}),
    };
    this.state.messages.set(message.id, message);
    const member = input.webhookId ? undefined : guild.members.get(input.authorId);
    const apiMessage = this.state.apiMessage(message);
    let memberPart = {};
    if (member) {
      const { user: _, ...partial } = this.state.apiMember(member);
      memberPart = { member: partial };
    }
    const mentions = apiMessage.mentions.map((user) => {
      const mentioned = guild.members.get(user.id);
      if (!mentioned) return user;
      const { user: _, ...partial } = this.state.apiMember(mentioned);
      return { ...user, member: partial };
    });
    await this.dispatch("MESSAGE_CREATE", { ...apiMessage, ...memberPart, mentions });
    return apiMessage;
  }

  /** Someone deletes a stored message: removed, and MESSAGE_DELETE dispatched. */
  async deleteMessage(input: { channelId: string; messageId: string }): Promise<void> {
    const guild = this.state.channelGuild(input.channelId);
    this.state.messages.delete(input.messageId);
    await this.dispatch("MESSAGE_DELETE", {
      id: input.messageId,
      channel_id: input.channelId,
      ...(guild ? { guild_id: guild.id } : {}),
    });
  }

  /** A moderator bulk-deletes messages: removed, and one MESSAGE_DELETE_BULK dispatched. */
  async deleteMessages(input: { channelId: string; messageIds: string[] }): Promise<void> {
    const guild = this.state.channelGuild(input.channelId);
    for (const id of input.messageIds) this.state.messages.delete(id);
    await this.dispatch("MESSAGE_DELETE_BULK", {
      ids: input.messageIds,
      channel_id: input.channelId,
      ...(guild ? { guild_id: guild.id } : {}),
    });
  }

  /**
   * A member reacts to a stored message: the reaction is stored (GET reactions lists it) and
   * MESSAGE_REACTION_ADD is dispatched with the member and `message_author_id`. Resolves false, and
   * dispatches nothing, when they had already reacted with that emoji (as on Discord).
   */
  async addReaction(input: ReactionInput): Promise<boolean> {
    const { guild, message, emoji } = this.reactionTarget(input);
    if (!this.state.react(message, emoji, input.userId)) return false;
    const member = guild.members.get(input.userId);
    await this.dispatch("MESSAGE_REACTION_ADD", {
      user_id: input.userId,
      channel_id: message.channel_id,
      message_id: message.id,
      guild_id: guild.id,
      ...(member ? { member: this.state.apiMember(member) } : {}),
      emoji: this.emojiPayload(emoji),
      message_author_id: message.author.id,
      burst: false,
      burst_colors: [],
      type: 0,
    });
    return true;
  }

  /** A member takes their reaction back: MESSAGE_REACTION_REMOVE (no member, no author, as on Discord). */
  async removeReaction(input: ReactionInput): Promise<boolean> {
    const { guild, message, emoji } = this.reactionTarget(input);
    if (!this.state.unreact(message, emoji, input.userId)) return false;
    await this.dispatch("MESSAGE_REACTION_REMOVE", {
      user_id: input.userId,
      channel_id: message.channel_id,
      message_id: message.id,
      guild_id: guild.id,
      emoji: this.emojiPayload(emoji),
      burst: false,
      type: 0,
    });
    return true;
  }

  /**
   * A moderator removes every reaction of a stored message (MESSAGE_REACTION_REMOVE_ALL), or every
   * reaction of one emoji (MESSAGE_REACTION_REMOVE_EMOJI).
   */
  async clearReactions(input: {
    channelId: string;
    messageId: string;
    emoji?: string | StoredReactionEmoji;
  }): Promise<void> {
    const { guild, message } = this.reactionTarget({ ...input, userId: "", emoji: "" });
    const base = { channel_id: message.channel_id, message_id: message.id, guild_id: guild.id };
    if (input.emoji === undefined) {
      message.reactions?.clear();
      await this.dispatch("MESSAGE_REACTION_REMOVE_ALL", base);
      return;
    }
    const emoji = this.state.reactionEmoji(input.emoji);
    message.reactions?.delete(emoji.id ? `${emoji.name}:${emoji.id}` : emoji.name);
    await this.dispatch("MESSAGE_REACTION_REMOVE_EMOJI", { ...base, emoji: this.emojiPayload(emoji) });
  }

  /** Someone edits a role (its permissions, say): the state changes and GUILD_ROLE_UPDATE is dispatched. */
  async updateRole(
    guildId: string,
    roleId: string,
    changes: Partial<Pick<APIRole, "name" | "color" | "position" | "permissions" | "mentionable" | "hoist">>,
  ): Promise<APIRole> {
    const role = this.state.guild(guildId).roles.get(roleId);
    if (!role) throw new Error(`The stand-in has no role ${roleId} in guild ${guildId}`);
    Object.assign(role, changes);
    if (changes.color !== undefined) role.colors = { ...role.colors, primary_color: changes.color };
    await this.dispatch("GUILD_ROLE_UPDATE", { guild_id: guildId, role });
    return role;
  }

  /** Someone deletes a role: gone from the guild and its members, and GUILD_ROLE_DELETE dispatched. */
  async deleteRole(guildId: string, roleId: string): Promise<void> {
    const guild = this.state.guild(guildId);
    guild.roles.delete(roleId);
    for (const member of guild.members.values()) member.roles = member.roles.filter((id) => id !== roleId);
    await this.dispatch("GUILD_ROLE_DELETE", { guild_id: guildId, role_id: roleId });
  }

  /** Someone deletes a channel: gone with its messages, and CHANNEL_DELETE dispatched. */
  async deleteChannel(channelId: string): Promise<void> {
    const guild = this.state.channelGuild(channelId);
    const channel = guild?.channels.get(channelId);
    if (!guild || !channel) throw new Error(`The stand-in has no guild channel ${channelId}`);
    guild.channels.delete(channelId);
    for (const [id, message] of this.state.messages) {
      if (message.channel_id === channelId) this.state.messages.delete(id);
    }
    await this.dispatch("CHANNEL_DELETE", channel);
  }

  /** A member's roles or nickname change (by hand, or another bot): GUILD_MEMBER_UPDATE is dispatched. */
  async updateMember(guildId: string, userId: string, changes: { roles?: string[]; nick?: string | null }) {
    const member = this.state.guild(guildId).members.get(userId);
    if (!member) throw new Error(`User ${userId} is not a member of guild ${guildId}`);
    if (changes.roles) member.roles = [...changes.roles];
    if (changes.nick !== undefined) member.nick = changes.nick;
    await this.dispatch("GUILD_MEMBER_UPDATE", { guild_id: guildId, ...this.state.apiMember(member) });
  }

  /** A custom emoji of the guild (state only: the bot reads emojis over REST). */
  addEmoji(guildId: string, name: string, options: { animated?: boolean; id?: string } = {}): StoredEmoji {
    return this.state.addEmoji(guildId, { name, ...options });
  }

  private reactionTarget(input: ReactionInput) {
    const message = this.state.messages.get(input.messageId);
    if (!message || message.channel_id !== input.channelId) {
      throw new Error(`The stand-in has no message ${input.messageId} in channel ${input.channelId}`);
    }
    const guild = this.state.channelGuild(input.channelId);
    if (!guild) throw new Error("Reactions are followed in guild channels only");
    if (input.guildId && input.guildId !== guild.id) {
      throw new Error(`Channel ${input.channelId} is not in guild ${input.guildId}`);
    }
    return { guild, message, emoji: this.state.reactionEmoji(input.emoji) };
  }

  private emojiPayload(emoji: StoredReactionEmoji) {
    return emoji.id
      ? { id: emoji.id, name: emoji.name, animated: emoji.animated ?? false }
      : { id: null, name: emoji.name };
  }

  /**
   * Makes the next `times` requests matching `method` and `path` fail with Discord's error body
   * (discord.js retries a 5xx three times before giving up, so an outage needs `times: 4`).
   */
  failNext(
    method: string,
    path: string | RegExp,
    failure: { status: number; code?: number; message?: string; times?: number },
  ): void {
    const pattern =
      typeof path === "string" ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : path;
    for (let i = 0; i < (failure.times ?? 1); i++) {
      this.failures.push({
        method,
        path: pattern,
        status: failure.status,
        code: failure.code ?? 0,
        message: failure.message ?? "Injected failure",
      });
    }
  }

  /** Requests recorded so far that match. */
  find(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (typeof path === "string" ? request.path === path : path.test(request.path)),
    );
  }

  /** The first request (at index `after` or later) that matches, waiting up to `timeoutMs` for it. */
  waitForRequest(
    match: (request: RecordedRequest) => boolean,
    options: { after?: number; timeoutMs?: number } = {},
  ): Promise<RecordedRequest> {
    const found = this.requests.slice(options.after ?? 0).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error("The stand-in saw no matching request in time"));
      }, options.timeoutMs ?? 5000);
      const listener = (request: RecordedRequest) => {
        if (!match(request)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(request);
      };
      this.listeners.add(listener);
    });
  }

  async close(): Promise<void> {
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const reason = request.headers["x-audit-log-reason"];
    const recorded: RecordedRequest = {
      method: request.method ?? "GET",
      // discord.js encodes "@me" and "@original" as %40.
      path: decodeURIComponent(url.pathname).replace(/^\/api\/v10/, ""),
      query: url.searchParams,
      body: text ? JSON.parse(text) : null,
      reason: typeof reason === "string" ? decodeURIComponent(reason) : null,
      at: Date.now(),
      status: 0,
    };
    const answer = (status: number, body?: unknown) => {
      recorded.status = status;
      this.requests.push(recorded);
      for (const listener of [...this.listeners]) listener(recorded);
      if (body === undefined) return void response.writeHead(status).end();
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };

    const needsBotToken = !/^\/(interactions|webhooks)\//.test(recorded.path);
    if (needsBotToken && request.headers.authorization !== `Bot ${this.token}`) {
      return answer(401, { message: "401: Unauthorized", code: 0 });
    }
    if (recorded.path === "/gateway/bot") {
      return answer(200, {
        url: this.gatewayUrl,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
      });
    }
    const route = this.routes.find((r) => r.method === recorded.method && r.pattern.test(recorded.path));
    if (!route) return answer(404, { message: "404: Not Found", code: 0 });
    const failure = this.failures.findIndex(
      (f) => f.method === recorded.method && f.path.test(recorded.path),
    );
    if (failure >= 0) {
      const [f] = this.failures.splice(failure, 1);
      return answer(f?.status ?? 500, { message: f?.message, code: f?.code });
    }
    try {
      const params = route.pattern.exec(recorded.path)?.groups ?? {};
      const events: [string, unknown][] = [];
      const emit = (event: string, data: unknown) => void events.push([event, data]);
      const result = route.handler({ params, query: url.searchParams, body: recorded.body ?? {}, emit });
      for (const [event, data] of events) await this.dispatch(event, data);
      return result === null || result === undefined ? answer(204) : answer(200, result);
    } catch (error) {
      if (error instanceof RestError)
        return answer(error.status, { message: error.message, code: error.code });
      return answer(500, { message: String(error), code: 0 });
    }
  }
}

function compile(routes: ReturnType<typeof restRoutes>) {
  return routes.map(([method, path, handler]) => ({
    method,
    handler,
    pattern: new RegExp(`^${path.replace(/:(\w+)/g, "(?<$1>[^/]+)")}$`),
  }));
}
