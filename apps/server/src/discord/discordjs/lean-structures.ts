import {
  AutoModerationRuleManager,
  BaseGuildTextChannel,
  BaseGuildVoiceChannel,
  type CacheFactory,
  type Client,
  Guild,
  GuildApplicationCommandManager,
  GuildBanManager,
  GuildEmojiManager,
  GuildForumThreadManager,
  GuildInviteManager,
  GuildMemberManager,
  GuildMessageManager,
  GuildScheduledEventManager,
  GuildSoundboardSoundManager,
  GuildStickerManager,
  GuildTextThreadManager,
  PresenceManager,
  StageInstanceManager,
  ThreadChannel,
  ThreadMemberManager,
  ThreadOnlyChannel,
  VoiceStateManager,
} from "discord.js";

/**
 * Managers nobody reads, made when they are used instead of kept by every guild and channel.
 *
 * discord.js gives each guild a dozen managers (members, bans, invites, emojis, voice states…) and each text
 * channel two more (messages, threads), whatever the cache options say. With their caches limited
 * to nothing (see `uncachedManagers` in client.ts) a manager holds only its guild
 * or channel, yet each costs its object, about 60 bytes: some 900 bytes a guild, a fifth of what a
 * small guild costs. For a client whose cache factory is Hearth's, those properties become getters
 * that make the manager when something asks (its methods work the same: they read the guild and the
 * client, and call Discord), and discord.js's own assignments in its constructors are ignored.
 *
 * The getters are installed on discord.js's prototypes, so they serve every client in the process:
 * a client with other cache options (the memory bench's discord.js defaults) keeps each manager it
 * is given, per object, exactly as without them.
 */

type Owner = { client: Client };
/** A manager class; their constructors are internal in discord.js's typings. */
type ManagerClass = unknown;

/** Each property, the manager it holds, and (for presences) whether it is made of the client rather than the owner. */
const leanManagers: [prototype: object, property: string, manager: ManagerClass, of?: "client"][] = [
  [Guild.prototype, "members", GuildMemberManager],
  [Guild.prototype, "commands", GuildApplicationCommandManager],
  [Guild.prototype, "bans", GuildBanManager],
  [Guild.prototype, "presences", PresenceManager, "client"],
  [Guild.prototype, "voiceStates", VoiceStateManager],
  [Guild.prototype, "stageInstances", StageInstanceManager],
  [Guild.prototype, "invites", GuildInviteManager],
  [Guild.prototype, "scheduledEvents", GuildScheduledEventManager],
  [Guild.prototype, "autoModerationRules", AutoModerationRuleManager],
  [Guild.prototype, "soundboardSounds", GuildSoundboardSoundManager],
  [Guild.prototype, "emojis", GuildEmojiManager],
  [Guild.prototype, "stickers", GuildStickerManager],
  [BaseGuildTextChannel.prototype, "messages", GuildMessageManager],
  [BaseGuildTextChannel.prototype, "threads", GuildTextThreadManager],
  [BaseGuildVoiceChannel.prototype, "messages", GuildMessageManager],
  [ThreadChannel.prototype, "messages", GuildMessageManager],
  [ThreadChannel.prototype, "members", ThreadMemberManager],
  [ThreadOnlyChannel.prototype, "threads", GuildForumThreadManager],
];

/** The cache factories of lean clients (each made by clientOptions). */
const leanFactories = new WeakSet<CacheFactory>();
/** For other clients: the manager each object was given. */
const kept = new WeakMap<object, Map<string, unknown>>();
let installed = false;

/** Marks a cache factory as lean (every manager above caches nothing with it) and installs the getters. */
export function leanCacheFactory(factory: CacheFactory): CacheFactory {
  leanFactories.add(factory);
  installLeanManagers();
  return factory;
}

function installLeanManagers(): void {
  if (installed) return;
  installed = true;
  for (const [prototype, property, manager, of] of leanManagers) {
    Object.defineProperty(prototype, property, {
      configurable: true,
      enumerable: false,
      get(this: Owner) {
        if (isLean(this))
          return new (manager as unknown as new (from: unknown) => unknown)(of ? this.client : this);
        return kept.get(this)?.get(property);
      },
      set(this: Owner, manager: unknown) {
        if (isLean(this)) return;
        let managers = kept.get(this);
        if (!managers) {
          managers = new Map();
          kept.set(this, managers);
        }
        managers.set(property, manager);
      },
    });
  }
}

function isLean(owner: Owner): boolean {
  const factory = owner.client.options.makeCache;
  return factory !== undefined && leanFactories.has(factory);
}
