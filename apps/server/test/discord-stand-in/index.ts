import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIGuildMember, APIRole } from "discord.js";
import { StandInGateway } from "./gateway.ts";
import {
  buttonClickPayload,
  type ComponentInput,
  dmButtonClickPayload,
  type ModalSubmitInput,
  modalSubmitPayload,
  type SelectInput,
  type SlashCommandInput,
  selectPayload,
  slashCommandPayload,
} from "./interactions.ts";
import { deleteChannel, deleteRole, updateMember, updateRole } from "./play-guild.ts";
import {
  addReaction,
  clearReactions,
  deleteMessage,
  deleteMessages,
  type PostMessageInput,
  postMessage,
  type ReactionInput,
  removeReaction,
} from "./play-messages.ts";
import { type RecordedRequest, RequestLog } from "./requests.ts";
import { type InteractionRecord, type ModalRecord, recordInteraction, restRoutes } from "./rest.ts";
import { bodyRules } from "./rest-rules.ts";
import { compile, type RestServer, serve } from "./serve.ts";
import { StandInState, type StoredEmoji, type StoredGuild, type StoredReactionEmoji } from "./state.ts";

export type { AttachmentInput, OptionInput } from "./interactions.ts";
export type { ReactionInput } from "./play-messages.ts";
export type { RecordedRequest } from "./requests.ts";
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

export interface StandInOptions {
  /** The bot token the stand-in accepts (REST `Authorization: Bot <token>`, gateway IDENTIFY). */
  token?: string;
  heartbeatIntervalMs?: number;
  /** Members in GUILD_CREATE besides the bot's own: none (default), all stored ones, or generated. */
  guildMembers?: boolean | ((guild: StoredGuild) => Iterable<APIGuildMember>);
  /** Whether the bot was granted the privileged intents (default true); without them IDENTIFY closes with 4014. */
  privilegedIntents?: boolean;
}

export class DiscordStandIn {
  readonly state = new StandInState();
  private readonly log = new RequestLog();
  readonly requests: RecordedRequest[] = this.log.requests;
  readonly interactions = new Map<string, InteractionRecord>();
  /** Every form the bot opened (interaction callbacks of type 9), oldest first. */
  readonly modals: ModalRecord[] = [];
  readonly gateway: StandInGateway;
  private readonly server: http.Server;
  /** The stand-in's own dispatch, looked up at each call, for the helpers that play other people. */
  private readonly sendEvent = (event: string, data: unknown) => this.dispatch(event, data);

  private constructor(
    readonly token: string,
    options: StandInOptions,
  ) {
    const rest: RestServer = {
      token,
      gatewayUrl: () => this.gatewayUrl,
      routes: compile(restRoutes(this.state, this.interactions, this.modals)),
      rules: bodyRules(this.interactions),
      log: this.log,
      dispatch: this.sendEvent,
    };
    this.server = http.createServer((request, response) => void serve(rest, request, response));
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
    if (event === "INTERACTION_CREATE") recordInteraction(this.interactions, data);
    return this.gateway.dispatch(event, data);
  }

  slashCommand(input: SlashCommandInput) {
    return slashCommandPayload(this.state, input);
  }

  buttonClick(input: ComponentInput) {
    return buttonClickPayload(this.state, input);
  }

  /** A click on a button of a message in a user's DM channel (a payload to dispatch). */
  dmButtonClick(input: { userId: string; messageId: string; customId: string }) {
    return dmButtonClickPayload(this.state, input);
  }

  /** A choice in a string select of a stored message (a payload to dispatch; `clickSelect` also waits). */
  selectClick(input: SelectInput) {
    return selectPayload(this.state, input);
  }

