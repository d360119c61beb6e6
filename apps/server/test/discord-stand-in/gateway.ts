import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { APIGuildMember } from "discord.js";
import { type WebSocket, WebSocketServer } from "ws";
import type { StandInState, StoredGuild } from "./state.ts";

// Discord's gateway v10, JSON encoding, uncompressed: HELLO; IDENTIFY → READY then one GUILD_CREATE
// per guild of the shard (IDENTIFY's `shard: [id, count]`; each guild's events go only to the session
// of its shard, so several bot processes can split the guilds as on Discord); heartbeats
// acknowledged; RESUME answered with RESUMED (nothing replayed).

const op = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  resume: 6,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
};

interface Session {
  socket: WebSocket;
  id: string;
  seq: number;
  shard: [number, number];
  intents: number;
}

export interface GatewayOptions {
  token: string;
  heartbeatIntervalMs: number;
  /** Members sent in GUILD_CREATE beyond the bot's own (Discord sends them to bots with GuildMembers). */
  members: (guild: StoredGuild) => Iterable<APIGuildMember>;
  /** False: the application hasn't been granted the privileged intents, so asking for them closes with 4014. */
  privilegedIntents: boolean;
}

// Server Members, Presence and Message Content.
const privileged = (1 << 1) | (1 << 8) | (1 << 15);
const guildMessageReactions = 1 << 10;
const messageContent = 1 << 15;

/**
 * What a session hears of an event, as Discord filters by intents (for the intents bot part 2 added):
 * guild reactions only with GuildMessageReactions; a guild message without MessageContent arrives
 * with its content, embeds, attachments and components emptied, unless it mentions the bot.
 */
function forIntents(intents: number, event: string, data: unknown, botId: string): unknown {
  const message = data as { guild_id?: string; mentions?: { id: string }[] };
  const inGuild = Boolean(message.guild_id);
  if (event.startsWith("MESSAGE_REACTION_") && inGuild && (intents & guildMessageReactions) === 0)
    return null;
  const isMessage = event === "MESSAGE_CREATE" || event === "MESSAGE_UPDATE";
  const mentionsBot = message.mentions?.some((user) => user.id === botId) ?? false;
  if (isMessage && inGuild && !mentionsBot && (intents & messageContent) === 0) {
    return { ...message, content: "", embeds: [], attachments: [], components: [] };
  }
  return data;
}

/** `[id, count]` with 0 ≤ id < count, as Discord checks IDENTIFY's shard (else it closes with 4010). */
function validShard(shard: unknown): shard is [number, number] {
  if (!Array.isArray(shard) || shard.length !== 2) return false;
  const [id, count] = shard as unknown[];
  return (
    Number.isInteger(id) &&
    Number.isInteger(count) &&
    (id as number) >= 0 &&
    (id as number) < (count as number)
  );
}

export class StandInGateway {
  /** Every identified session; each keeps its latest socket. */
  readonly sessions: Session[] = [];
  private readonly server: WebSocketServer;
  private readonly identifyWaiters: (() => void)[] = [];
  private readonly resumeWaiters: (() => void)[] = [];

  constructor(
    http: Server,
    private readonly state: StandInState,
    private readonly url: () => string,
    private readonly options: GatewayOptions,
  ) {
    this.server = new WebSocketServer({ server: http });
    this.server.on("connection", (socket) => this.connect(socket));
  }

