import { type RefObject, useCallback, useEffect, useRef } from "react";
import { buttonClass } from "./button-styles";

/**
 * A paged list's "Load more": a real button (Enter and Space work, it stays in the tab order), the
 * count shown so far, and, once the next page arrives, focus moved to its first item so a keyboard
 * or screen-reader user carries on reading where the new items start.
 */
export function LoadMore({
  shown,
  total,
  noun,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  total: number | null;
  /** Plural, e.g. "giveaways". */
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-8 flex flex-col items-center gap-2">
      <button
        type="button"
        className={buttonClass("secondary")}
        onClick={onLoadMore}
        disabled={loading}
        aria-busy={loading}
      >
        {loading ? "Loading..." : `Load more ${noun}`}
      </button>
      {total !== null && (
        <p className="text-sm text-stone-400">
          Showing {shown} of {total}
        </p>
      )}
    </div>
  );
}

/**
 * Focus for a list that grows by pages: call the answered function as the next page is asked for;
 * when the list has grown past that point, its first new item takes focus: the element inside
 * `container` marked `data-item-index={index}` (give it `tabIndex={-1}`).
 */
export function useFocusNewItems(container: RefObject<HTMLElement | null>, count: number) {
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    const item = container.current?.querySelector(`[data-item-index="${index}"]`);
    if (item instanceof HTMLElement) item.focus();
  }, [count, container]);
  return useCallback(() => {
    firstNew.current = count;
  }, [count]);
}
