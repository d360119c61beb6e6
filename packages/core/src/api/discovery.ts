import { z } from "zod";
import { discoveryLimits } from "../limits/community.ts";
import { snowflake } from "./common.ts";
import { pageQuery, pageSizes } from "./paging.ts";

export { discoveryLimits };

const invitePattern =
  /^(?:https?:\/\/)?(?:www\.)?(?:discord\.gg\/|(?:discord|discordapp)\.com\/invite\/)([A-Za-z0-9-]{2,32})\/?(?:[?#].*)?$/i;

/**
 * Reads a Discord invite link (`https://discord.gg/<code>`, `https://discord.com/invite/<code>`,
 * `https://discordapp.com/invite/<code>`; scheme and `www.` optional, query ignored) and answers it
 * in its one canonical form `https://discord.gg/<code>`, or null when it is not an invite link.
 */
export function normaliseInvite(input: string): string | null {
  const code = invitePattern.exec(input.trim())?.[1];
  return code ? `https://discord.gg/${code}` : null;
}

const tagPattern = /^[\p{L}\p{N}](?:[\p{L}\p{N} -]*[\p{L}\p{N}])?$/u;

/** Why a (normalised) tag is not acceptable, or null when it is. */
export function tagProblem(tag: string): string | null {
  if (tag.length < discoveryLimits.tagMin || tag.length > discoveryLimits.tagMax) {
    return `must be ${discoveryLimits.tagMin} to ${discoveryLimits.tagMax} characters`;
  }
  if (!tagPattern.test(tag)) {
    return "may hold only letters, digits, spaces and '-', and must start and end with a letter or digit";
  }
  return null;
}

/**
 * Normalises tags given as a list or as comma-separated text (`"Gaming, anime ,,art"`): split on
 * commas, trimmed, inner spaces collapsed, lower-cased, empties dropped, duplicates removed (the
 * first kept). Idempotent.
 */
export function normaliseTags(input: string | readonly string[] | null | undefined): string[] {
  if (input === null || input === undefined) return [];
  const parts = (typeof input === "string" ? [input] : input).flatMap((part) => part.split(","));
  const tags = new Set<string>();
  for (const part of parts) {
    const tag = part.trim().replace(/\s+/g, " ").toLowerCase();
    if (tag !== "") tags.add(tag);
  }
  return [...tags];
}

/** An invite link of the chat platform, answered in its canonical form `https://discord.gg/<code>`. */
export const discoveryInvite = z.string().transform((value, ctx) => {
  const invite = normaliseInvite(value);
  if (invite === null) {
    ctx.addIssue({
      code: "custom",
      input: value,
      message:
        "must be a Discord invite link: https://discord.gg/<code> or https://discord.com/invite/<code> (code of 2 to 32 letters, digits or '-')",
    });
    return z.NEVER;
  }
  return invite;
});

/** Trimmed, 20 to 1000 characters. */
export const discoveryDescription = z
  .string()
  .trim()
  .min(discoveryLimits.descriptionMin, `must be at least ${discoveryLimits.descriptionMin} characters`)
  .max(discoveryLimits.descriptionMax, `must be at most ${discoveryLimits.descriptionMax} characters`);

/**
 * A list of tags, or comma-separated text; normalised with {@link normaliseTags}. At most 10 tags of
 * 2 to 24 letters, digits, spaces or '-'. A failing tag is reported at `tags.<index>` of the
 * normalised list.
 */
export const discoveryTags = z.union([z.string(), z.array(z.string()), z.null()]).transform((value, ctx) => {
  const tags = normaliseTags(value);
  if (tags.length > discoveryLimits.tagsMax) {
    ctx.addIssue({
      code: "custom",
      input: value,
      message: `at most ${discoveryLimits.tagsMax} tags (got ${tags.length})`,
    });
  }
  tags.forEach((tag, index) => {
    const problem = tagProblem(tag);
    if (problem) ctx.addIssue({ code: "custom", input: tag, path: [index], message: `"${tag}" ${problem}` });
  });
  return tags;
});

/** `POST /api/discovery` and `PUT /api/discovery/{id}`: the whole entry; omitted tags mean none. */
export const discoveryEntryBody = z.object({
  invite: discoveryInvite,
  description: discoveryDescription,
  tags: discoveryTags.optional().default([]),
});
export type DiscoveryEntryBody = z.infer<typeof discoveryEntryBody>;
export type DiscoveryEntryInput = z.input<typeof discoveryEntryBody>;

/** Path parameters of the private entry routes; the entry id is the server id. */
export const discoveryIdParams = z.object({ id: z.string().max(32) });

/** Whether an entry is listed in the public directory. */
export const discoveryVisibility = z.enum(["public", "private"]);
export type DiscoveryVisibility = z.infer<typeof discoveryVisibility>;

/**
 * A discovery entry as the dashboard sees it. `id` is the server id (one entry per server, so the
 * dashboard loads its own with `GET /api/discovery/{serverId}`; 404 means none yet). Name, icon and
 * member count are read from the server when answering, never stored.
 */
export const discoveryEntry = z.object({
  id: snowflake,
  invite: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  name: z.string(),
  icon: z.string().nullable(),
  memberCount: z.number().int().nonnegative(),
  /** `public`: listed in the directory; `private`: kept but hidden. New entries start public. */
  toggle: discoveryVisibility,
  /** The server has premium (settings `pro.status`). */
  premium: z.boolean(),
  /** Pinned by staff in the featured group; not settable through the API. */
  advertised: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type DiscoveryEntry = z.infer<typeof discoveryEntry>;

/** A server of the public directory. `_id` and `id` are both the server id. */
export const discoveryServer = z.object({
  _id: snowflake,
  id: snowflake,
  name: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  tags: z.array(z.string()),
  /** Canonical `https://discord.gg/<code>`. */
  invite: z.string(),
  premium: z.boolean(),
  advertised: z.boolean(),
  memberCount: z.number().int().nonnegative(),
});
export type DiscoveryServer = z.infer<typeof discoveryServer>;

/** `GET /api/discovery` and `/search`: public entries, advertised first, then premium, then by name. */
export const discoveryListResponse = z.array(discoveryServer);

/** Query of `GET /api/discovery` (`tag` only) and `GET /api/discovery/search` (`q` and `tag`). */
export const discoveryQuery = z.object({
  /** Words to find in name, description or tags, case- and accent-insensitive; empty lists all. */
  q: z
    .string()
    .trim()
    .max(discoveryLimits.queryMax, `must be at most ${discoveryLimits.queryMax} characters`)
    .optional(),
  /** Only servers carrying this tag (normalised like tags are). */
  tag: z.string().max(64).optional(),
});
export type DiscoveryQuery = z.infer<typeof discoveryQuery>;

/** `discoveryQuery` plus a page (`limit`, default 24, at most 100; `cursor` from `X-Next-Cursor`). */
export const discoveryListQuery = discoveryQuery.extend(pageQuery(pageSizes.discovery).shape);
export type DiscoveryListQuery = z.infer<typeof discoveryListQuery>;

/** `GET /api/discovery/tags`: tags of public entries with how many carry each, most used first. */
export const discoveryTagsResponse = z.array(
  z.object({ tag: z.string(), count: z.number().int().positive() }),
);
export type DiscoveryTagCount = z.infer<typeof discoveryTagsResponse>[number];

const nameCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The directory's order: advertised first, then premium, then by name (case-insensitive), then id. */
export function compareDiscoveryServers(
  a: Pick<DiscoveryServer, "advertised" | "premium" | "name" | "id">,
  b: Pick<DiscoveryServer, "advertised" | "premium" | "name" | "id">,
): number {
  return (
    Number(b.advertised) - Number(a.advertised) ||
    Number(b.premium) - Number(a.premium) ||
    nameCollator.compare(a.name, b.name) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Lower-cases and strips accents, so `Café` is found by `cafe`. */
export function foldForSearch(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Whether a server matches a search: every word of the query appears (case- and accent-insensitive)
 * in its name, its description or one of its tags. An empty query matches everything.
 */
export function matchesDiscoveryQuery(
  server: Pick<DiscoveryServer, "name" | "description" | "tags">,
  query: string,
): boolean {
  const terms = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const fields = [server.name, server.description, ...server.tags].map(foldForSearch);
  return terms.every((term) => fields.some((field) => field.includes(term)));
}

/** Tags with how many servers carry each, most used first, then alphabetically. */
export function countDiscoveryTags(servers: readonly Pick<DiscoveryServer, "tags">[]): DiscoveryTagCount[] {
  const counts = new Map<string, number>();
  for (const server of servers) for (const tag of server.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}
