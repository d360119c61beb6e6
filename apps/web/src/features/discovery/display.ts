/** Descriptions in lists are cut here, then "Read more" (spec: site-and-docs §9). */
export const DESCRIPTION_PREVIEW = 120;
/** Tags shown on a card before "+N more". */
export const TAGS_SHOWN = 3;
/** At most this many advertised servers make up the featured group. */
export const FEATURED_MAX = 3;

/** The first `limit` characters and an ellipsis, or the whole text when it is short enough. */
export function truncate(text: string, limit = DESCRIPTION_PREVIEW): { text: string; truncated: boolean } {
  const chars = [...text];
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join("").trimEnd()}...`, truncated: true };
}

/** The tags a card shows, and how many more it has. */
export function visibleTags(tags: readonly string[], shown = TAGS_SHOWN): { tags: string[]; more: number } {
  return { tags: tags.slice(0, shown), more: Math.max(0, tags.length - shown) };
}

interface Groupable {
  advertised: boolean;
  premium: boolean;
}

/**
 * The page's three groups, keeping the API's order inside each: the first three advertised servers
 * are Featured; every other server is Premium when it has premium, else Community. No server is
 * dropped: advertised servers beyond the three appear in the group their premium status puts them.
 */
export function groupServers<T extends Groupable>(servers: readonly T[]) {
  const featured: T[] = [];
  const premium: T[] = [];
  const community: T[] = [];
  for (const server of servers) {
    if (server.advertised && featured.length < FEATURED_MAX) featured.push(server);
    else if (server.premium) premium.push(server);
    else community.push(server);
  }
  return { featured, premium, community };
}
