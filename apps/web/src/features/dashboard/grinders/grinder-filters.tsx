import { cn } from "../../../lib/cn";
import { inputClass, SelectBox } from "../shared/form-controls";
import { RefreshIcon, SortIcon } from "../shared/icons";
import type { GrinderFilters, GrinderSort } from "./display";

interface Props {
  filters: GrinderFilters;
  onChange: (filters: GrinderFilters) => void;
  tiers: readonly string[];
  onRefresh: () => void;
  refreshing: boolean;
}

const sortLabels: Record<GrinderSort, string> = { hiredAt: "Date hired", payment: "Payment", tier: "Tier" };

const chip =
  "inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-medium transition-colors motion-reduce:transition-none";

/** Search, tier, Paid Only, sort with direction, Refresh (spec §2). */
export function GrinderFilterBar({ filters, onChange, tiers, onRefresh, refreshing }: Props) {
  const set = (patch: Partial<GrinderFilters>) => onChange({ ...filters, ...patch });
  const descending = filters.order === "desc";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="search"
        aria-label="Search by user ID"
        placeholder="Search by user ID…"
        value={filters.search}
        onChange={(event) => set({ search: event.target.value })}
        className={cn(inputClass, "min-w-0 flex-1 basis-full sm:basis-56")}
      />
      <SelectBox
        aria-label="Filter by tier"
        value={filters.tier}
        onChange={(event) => set({ tier: event.target.value })}
        className="min-w-36 flex-1 sm:flex-none"
      >
        <option value="">All tiers</option>
        {tiers.map((tier) => (
          <option key={tier} value={tier}>
            {tier}
          </option>
        ))}
      </SelectBox>
      <button
        type="button"
        aria-pressed={filters.paidOnly}
        onClick={() => set({ paidOnly: !filters.paidOnly })}
        className={cn(
          chip,
          filters.paidOnly
            ? "border-emerald-400/40 bg-emerald-400/10 text-emerald-200"
            : "border-white/10 bg-white/5 text-stone-300 hover:text-stone-100",
        )}
      >
        <span
          aria-hidden="true"
          className={cn("size-2 rounded-full", filters.paidOnly ? "bg-emerald-400" : "bg-stone-500")}
        />
        Paid Only
      </button>
      <div className="flex items-center gap-1">
        <SelectBox
          aria-label="Sort by"
          value={filters.sort}
          onChange={(event) => set({ sort: event.target.value as GrinderSort })}
          className="min-w-36"
        >
          {(Object.keys(sortLabels) as GrinderSort[]).map((sort) => (
            <option key={sort} value={sort}>
              Sort: {sortLabels[sort]}
            </option>
          ))}
        </SelectBox>
        <button
          type="button"
          onClick={() => set({ order: descending ? "asc" : "desc" })}
          aria-label={descending ? "Sorted descending; sort ascending" : "Sorted ascending; sort descending"}
          title={descending ? "Descending" : "Ascending"}
          className={cn(
            chip,
            "w-10 justify-center border-white/10 bg-white/5 px-0 text-stone-200 hover:text-stone-50",
          )}
        >
          <SortIcon descending={descending} className="size-4" />
        </button>
      </div>
      <button
        type="button"
        onClick={onRefresh}
        disabled={refreshing}
        className={cn(
          chip,
          "border-white/10 bg-white/5 text-stone-200 hover:text-stone-50 disabled:opacity-60",
        )}
      >
        <RefreshIcon className={cn("size-4", refreshing && "motion-safe:animate-spin")} />
        Refresh
      </button>
    </div>
  );
}
