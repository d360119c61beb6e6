import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIGuildMember } from "discord.js";
import { StandInGateway } from "./gateway.ts";
import {
  buttonClickPayload,
  type InteractionInput,
  type OptionInput,
  slashCommandPayload,
} from "./interactions.ts";
import { type InteractionRecord, RestError, restRoutes } from "./rest.ts";
import { StandInState, type StoredGuild } from "./state.ts";

export type { StoredGuild, StoredUser } from "./state.ts";

/**
 * A local stand-in for Discord, for end-to-end tests of the discord.js adapter: REST under
 * `<apiUrl>/v10` and the gateway over ws:// on the same port, backed by in-memory state. Every REST
 * request is recorded for assertions; tests dispatch gateway events and build interaction payloads.
 */

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
    this.routes = compile(restRoutes(this.state, this.interactions));
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
      const result = route.handler({ params, query: url.searchParams, body: recorded.body ?? {} });
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
