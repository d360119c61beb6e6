import {
  compareDiscoveryServers,
  countDiscoveryTags,
  type DiscoveryEntry,
  type DiscoveryEntryBody,
  type DiscoveryListQuery,
  type DiscoveryQuery,
  type DiscoveryServer,
  type DiscoveryTagCount,
  discoveryListResponse,
  matchesDiscoveryQuery,
  normaliseTags,
  pageOf,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import { transactionForServer } from "../../db/locks.ts";
import type { Db } from "../../db/schema.ts";
import type { GuildInfo } from "../../discord/port/port.ts";
import { listCache, type PreparedList, preparePage } from "../../http/public-list.ts";
import { registerCache } from "../../lib/cache-registry.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { hasPremium } from "../settings/service.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord">;

/**
 * The public directory is read on every visit to the discovery page, and each entry needs its
 * server's name and icon from Discord: the assembled list is kept for a few seconds, per database.
 * Writes in this process drop it at once; another process's writes show within the TTL.
 */
const directoryTtlMs = 5000;
const directories = new WeakMap<Storage, { expiresAt: number; servers: Promise<DiscoveryServer[]> }>();
/** The last directory assembled per database: what a server showed before a failed read. */
const lastShown = new WeakMap<Storage, DiscoveryServer[]>();
/** The last database whose directory was cached, so `/dev cache` can count and clear it. */
let lastDirectoryStorage: WeakRef<Storage> | null = null;
registerCache("discovery directory", {
  size: () => {
    const storage = lastDirectoryStorage?.deref();
    return storage && directories.has(storage) ? 1 : 0;
  },
  clear: () => {
    const storage = lastDirectoryStorage?.deref();
    if (storage) directories.delete(storage);
  },
});

/** Pages of the directory as sent (JSON, paging headers, ETag), for a second. */
const directoryPages = listCache("discovery pages", { ttlMs: 1000, capacity: 200 });

function forgetDirectory(storage: Storage): void {
  directories.delete(storage);
  directoryPages.changed();
}

/** How long a directory assembled while some of its servers could not be read is kept. */
const degradedTtlMs = 1000;

/**
 * Each public entry with its server's name, icon and member count from Discord. A server whose
 * read fails (an outage, a timeout) keeps what the last directory showed of it, or is left out of
 * this one if it had none; only a server the bot has left (Discord answers "none") drops out for
 * good. `degraded` says whether any read failed, so the result is kept only briefly.
 */
async function loadDirectory(
  deps: Deps,
  previous: readonly DiscoveryServer[],
): Promise<{ servers: DiscoveryServer[]; degraded: boolean }> {
  const rows = await store.listPublicEntries(deps.storage.db);
  let degraded = false;
  const guilds = await Promise.all(
    rows.map((row) =>
      deps.discord.getGuild(row.server_id).catch(() => {
        degraded = true;
        return undefined;
      }),
    ),
  );
  const shownBefore = new Map(previous.map((server) => [server.id, server]));
  const servers: DiscoveryServer[] = [];
  rows.forEach((row, index) => {
    const guild = guilds[index];
    // A server the bot has left can't be vouched for: it drops out of the directory.
    if (guild === null) return;
    const known = guild ?? shownBefore.get(row.server_id);
    if (!known) return;
    servers.push({
      _id: row.server_id,
      id: row.server_id,
      name: known.name,
      description: row.description,
      icon: known.icon,
      tags: store.tagsOf(row),
      invite: row.invite,
      premium: row.premium,
      advertised: row.advertised === 1,
      memberCount: known.memberCount,
    });
  });
  return { servers: servers.sort(compareDiscoveryServers), degraded };
}

/** Every public entry, advertised first, then premium, then by name. */
function directory(deps: Deps): Promise<DiscoveryServer[]> {
  const cached = directories.get(deps.storage);
  if (cached && cached.expiresAt > Date.now()) return cached.servers;
  const previous = lastShown.get(deps.storage) ?? [];
  const loaded = loadDirectory(deps, previous);
  const servers = loaded.then((result) => result.servers);
  const entry = { expiresAt: Date.now() + directoryTtlMs, servers };
  directories.set(deps.storage, entry);
  lastDirectoryStorage = new WeakRef(deps.storage);
  loaded.then(
    (result) => {
      lastShown.set(deps.storage, result.servers);
      if (result.degraded) entry.expiresAt = Math.min(entry.expiresAt, Date.now() + degradedTtlMs);
    },
    () => forgetDirectory(deps.storage),
  );
  return servers;
}

/**
 * The public directory, optionally searched (every word of `q` in name, description or a tag) and
 * filtered to one tag; in the directory's order.
 */
export async function searchDirectory(deps: Deps, query: DiscoveryQuery = {}): Promise<DiscoveryServer[]> {
  const servers = await directory(deps);
  // An empty tag (the page's "All Tags") filters nothing.
  const tag = query.tag === undefined ? undefined : normaliseTags(query.tag)[0];
  const q = query.q ?? "";
  return servers.filter(
    (server) => (tag === undefined || server.tags.includes(tag)) && matchesDiscoveryQuery(server, q),
  );
}

/**
 * A page of the directory or of a search of it (`GET /api/discovery[/search]`), ready to send with
 * `X-Total-Count`, `X-Next-Cursor` and its ETag.
 */
export function pageDirectory(deps: Deps, query: DiscoveryListQuery, url: string): Promise<PreparedList> {
  return directoryPages.get(deps.storage, url, async () =>
    preparePage(pageOf(await searchDirectory(deps, query), query), url, (items) =>
      JSON.stringify(discoveryListResponse.parse(items)),
    ),
  );
}

/** Tags of the public directory with counts, most used first: the discovery page's tag filter. */
export async function directoryTags(deps: Deps): Promise<DiscoveryTagCount[]> {
  return countDiscoveryTags(await directory(deps));
}

async function toEntry(deps: Deps, row: store.DiscoveryRow): Promise<DiscoveryEntry> {
  const [guild, premium] = await Promise.all([
    // The entry is the server's own data: a failed read of its name degrades that detail only.
    deps.discord.getGuild(row.server_id).catch(() => null),
    hasPremium(deps.storage.db, row.server_id),
  ]);
  return entryView(row, guild, premium);
}

function entryView(row: store.DiscoveryRow, guild: GuildInfo | null, premium: boolean): DiscoveryEntry {
  return {
    id: row.server_id,
    invite: row.invite,
    description: row.description,
    tags: store.tagsOf(row),
    name: guild?.name ?? "Unknown server",
    icon: guild?.icon ?? null,
    memberCount: guild?.memberCount ?? 0,
    toggle: row.is_public === 1 ? "public" : "private",
    premium,
    advertised: row.advertised === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// The message never names the id: it may be another server's.
const noEntry = () => notFound("This server has no discovery entry with that id");

/** The entry `id` must be the token's server's own (the entry id is the server id); else 404. */
async function requireOwnEntry(
  db: Parameters<typeof store.getEntry>[0],
  serverId: string,
  id: string,
): Promise<store.DiscoveryRow> {
  const row = id === serverId ? await store.getEntry(db, serverId) : undefined;
  if (!row) throw noEntry();
  return row;
}

const summary = (row: Pick<store.DiscoveryRow, "invite" | "description" | "tags" | "is_public">) => ({
  invite: row.invite,
  description: row.description.length > 200 ? `${row.description.slice(0, 199)}…` : row.description,
  tags: store.tagsOf(row),
  toggle: row.is_public === 1 ? "public" : "private",
});

export async function getEntry(deps: Deps, serverId: string, id: string): Promise<DiscoveryEntry> {
  return toEntry(deps, await requireOwnEntry(deps.storage.db, serverId, id));
}

/** Lists the token's server in the directory. One entry per server (409 for a second); starts public. */
export async function createEntry(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  body: DiscoveryEntryBody,
): Promise<DiscoveryEntry> {
  const row = await transactionForServer(deps.storage, serverId, "discovery", async (trx) => {
    if (await store.getEntry(trx, serverId)) {
      throw conflict("This server already has a discovery entry; edit or delete it instead");
    }
    const now = Date.now();
    const created = await store.insertEntry(trx, {
      server_id: serverId,
      invite: body.invite,
      description: body.description,
      tags: JSON.stringify(body.tags),
      is_public: 1,
      advertised: 0,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(trx, serverId, actor, "discovery.create", { after: summary(created) });
    return created;
  });
  forgetDirectory(deps.storage);
  return toEntry(deps, row);
}

/** Replaces invite, description and tags of the server's own entry. */
export async function updateEntry(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  id: string,
  body: DiscoveryEntryBody,
): Promise<DiscoveryEntry> {
  const row = await transactionForServer(deps.storage, serverId, "discovery", async (trx) => {
    const before = await requireOwnEntry(trx, serverId, id);
    const after = await store.updateContent(trx, serverId, body, Date.now());
    await recordAudit(trx, serverId, actor, "discovery.update", {
      before: summary(before),
      after: summary(after),
    });
    return after;
  });
  forgetDirectory(deps.storage);
  return toEntry(deps, row);
}

/** Flips the entry between public (listed) and private (kept, hidden). */
export async function toggleEntry(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  id: string,
): Promise<DiscoveryEntry> {
  const row = await transactionForServer(deps.storage, serverId, "discovery", async (trx) => {
    const before = await requireOwnEntry(trx, serverId, id);
    const after = await store.setPublic(trx, serverId, before.is_public !== 1, Date.now());
    await recordAudit(trx, serverId, actor, "discovery.toggle", {
      before: { toggle: summary(before).toggle },
      after: { toggle: summary(after).toggle },
    });
    return after;
  });
  forgetDirectory(deps.storage);
  return toEntry(deps, row);
}

export async function deleteEntry(
  deps: Deps,
  serverId: string,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await transactionForServer(deps.storage, serverId, "discovery", async (trx) => {
    const before = await requireOwnEntry(trx, serverId, id);
    await store.deleteEntry(trx, serverId);
    await recordAudit(trx, serverId, actor, "discovery.delete", { before: summary(before) });
  });
  forgetDirectory(deps.storage);
}

/**
 * Pins (or unpins) a server in the directory's featured group: staff only, from the operator CLI
 * (`npm run admin -- advertised`), never the API. The server needs a directory entry first. Answers
 * whether it changed.
 */
export async function setAdvertised(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  advertised: boolean,
  by: string,
): Promise<boolean> {
  const changed = await transactionForServer(deps.storage, serverId, "discovery", async (trx) => {
    const entry = await store.getEntry(trx, serverId);
    if (!entry) {
      throw notFound(
        `Server ${serverId} has no discovery entry; its owner creates one on the dashboard first`,
      );
    }
    if ((entry.advertised === 1) === advertised) return false;
    await store.setAdvertised(trx, serverId, advertised);
    await recordAudit(trx, serverId, { tokenId: null, userId: null }, "discovery.advertise", {
      advertised,
      by,
    });
    return true;
  });
  if (changed) forgetDirectory(deps.storage);
  return changed;
}

/**
 * The invites of these servers' public directory entries, by id, in one read: giveaways' public
 * lists link each giveaway's server through it (a server without a public entry has none).
 */
export function publicInvites(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return store.publicInvites(db, ids);
}