  /** A submitted form (a payload to dispatch; `submitModal` also waits). */
  modalSubmit(input: ModalSubmitInput) {
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

  clickButton(input: ComponentInput): Promise<InteractionResult> {
    return this.interact(this.buttonClick(input));
  }

  /** Chooses `values` in a string select of a stored message and waits for the first answer. */
  clickSelect(input: SelectInput): Promise<InteractionResult> {
    return this.interact(this.selectClick(input));
  }

  /**
   * Submits a form (`fields`: each text input's value by its custom id) and waits for the first
   * answer. `messageId`: the message whose component opened it (a type 7 answer then edits it).
   */
  submitModal(input: ModalSubmitInput): Promise<InteractionResult> {
    return this.interact(this.modalSubmit(input));
  }

  /**
   * A member (or a webhook, with `webhookId`) posts a message: stored (so it can be read back and
   * reacted to) and dispatched as MESSAGE_CREATE with the author's member, the mentions parsed from
   * `<@id>` / `<@&id>` plus `mentions`, and the attachments. Resolves with the message as Discord
   * shows it.
   */
  postMessage(input: PostMessageInput) {
    return postMessage(this.state, this.sendEvent, input);
  }

  /** Someone deletes a stored message: removed, and MESSAGE_DELETE dispatched. */
  deleteMessage(input: { channelId: string; messageId: string }): Promise<void> {
    return deleteMessage(this.state, this.sendEvent, input);
  }

  /** A moderator bulk-deletes messages: removed, and one MESSAGE_DELETE_BULK dispatched. */
  deleteMessages(input: { channelId: string; messageIds: string[] }): Promise<void> {
    return deleteMessages(this.state, this.sendEvent, input);
  }

  /**
   * A member reacts to a stored message: the reaction is stored (GET reactions lists it) and
   * MESSAGE_REACTION_ADD is dispatched with the member and `message_author_id`. Resolves false, and
   * dispatches nothing, when they had already reacted with that emoji (as on Discord).
   */
  addReaction(input: ReactionInput): Promise<boolean> {
    return addReaction(this.state, this.sendEvent, input);
  }

  /** A member takes their reaction back: MESSAGE_REACTION_REMOVE (no member, no author, as on Discord). */
  removeReaction(input: ReactionInput): Promise<boolean> {
    return removeReaction(this.state, this.sendEvent, input);
  }

  /**
   * A moderator removes every reaction of a stored message (MESSAGE_REACTION_REMOVE_ALL), or every
   * reaction of one emoji (MESSAGE_REACTION_REMOVE_EMOJI).
   */
  clearReactions(input: {
    channelId: string;
    messageId: string;
    emoji?: string | StoredReactionEmoji;
  }): Promise<void> {
    return clearReactions(this.state, this.sendEvent, input);
  }

  /** Someone edits a role (its permissions, say): the state changes and GUILD_ROLE_UPDATE is dispatched. */
  updateRole(
    guildId: string,
    roleId: string,
    changes: Partial<Pick<APIRole, "name" | "color" | "position" | "permissions" | "mentionable" | "hoist">>,
  ): Promise<APIRole> {
    return updateRole(this.state, this.sendEvent, guildId, roleId, changes);
  }

  /** Someone deletes a role: gone from the guild and its members, and GUILD_ROLE_DELETE dispatched. */
  deleteRole(guildId: string, roleId: string): Promise<void> {
    return deleteRole(this.state, this.sendEvent, guildId, roleId);
  }

  /** Someone deletes a channel: gone with its messages, and CHANNEL_DELETE dispatched. */
  deleteChannel(channelId: string): Promise<void> {
    return deleteChannel(this.state, this.sendEvent, channelId);
  }

  /** A member's roles or nickname change (by hand, or another bot): GUILD_MEMBER_UPDATE is dispatched. */
  updateMember(guildId: string, userId: string, changes: { roles?: string[]; nick?: string | null }) {
    return updateMember(this.state, this.sendEvent, guildId, userId, changes);
  }

  /** A custom emoji of the guild (state only: the bot reads emojis over REST). */
  addEmoji(guildId: string, name: string, options: { animated?: boolean; id?: string } = {}): StoredEmoji {
    return this.state.addEmoji(guildId, { name, ...options });
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
    this.log.failNext(method, path, failure);
  }

  /**
   * Holds the next request matching `method` and `path` for `ms` before answering it, as a slow
   * Discord would; resolves when it arrives. A request whose client hangs up while held (a killed
   * process) changes nothing and is recorded with status 0, unless `answerLost`: then Discord
   * handles it at once and only its answer is held (lost, if the client times out meanwhile).
   */
  holdNext(
    method: string,
    path: string | RegExp,
    ms: number,
    options: { answerLost?: boolean } = {},
  ): Promise<RecordedRequest> {
    return this.log.holdNext(method, path, ms, options);
  }

  /**
   * The requests whose bodies Discord would refuse (answered 400 Invalid Form Body or "Cannot send
   * an empty message", as Discord answers), from index `after` of `requests` on.
   */
  refusals(after = 0): RecordedRequest[] {
    return this.log.refusals(after);
  }

  /** Requests recorded so far that match. */
  find(method: string, path: string | RegExp): RecordedRequest[] {
    return this.log.find(method, path);
  }

  /** The first request (at index `after` or later) that matches, waiting up to `timeoutMs` for it. */
  waitForRequest(
    match: (request: RecordedRequest) => boolean,
    options: { after?: number; timeoutMs?: number } = {},
  ): Promise<RecordedRequest> {
    return this.log.waitForRequest(match, options);
  }

  async close(): Promise<void> {
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
