import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";

/** Previous/Next for a paged list, with "Page 2 of 5 · 112 entries" between them. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
  busy = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the list holds, for the navigation's name: "Payments". */
  label: string;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className={cn(buttonClass("secondary", "sm"))}
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <p className="text-xs text-stone-400 tabular-nums" aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {total} {total === 1 ? "entry" : "entries"}
      </p>
      <button
        type="button"
        className={cn(buttonClass("secondary", "sm"))}
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
