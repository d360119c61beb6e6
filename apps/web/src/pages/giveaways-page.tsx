import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { buttonClass } from "../components/ui/button-styles";
import { LoadMore, useFocusNewItems } from "../components/ui/load-more";
import { PageIntro } from "../components/ui/page-intro";
import { LoadingState, MessagePanel } from "../components/ui/status-message";
import { giveawayListQuery, upcomingGiveawaysQuery } from "../features/giveaways/api";
import { GiveawayCard } from "../features/giveaways/giveaway-card";
import {
  type SortOrder,
  type StatusFilter,
  sortOptions,
  statusOptions,
} from "../features/giveaways/list-filters";
import { UpcomingSection } from "../features/giveaways/upcoming-card";
import { formatNumber } from "../lib/format";

const fieldClass =
  "h-11 w-full rounded-lg border border-white/10 bg-ink-900 px-3.5 text-stone-100 placeholder:text-stone-400 focus:border-ember-400 focus:outline-none";

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 250;

const headerNumber = (headers: Headers | undefined, name: string) => Number(headers?.get(name) ?? 0) || 0;

/** What the page says when the list can't be loaded (instead of "No giveaways found"). */
export const GIVEAWAYS_LOAD_FAILED = "Failed to load giveaways. Please try again.";

export function GiveawaysPage() {
  const [query, setQuery] = useState("");
  const [sentQuery, setSentQuery] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [sort, setSort] = useState<SortOrder>("newest");
  const ids = { search: useId(), status: useId(), sort: useId() };
  useEffect(() => {
    const timer = setTimeout(() => setSentQuery(query), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // Search, status and order are the server's (the list is paged); the last answer stays on screen
  // while a new one loads.
  const list = useInfiniteQuery({
    ...giveawayListQuery({ query: sentQuery, status, sort }),
    placeholderData: keepPreviousData,
  });
  // The cards render at background priority, in slices that leave the main thread free (the answer
  // arrives right as the page becomes interactive; one long task on a phone otherwise).
  const data = useDeferredValue(list.data);
  const pending = data === undefined && !list.isError;
  // A failed load says so, with a retry (issue 24 §6): an empty list would claim there are none.
  const failed = list.isError && data === undefined;
  const shown = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const first = data?.pages[0];
  const matching = first?.total ?? shown.length;
  // The tiles count every listed giveaway, whatever the search and filter.
  const totals = {
    total: headerNumber(first?.headers, "x-giveaways-total"),
    active: headerNumber(first?.headers, "x-giveaways-running"),
    participants: headerNumber(first?.headers, "x-giveaways-entries"),
  };
  const filtering = sentQuery.trim() !== "" || status !== "all";
  const upcoming = useQuery(upcomingGiveawaysQuery());
  const grid = useRef<HTMLUListElement>(null);
  const focusNextPage = useFocusNewItems(grid, shown.length);

  return (
    <>
      <PageIntro eyebrow="Public giveaways" title="Giveaways">
        Public giveaways from servers using Hearth: search them, filter active or ended ones and sort by what
        matters to you.
      </PageIntro>

      <div className="mx-auto w-full max-w-6xl px-4 pb-24 sm:px-6">
        {pending ? (
          // Tall enough that the footer starts below the fold and doesn't jump when the list arrives.
          <LoadingState className="min-h-[80vh]">Loading giveaways...</LoadingState>
        ) : (
          <>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {[
                ["Total Giveaways", totals.total],
                ["Active Giveaways", totals.active],
                ["Total Participants", totals.participants],
              ].map(([label, value]) => (
                <div key={label} className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
                  <dt className="text-sm text-stone-300">{label}</dt>
                  <dd className="mt-1 text-3xl font-bold text-stone-50 tabular-nums">
                    {formatNumber(Number(value))}
                  </dd>
                </div>
              ))}
            </dl>

            <UpcomingSection
              upcoming={upcoming.data}
              failed={upcoming.isError && !upcoming.data}
              onRetry={() => void upcoming.refetch()}
            />

            <search
              aria-label="Giveaways"
              className="mt-8 grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]"
            >
              <div>
                <label htmlFor={ids.search} className="sr-only">
                  Search giveaways or servers
                </label>
                <input
                  id={ids.search}
                  type="search"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder="Search giveaways or servers..."
                  className={fieldClass}
                />
              </div>
              <div>
                <label htmlFor={ids.status} className="sr-only">
                  Status
                </label>
                <select
                  id={ids.status}
                  value={status}
                  onChange={(event) => setStatus(event.target.value as StatusFilter)}
                  className={fieldClass}
                >
                  {statusOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={ids.sort} className="sr-only">
                  Sort
                </label>
                <select
                  id={ids.sort}
                  value={sort}
                  onChange={(event) => setSort(event.target.value as SortOrder)}
                  className={fieldClass}
                >
                  {sortOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
            </search>

            <p role="status" className="mt-5 text-sm text-stone-400">
              {failed
                ? ""
                : filtering
                  ? `${formatNumber(matching)} of ${formatNumber(totals.total)} giveaways`
                  : `${formatNumber(matching)} giveaways`}
            </p>

            {failed ? (
              <div className="mt-4">
                <MessagePanel
                  role="alert"
                  tone="error"
                  title={GIVEAWAYS_LOAD_FAILED}
                  actions={
                    <button
                      type="button"
                      className={buttonClass("primary")}
                      onClick={() => void list.refetch()}
                    >
                      Try Again
                    </button>
                  }
                />
              </div>
            ) : shown.length === 0 ? (
              <div className="mt-4">
                <MessagePanel title="No giveaways found">
                  {filtering ? "Try adjusting your search or filters" : "Check back later for new giveaways!"}
                </MessagePanel>
              </div>
            ) : (
              <>
                <ul ref={grid} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {shown.map((giveaway, index) => (
                    <li
                      key={`${giveaway.guildId}/${giveaway.messageId}`}
                      data-item-index={index}
                      tabIndex={-1}
                      className="rounded-2xl focus:outline-none focus-visible:ring-2 focus-visible:ring-ember-400"
                    >
                      <GiveawayCard giveaway={giveaway} />
                    </li>
                  ))}
                </ul>
                <LoadMore
                  noun="giveaways"
                  shown={shown.length}
                  total={first?.total ?? null}
                  hasMore={list.hasNextPage}
                  loading={list.isFetchingNextPage}
                  onLoadMore={() => {
                    focusNextPage();
                    void list.fetchNextPage();
                  }}
                />
              </>
            )}
          </>
        )}
      </div>
    </>
  );
}
