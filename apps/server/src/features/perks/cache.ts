import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import { ServerConfigCache, serverConfigChanged } from "../../lib/server-config-cache.ts";
import { type PerkTier, wordPattern } from "./rules.ts";
import { listMembers, listTiers, type PerkMember } from "./store.ts";
import { type AfkNote, listAfk, listKeywords, listResponders, type Responder } from "./store-personal.ts";

/** One keyword with its compiled whole-word pattern and the members who watch it. */
export interface KeywordEntry {
  keyword: string;
  pattern: RegExp;
  userIds: string[];
}

/** Everything the message listener reads for a server, loaded once instead of per message. */
export interface GuildPerks {
  tiers: PerkTier[];
  members: Map<string, PerkMember>;
  keywords: KeywordEntry[];
  responders: (Responder & { pattern: RegExp })[];
  afk: Map<string, AfkNote>;
}

/**
 * A change through the services drops its server at once here and (through Redis, see
 * `lib/server-config-cache.ts`) in other processes; without that message an index is trusted this long.
 */
export const perkCacheTtlMs = 60_000;

const indexes = new ServerConfigCache<Storage, GuildPerks>(
  "perk indexes",
  perkCacheTtlMs,
  (storage, serverId) => loadPerks(storage, serverId),
);

/**
 * A per-server index of tiers, members' perks, highlight keywords, responders and AFK notes. Each
 * change through the services invalidates its server.
 */
export class PerkCache {
  constructor(private readonly storage: Storage) {}

  get(serverId: string): Promise<GuildPerks> {
    return indexes.get(this.storage, serverId);
  }

  /** After a change has committed: this process and (through Redis) the others forget the server. */
  invalidate(serverId: string): void {
    serverConfigChanged(serverId);
  }
}

async function loadPerks(storage: Storage, serverId: string): Promise<GuildPerks> {
  const db = storage.db;
  const [tiers, members, keywordRows, responders, afk] = await Promise.all([
    listTiers(db, serverId),
    listMembers(db, serverId),
    listKeywords(db, serverId),
    listResponders(db, serverId),
    listAfk(db, serverId),
  ]);
  const byKeyword = new Map<string, string[]>();
  for (const row of keywordRows)
    byKeyword.set(row.keyword, [...(byKeyword.get(row.keyword) ?? []), row.userId]);
  return {
    tiers,
    members: new Map(members.map((member) => [member.userId, member])),
    keywords: [...byKeyword].map(([keyword, userIds]) => ({
      keyword,
      pattern: wordPattern(keyword),
      userIds,
    })),
    responders: responders.map((responder) => ({ ...responder, pattern: wordPattern(responder.trigger) })),
    afk: new Map(afk.map((note) => [note.userId, note])),
  };
}

/** The cache of the process for this database. */
export function perkCache(deps: Pick<AppContext, "storage">): PerkCache {
  return new PerkCache(deps.storage);
}
