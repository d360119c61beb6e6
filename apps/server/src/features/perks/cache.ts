import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import { registerCache } from "../../lib/cache-registry.ts";
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

/** Other processes may change perks too: a loaded index is trusted for this long at most. */
const maxAgeMs = 60_000;

/**
 * A per-server index of tiers, members' perks, highlight keywords, responders and AFK notes. Each
 * change through the services invalidates its server; the age limit covers changes made elsewhere.
 */
export class PerkCache {
  private readonly guilds = new Map<string, { loadedAt: number; data: Promise<GuildPerks> }>();

  constructor(private readonly storage: Storage) {
    registerCache("perk indexes", { size: () => this.guilds.size, clear: () => this.guilds.clear() });
  }

  get(serverId: string, now = Date.now()): Promise<GuildPerks> {
    const cached = this.guilds.get(serverId);
    if (cached && now - cached.loadedAt < maxAgeMs) return cached.data;
    const data = this.load(serverId);
    this.guilds.set(serverId, { loadedAt: now, data });
    data.catch(() => this.guilds.delete(serverId));
    return data;
  }

  invalidate(serverId: string): void {
    this.guilds.delete(serverId);
  }

  private async load(serverId: string): Promise<GuildPerks> {
    const db = this.storage.db;
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
}

const caches = new WeakMap<Storage, PerkCache>();

/** The cache of the process for this database. */
export function perkCache(deps: Pick<AppContext, "storage">): PerkCache {
  let cache = caches.get(deps.storage);
  if (!cache) {
    cache = new PerkCache(deps.storage);
    caches.set(deps.storage, cache);
  }
  return cache;
}
