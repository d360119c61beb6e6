import { commandCategories } from "@hearth/core/commands";
import { useDeferredValue, useId, useMemo } from "react";
import { useSearchParams } from "react-router";
import { PageIntro } from "../components/ui/page-intro";
import { useShownCommands } from "../features/commands/api";
import { CommandCard } from "../features/commands/command-card";
import { type CategoryFilter, filterCommands } from "../features/commands/filter";
import { cn } from "../lib/cn";
import { useProgressiveCount } from "../lib/use-progressive-count";

const filters: readonly CategoryFilter[] = ["All", ...commandCategories];

function readCategory(value: string | null): CategoryFilter {
  return filters.find((filter) => filter === value) ?? "All";
}

export function CommandsPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const category = readCategory(params.get("category"));
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();

  const shown = useShownCommands();
  // The ~100 cards render at background priority, in slices that leave the main thread free in
  // between (one long task on a phone otherwise, right when the page becomes interactive).
  const all = useDeferredValue(shown.entries);
  const results = useMemo(
    () => (all ? filterCommands(all, deferredQuery, category) : []),
    [all, deferredQuery, category],
  );

  const rendered = useProgressiveCount(results.length, 8);

  const update = (next: { q?: string; category?: CategoryFilter }) => {
    const merged = { q: next.q ?? query, category: next.category ?? category };
    const search = new URLSearchParams();
    if (merged.q) search.set("q", merged.q);
    if (merged.category !== "All") search.set("category", merged.category);
    setParams(search, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageIntro eyebrow="Catalogue" title="Commands">
        Every Hearth slash command in eight categories, with usage, required permissions and examples you can
        copy straight into Discord.
      </PageIntro>

      <div className="mx-auto w-full max-w-6xl px-4 pb-24 sm:px-6">
        <search aria-label="Commands" className="block space-y-4">
          <label htmlFor={searchId} className="sr-only">
            Search commands
          </label>
          <div className="relative">
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-stone-400"
            >
              <path
                fillRule="evenodd"
                d="M9 3.5a5.5 5.5 0 1 0 3.4 9.8l3.4 3.4a1 1 0 0 0 1.4-1.4l-3.4-3.4A5.5 5.5 0 0 0 9 3.5zM5.5 9a3.5 3.5 0 1 1 7 0 3.5 3.5 0 0 1-7 0z"
              />
            </svg>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => update({ q: event.target.value })}
              placeholder="Search commands..."
              className="h-12 w-full rounded-xl border border-white/10 bg-ink-900 pr-4 pl-11 text-stone-100 placeholder:text-stone-400 focus:border-ember-400 focus:outline-none"
            />
          </div>
          <fieldset>
            <legend className="sr-only">Category</legend>
            <div className="flex flex-wrap gap-2">
              {filters.map((filter) => (
                <button
                  key={filter}
                  type="button"
                  aria-pressed={filter === category}
                  onClick={() => update({ category: filter })}
                  className={cn(
                    "rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors motion-reduce:transition-none",
                    filter === category
                      ? "border-ember-400 bg-ember-500 text-ink-950"
                      : "border-white/10 bg-white/5 text-stone-300 hover:border-white/20 hover:text-stone-50",
                  )}
                >
                  {filter}
                </button>
              ))}
            </div>
          </fieldset>
        </search>

        {shown.isError ? (
          <div
            role="alert"
            className="mt-6 rounded-2xl border border-red-400/30 bg-red-500/10 px-6 py-10 text-center"
          >
            <p className="text-lg text-stone-100">Failed to load the commands. Please try again.</p>
            <button
              type="button"
              onClick={() => void shown.refetch()}
              className="mt-4 rounded-lg bg-white/10 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-white/15"
            >
              Try again
            </button>
          </div>
        ) : !all ? (
          // Tall enough that the footer starts below the fold and doesn't jump when the list arrives.
          <p role="status" className="mt-6 min-h-[70vh] text-sm text-stone-400">
            Loading commands…
          </p>
        ) : (
          <>
            <p role="status" className="mt-6 text-sm text-stone-400">
              {results.length === all.length
                ? `${results.length} command${results.length === 1 ? "" : "s"}`
                : `${results.length} of ${all.length} commands`}
            </p>

            {results.length === 0 ? (
              <div className="mt-6 rounded-2xl border border-white/10 bg-white/[0.03] px-6 py-14 text-center">
                <p className="text-lg text-stone-200">No commands found matching your search.</p>
                <button
                  type="button"
                  onClick={() => update({ q: "", category: "All" })}
                  className="mt-4 rounded text-sm font-medium text-ember-300 underline underline-offset-4 hover:text-ember-200"
                >
                  Clear search and filters
                </button>
              </div>
            ) : (
              <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                {results.slice(0, rendered).map((entry) => (
                  <li key={entry.name} className="flex">
                    <CommandCard entry={entry} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </>
  );
}
