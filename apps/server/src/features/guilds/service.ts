import {
  type Channel,
  type DashboardMember,
  type MembersQuery,
  type MembersResponse,
  type NameSearchQuery,
  type Page,
  pageOf,
  type Role,
  type ServerInfo,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/schema.ts";
import { forDisplay, isDiscordFailure } from "../../discord/port/display-lookups.ts";
import { DiscordError, type GuildInfo, type MemberInfo, userTag } from "../../discord/port/port.ts";
import { judgeRole, loadActor, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { notFound } from "../../lib/errors.ts";
import { andThen, type MaybePromise, orLoad } from "../../lib/maybe-promise.ts";
import * as store from "./store.ts";

type Deps = Pick<AppContext, "discord">;
type StorageDeps = Pick<AppContext, "storage">;

/** Records a server the bot is in (a gateway GUILD_CREATE, or the sandbox announcing its servers). */
export function recordGuildJoined(
  deps: StorageDeps,
  guild: Pick<GuildInfo, "id" | "name" | "icon" | "ownerId" | "memberCount">,
  now = Date.now(),
): Promise<void> {
  return store.upsertGuild(deps.storage.db, guild, now);
}

/** Records that the bot left (or was removed from) a server. */
export function recordGuildLeft(deps: StorageDeps, guildId: string, now = Date.now()): Promise<void> {
  cards.delete(guildId);
  return store.markGuildLeft(deps.storage.db, guildId, now);
}

/** How many servers the bot is in, and their members: the public statistics' first two figures. */
export function countActiveGuilds(deps: StorageDeps): Promise<{ servers: number; users: number }> {
  return store.countActiveGuilds(deps.storage.db);
}

/**
 * The dashboard's server card. Answers without a promise when the guild and its owner are in the
 * adapter's memory (the usual case: the card is read on every dashboard page), so the route sends
 * it in the same tick; otherwise it loads them (issue 16).
 */
export function getServerInfo(deps: Deps, serverId: string): MaybePromise<ServerInfo> {
  const { discord } = deps;
  return andThen(
    orLoad(discord.peekGuild(serverId), () => discord.getGuild(serverId)),
    (guild) => {
      if (!guild) throw notFound("The bot is no longer in this server");
      // The owner's tag is shown only: a lookup Discord fails leaves "Unknown user", not a failed answer.
      const owner = orLoad(discord.peekUser(guild.ownerId), () => forDisplay(discord.getUser(guild.ownerId)));
      return andThen(owner, (user) => serverCard(guild, user ? userTag(user) : "Unknown user"));
    },
  );
}

/** The last card answered for each server (dropped when the bot leaves it). */
const cards = new Map<string, ServerInfo>();

/**
 * The card for these values: the same frozen object while they are unchanged, so its JSON is written
 * once (the response serialiser keeps the text of a frozen answer) rather than on every dashboard
 * page. The values are compared, not the guild object: an adapter may update its objects in place.
 */
function serverCard(guild: GuildInfo, ownerTag: string): ServerInfo {
  const held = cards.get(guild.id);
  if (
    held &&
    held.name === guild.name &&
    held.icon === guild.icon &&
    held.memberCount === guild.memberCount &&
    held.owner.id === guild.ownerId &&
    held.owner.tag === ownerTag
  ) {
    return held;
  }
  const card: ServerInfo = Object.freeze({
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    memberCount: guild.memberCount,
    owner: Object.freeze({ id: guild.ownerId, tag: ownerTag }),
  });
  cards.set(guild.id, card);
  return card;
}

/** Channels in Discord's order: categories by position, each followed by its children. */
export async function listServerChannels(deps: Deps, serverId: string): Promise<Channel[]> {
  const channels = await deps.discord.listChannels(serverId);
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  const categoryPosition = new Map(channels.filter((c) => c.type === 4).map((c) => [c.id, c.position]));
  const groupOf = (channel: (typeof channels)[number]) =>
    channel.type === 4 ? channel.position : (categoryPosition.get(channel.parentId ?? "") ?? -1);
  return channels
    .toSorted(
      (a, b) =>
        groupOf(a) - groupOf(b) ||
        Number(a.type === 4 ? 0 : 1) - Number(b.type === 4 ? 0 : 1) ||
        a.position - b.position,
    )
    .map((channel) => ({
      id: channel.id,
      name: channel.name,
      type: channel.type,
      parentId: channel.parentId,
      parentName: channel.parentId ? (names.get(channel.parentId) ?? null) : null,
      position: channel.position,
    }));
}

/** Roles a manager can pick: every role but @everyone (whose id is the server's), highest first. */
/**
 * Every role but @everyone, highest first, each with the role-safety rule's verdict for the person
 * asking (`viewerId`, the token's holder): why Hearth won't give it on their behalf, or null.
 */
export async function listServerRoles(deps: Deps, serverId: string, viewerId?: string): Promise<Role[]> {
  const scene = await loadRoleScene(deps, serverId);
  const viewer = viewerId ? await loadActor(deps, serverId, viewerId) : undefined;
  return [...scene.roles.values()]
    .filter((role) => role.id !== serverId)
    .toSorted((a, b) => b.position - a.position)
    .map((role) => {
      const verdict = judgeRole(scene, role.id, viewer);
      return {
        id: role.id,
        name: role.name,
        color: role.color,
        position: role.position,
        managed: role.managed,
        unsafeReason: verdict.safe ? null : verdict.reason,
      };
    });
}

/**
 * The roles' or channels' search: names containing `query` in any case, in the list's order, and
 * a page of them when `limit` is given (without it, every match: the answer before paging existed).
 */
export function searchByName<T extends { name: string }>(
  all: readonly T[],
  search: NameSearchQuery,
): Page<T> {
  const needle = search.query?.toLocaleLowerCase() ?? "";
  const matching = needle === "" ? all : all.filter((item) => item.name.toLocaleLowerCase().includes(needle));
  return pageOf(matching, { limit: search.limit ?? Math.max(matching.length, 1), cursor: search.cursor });
}

function dashboardMember(member: MemberInfo): DashboardMember {
  return {
    id: member.user.id,
    username: member.user.username,
    displayName: member.nick ?? member.user.globalName ?? member.user.username,
    nick: member.nick,
    avatarUrl: member.user.avatar,
    bot: member.user.bot,
  };
}

/** What the member picker says when Discord couldn't be asked (the list is then empty). */
function unavailableNote(error: unknown): string {
  if (error instanceof DiscordError && error.code === "missing_permissions")
    return "Discord didn't let Hearth list this server's members; type a member's id instead, or try again later.";
  return "Discord didn't answer the member search; try again in a moment.";
}

/**
 * The member picker's read: members matching `query` a page at a time, or the members named by
 * `ids` (to show the names of ids already chosen). A search Discord refuses or fails answers an
 * empty list with a note instead of an error; an id that is no longer a member is left out.
 */
export async function searchServerMembers(
  deps: Deps,
  serverId: string,
  search: MembersQuery,
): Promise<MembersResponse> {
  if (search.ids !== undefined) {
    const ids = [...new Set(search.ids.split(","))];
    const found = await Promise.all(ids.map((id) => forDisplay(deps.discord.getMember(serverId, id))));
    const members = found.filter((member): member is MemberInfo => member !== null);
    return { members: members.map(dashboardMember), nextCursor: null, note: null };
  }
  try {
    // One more than asked for says whether another page follows.
    const found = await deps.discord.searchMembers(serverId, search.query, {
      limit: search.limit + 1,
      after: search.cursor,
    });
    const page = found.slice(0, search.limit);
    const last = page.at(-1);
    return {
      members: page.map(dashboardMember),
      nextCursor: found.length > search.limit && last ? last.user.id : null,
      note: null,
    };
  } catch (error) {
    if (!isDiscordFailure(error)) throw error;
    return { members: [], nextCursor: null, note: unavailableNote(error) };
  }
}

/** Servers the bot left before `cutoff` and has not rejoined since. */
export function serversLeftBefore(deps: StorageDeps, cutoff: number): Promise<string[]> {
  return store.listLeftBefore(deps.storage.db, cutoff);
}

/**
 * The current names of these servers (those the bot has seen), by id, in one read: a list asks
 * once for its page's servers (giveaways' public lists), falling back to a name it kept itself.
 */
export function guildNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return store.namesOf(db, ids);
}

/**
 * Id lists for another feature's list query (giveaways' public lists) to filter by, placed in its
 * one query as `in` / `not in`, which the databases read once per query rather than once per row;
 * `guilds` stays this feature's (the SQL is built here, the caller only places it): servers the
 * bot left, servers it has seen, servers whose current name matches a search (`like` over the
 * lower-cased name, a backslash escapes).
 */
export function leftGuildIds(db: Db) {
  return store.leftIds(db);
}

export function knownGuildIds(db: Db) {
  return store.knownIds(db);
}

export function guildIdsNamedLike(db: Db, pattern: string) {
  return store.idsNamedLike(db, pattern);
}
