import {
  type CacheFactory,
  type ClientOptions,
  type Collection,
  GatewayIntentBits,
  LimitedCollection,
  Options,
  Partials,
  type RESTOptions,
} from "discord.js";
import { leanCacheFactory } from "./lean-structures.ts";

/**
 * The gateway intents the bot asks for, each for a reason. Three are privileged and must be switched
 * on in the developer portal (Server Members, Presence, Message Content); without them Discord closes
 * the gateway with code 4014.
 */
export const botIntents = [
  // Guilds, channels and roles as they change: the `guilds` table, channel and role pickers, setup.
  GatewayIntentBits.Guilds,
  // Members joining and leaving (privileged): welcome, ping on join, statica, token revocation on leave.
  GatewayIntentBits.GuildMembers,
  // Custom status and server tag updates (privileged): statica rewards.
  GatewayIntentBits.GuildPresences,
  // Messages posted in guild channels: sticky messages count them to repost at the bottom.
  GatewayIntentBits.GuildMessages,
  // The text of those messages (privileged): perks' highlights, auto-responders and AFK notes read it.
  GatewayIntentBits.MessageContent,
  // Reactions added and removed: boards count them, self-role reaction bindings and migration follow them.
  GatewayIntentBits.GuildMessageReactions,
  // Bans and unbans made by hand: moderation's temporary bans don't lift a ban twice.
  GatewayIntentBits.GuildModeration,
  // Invites made and deleted (used up, expired): invite tracking keeps each server's list current.
  GatewayIntentBits.GuildInvites,
];
// Not asked for: DirectMessages (no feature reads DMs; sending one needs no intent, and slash
// commands used in DMs arrive as interactions anyway).

export interface ClientSettings {
  /** REST base without the version, e.g. `http://127.0.0.1:8080/api` (DISCORD_API_URL). */
  apiUrl?: string;
  /** The shards this process runs, and the total; both unset lets Discord recommend a count. */
  shardIds?: number[];
  shardCount?: number;
  rest?: Partial<RESTOptions>;
}

/**
 * discord.js options with bounded memory. With defaults, a fully populated member cache costs about
 * 0.7 KB per member; here members and users are not cached at all (the bot's own user excepted; its
 * member in each guild, whose roles decide what it may assign, is kept by OwnMembers): features fetch
 * the member they need over REST when they need it, and gateway events are read from their raw
 * payloads, which carry the member or user in full.
 */
export function clientOptions(settings: ClientSettings): ClientOptions {
  const isSelf = (value: { id: string; client: { user: { id: string } | null } }) =>
    value.id === value.client.user?.id;
  return {
    intents: botIntents,
    // With members and users uncached, discord.js would drop events about them without partials:
    // a reaction by an uncached user, an interaction in an uncached DM channel, a member leaving.
    partials: [Partials.Channel, Partials.Message, Partials.Reaction, Partials.User, Partials.GuildMember],
    makeCache: boundedCaches(isSelf),
    // No messages are cached, so only the default sweepers (archived threads) remain.
    sweepers: Options.DefaultSweeperSettings,
    ...shardOptions(settings),
    rest: { ...settings.rest, ...(settings.apiUrl ? { api: settings.apiUrl } : {}) },
    // Mentions are decided per message (see messageBody); nothing pings by default.
    allowedMentions: { parse: [] },
    failIfNotExists: false,
  };
}

/**
 * The cache factory. Most of a guild's managers cache nothing here, and a guild has about a dozen of
 * them, a text channel two more: an empty Map each, about 3 KB a guild in all. A collection
 * whose size limit is 0 never stores anything (LimitedCollection.set returns before storing), so every
 * guild's manager of one kind shares one: the heap no longer grows with them.
 */
function boundedCaches(isSelf: (value: { id: string; client: { user: { id: string } | null } }) => boolean) {
  const limits = {
    ...Options.DefaultMakeCacheSettings,
    UserManager: { maxSize: 0, keepOverLimit: isSelf },
    ...Object.fromEntries(uncachedManagers.map((name) => [name, 0])),
  };
  const limited = Options.cacheWithLimits(limits);
  const shared = new Map<string, Collection<unknown, unknown>>();
  return leanCacheFactory(((managerType, holds, manager) => {
    const name = manager.name in limits ? manager.name : managerType.name;
    if (!uncachedManagers.includes(name)) return limited(managerType, holds, manager);
    let cache = shared.get(name);
    if (!cache) {
      cache = new LimitedCollection({ maxSize: 0 });
      shared.set(name, cache);
    }
    return cache;
  }) as CacheFactory);
}

/**
 * Managers whose cache stays empty: nothing reads them from memory (gateway events are read from
 * their raw payloads; features keep the message ids they need in the database). Their managers are
 * made only when used (lean-structures.ts).
 */
const uncachedManagers = [
  "GuildMemberManager",
  "MessageManager",
  "ThreadManager",
  // Statica reads presences from the events themselves; nothing reads them later.
  "PresenceManager",
  "ReactionManager",
  "ReactionUserManager",
  "ThreadMemberManager",
  "GuildBanManager",
  "GuildInviteManager",
  "GuildScheduledEventManager",
  "GuildEmojiManager",
  "GuildStickerManager",
  "GuildSoundboardSoundManager",
  "StageInstanceManager",
  "VoiceStateManager",
  "AutoModerationRuleManager",
  "ApplicationCommandManager",
];

function shardOptions(settings: ClientSettings): Pick<ClientOptions, "shards" | "shardCount"> {
  if (settings.shardCount === undefined) return { shards: "auto" };
  return {
    shardCount: settings.shardCount,
    shards: settings.shardIds ?? Array.from({ length: settings.shardCount }, (_, id) => id),
  };
}