  /** Resolves once `count` sessions have identified (each shard identifies once). */
  whenIdentified(count = 1): Promise<void> {
    if (this.sessions.length >= count) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => (this.sessions.length >= count ? resolve() : this.identifyWaiters.push(check));
      this.identifyWaiters.push(check);
    });
  }

  /** Sends an event to every session, or, when it names a guild, to the session of that guild's shard. */
  async dispatch(event: string, data: unknown): Promise<void> {
    const guildId = (data as { guild_id?: string }).guild_id;
    const targets = this.sessions.filter(
      (session) =>
        session.socket.readyState === session.socket.OPEN && (!guildId || this.owns(session, guildId)),
    );
    await Promise.all(
      targets.map((session) => {
        const payload = forIntents(session.intents, event, data, this.state.botUser.id);
        return payload === null ? Promise.resolve() : this.send(session, event, payload);
      }),
    );
  }

  guildCreatePayload(guild: StoredGuild) {
    const botMember = guild.members.get(this.state.botUser.id);
    const members = [...(botMember ? [this.state.apiMember(botMember)] : [])];
    for (const member of this.options.members(guild)) {
      if (member.user.id !== this.state.botUser.id) members.push(member);
    }
    const memberCount = Math.max(guild.members.size, members.length);
    return {
      ...this.state.apiGuild(guild, memberCount),
      joined_at: new Date().toISOString(),
      large: memberCount > 50,
      unavailable: false,
      member_count: memberCount,
      members,
      channels: [...guild.channels.values()],
      threads: [],
      presences: [],
      voice_states: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  /** Drops every connection as Discord does in an incident (4000: unknown error; clients resume). */
  disconnect(code = 4000): void {
    for (const session of this.sessions) session.socket.close(code, "Unknown error.");
  }

  /** Resolves when a session has resumed. */
  whenResumed(): Promise<void> {
    return new Promise((resolve) => this.resumeWaiters.push(resolve));
  }

  close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private owns(session: Session, guildId: string): boolean {
    const [shardId, shardCount] = session.shard;
    return Number((BigInt(guildId) >> 22n) % BigInt(shardCount)) === shardId;
  }

  private connect(socket: WebSocket): void {
    const raw = (payload: unknown) => socket.send(JSON.stringify(payload));
    raw({ op: op.hello, d: { heartbeat_interval: this.options.heartbeatIntervalMs } });
    socket.on("message", (data) => {
      const payload = JSON.parse(String(data)) as { op: number; d: Record<string, unknown> };
      if (payload.op === op.heartbeat) raw({ op: op.heartbeatAck });
      else if (payload.op === op.identify) void this.identify(socket, payload.d);
      else if (payload.op === op.resume) this.resume(socket, payload.d);
    });
  }

  private async identify(socket: WebSocket, d: Record<string, unknown>): Promise<void> {
    if (d.token !== this.options.token) {
      socket.close(4004, "Authentication failed.");
      return;
    }
    if (!this.options.privilegedIntents && (Number(d.intents) & privileged) !== 0) {
      socket.close(4014, "Disallowed intent(s).");
      return;
    }
    // Each shard [id, count] hears only its guilds, `(guild_id >> 22) % count === id` (see owns()).
    const shard = (d.shard as [number, number] | undefined) ?? [0, 1];
    if (!validShard(shard)) {
      socket.close(4010, "Invalid shard.");
      return;
    }
    const session: Session = {
      socket,
      id: randomBytes(16).toString("hex"),
      seq: 0,
      shard,
      intents: Number(d.intents),
    };
    // Sessions outlive their socket so that a client may resume them.
    this.sessions.push(session);
    const guilds = [...this.state.guilds.values()].filter((guild) => this.owns(session, guild.id));
    await this.send(session, "READY", {
      v: 10,
      user: this.state.botUser,
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.url(),
      shard,
      application: { id: this.state.appId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
    });
    // One at a time, each flushed before the next is built: the memory benchmark sends a million members.
    for (const guild of guilds) await this.send(session, "GUILD_CREATE", this.guildCreatePayload(guild));
    for (const waiter of this.identifyWaiters.splice(0)) waiter();
  }

  private resume(socket: WebSocket, d: Record<string, unknown>): void {
    const previous = this.sessions.find((session) => session.id === d.session_id);
    if (!previous) {
      socket.send(JSON.stringify({ op: op.invalidSession, d: false }));
      return;
    }
    previous.socket = socket;
    void this.send(previous, "RESUMED", {}).then(() => {
      for (const waiter of this.resumeWaiters.splice(0)) waiter();
    });
  }

  private send(session: Session, event: string, data: unknown): Promise<void> {
    session.seq += 1;
    const frame = JSON.stringify({ op: op.dispatch, t: event, s: session.seq, d: data });
    return new Promise((resolve) => session.socket.send(frame, () => resolve()));
  }
}
