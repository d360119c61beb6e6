import type { DiscoveryServer } from "@hearth/core";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useDeferredValue, useId, useMemo, useRef, useState } from "react";
import { Badge } from "../components/ui/badge";
import { buttonClass } from "../components/ui/button-styles";
import { LoadMore, useFocusNewItems } from "../components/ui/load-more";
import { PageIntro } from "../components/ui/page-intro";
import { LoadingState, MessagePanel } from "../components/ui/status-message";
import { type DiscoverySearch, discoveryServersQuery, discoveryTagsQuery } from "../features/discovery/api";
import { groupServers } from "../features/discovery/display";
import { ServerCard } from "../features/discovery/server-card";

const LOAD_FAILED = "Failed to load servers. Please try again.";
const SEARCH_FAILED = "Search failed. Please try again.";

const fieldClass =
  "h-11 rounded-lg border border-white/10 bg-ink-900 px-3.5 text-stone-100 placeholder:text-stone-400 focus:border-ember-400 focus:outline-none";

function ServerGroup({
  title,
  description,
  badge,
  servers,
  featured = false,
  indexOf,
}: {
  title: string;
  description: string;
  badge?: ReactNode;
  servers: DiscoveryServer[];
  featured?: boolean;
  /** Each server's place in the whole loaded list (for focus after "Load more"). */
  indexOf: (server: DiscoveryServer) => number;
}) {
  const headingId = useId();
  if (servers.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-12 first:mt-0">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-2xl font-semibold text-stone-50">
          {title}
        </h2>
        {badge}
      </div>
      <p className="mt-1 text-stone-300">{description}</p>
      <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {servers.map((server) => (
          <li
            key={server._id}
            data-item-index={indexOf(server)}
            tabIndex={-1}
            className="rounded-2xl focus:outline-none focus-visible:ring-2 focus-visible:ring-ember-400"
          >
            <ServerCard server={server} featured={featured} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DiscoveryPage() {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [search, setSearch] = useState<DiscoverySearch>({ q: "", tag: "" });
  const servers = useInfiniteQuery(discoveryServersQuery(search));
  const tags = useQuery(discoveryTagsQuery);
  const ids = { search: useId(), tag: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch((current) => ({ ...current, q: text.trim() }));
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["discovery"] });
  };

  // The cards render as a deferred (interruptible) update, so a long list doesn't block input.
  const pages = useDeferredValue(servers.data);
  const data = useMemo(() => pages?.pages.flatMap((page) => page.items), [pages]);
  const groups = data ? groupServers(data) : null;
  const positions = useMemo(() => new Map(data?.map((server, index) => [server._id, index])), [data]);
  const indexOf = (server: DiscoveryServer) => positions.get(server._id) ?? -1;
  const total = pages?.pages[0]?.total ?? null;
  const results = useRef<HTMLDivElement>(null);
  const focusNextPage = useFocusNewItems(results, data?.length ?? 0);

  return (
    <>
      <PageIntro eyebrow="Discovery" title="Server Discovery">
        Browse public communities that use Hearth, search them, filter by tag and join with one click.
      </PageIntro>

      <div className="mx-auto w-full max-w-6xl px-4 pb-24 sm:px-6">
        <search>
          <form aria-label="Servers" onSubmit={submit} className="flex flex-col gap-3 md:flex-row">
            <div className="flex-1">
              <label htmlFor={ids.search} className="sr-only">
                Search servers
              </label>
              <input
                id={ids.search}
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder="Search servers by name, description or tag..."
                maxLength={100}
                className={`${fieldClass} w-full`}
              />
            </div>
            <label htmlFor={ids.tag} className="sr-only">
              Filter by tag
            </label>
            <select
              id={ids.tag}
              value={search.tag}
              onChange={(event) => setSearch({ q: text.trim(), tag: event.target.value })}
              className={`${fieldClass} md:w-52`}
            >
              <option value="">All Tags</option>
              {tags.data?.map(({ tag, count }) => (
                <option key={tag} value={tag}>
                  {tag} ({count})
                </option>
              ))}
            </select>
            <div className="flex gap-3">
              <button type="submit" className={`${buttonClass("primary")} h-11 flex-1 md:flex-none`}>
                Search
              </button>
              <button
                type="button"
                onClick={refresh}
                disabled={servers.isFetching}
                className={`${buttonClass("secondary")} h-11 flex-1 md:flex-none`}
              >
                {servers.isRefetching ? "Refreshing..." : "Refresh"}
              </button>
            </div>
          </form>
        </search>

        {/* A new box once the list arrives: the list replaces the loading state rather than moving it. */}
        <div ref={results} key={data === undefined ? "waiting" : "listed"} className="mt-10">
          {servers.isPending || (data === undefined && !servers.isError) ? (
            // Tall enough that the footer starts below the fold and doesn't jump when the list arrives.
            <LoadingState className="min-h-[70vh]">Loading servers...</LoadingState>
          ) : servers.isError ? (
            <MessagePanel
              role="alert"
              tone="error"
              title={search.q ? SEARCH_FAILED : LOAD_FAILED}
              actions={
                <button type="button" className={buttonClass("primary")} onClick={() => servers.refetch()}>
                  Try Again
                </button>
              }
            />
          ) : groups && data && data.length > 0 ? (
            <>
              <p role="status" className="sr-only">
                {total ?? data.length} servers found
              </p>
              <ServerGroup
                title="Featured Communities"
                description="Hand-picked communities from across Hearth."
                servers={groups.featured}
                featured
                indexOf={indexOf}
              />
              <ServerGroup
                title="Premium Servers"
                description="Servers on Hearth's premium tier."
                badge={<Badge tone="amber">PRO</Badge>}
                servers={groups.premium}
                indexOf={indexOf}
              />
              <ServerGroup
                title="Community Servers"
                description="Every other public community using Hearth."
                servers={groups.community}
                indexOf={indexOf}
              />
              <LoadMore
                noun="servers"
                shown={data.length}
                total={total}
                hasMore={servers.hasNextPage}
                loading={servers.isFetchingNextPage}
                onLoadMore={() => {
                  focusNextPage();
                  void servers.fetchNextPage();
                }}
              />
            </>
          ) : (
            <MessagePanel role="status" title="No servers found">
              Try adjusting your search or filters to discover more communities
            </MessagePanel>
          )}
        </div>
      </div>
    </>
  );
}
