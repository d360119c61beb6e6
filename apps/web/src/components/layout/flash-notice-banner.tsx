import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { type FlashNotice, takeNotice } from "../../lib/flash-notice";

/**
 * Shows the notice a page left for the next (`showAfterNavigation`) above it, once, until dismissed
 * or the next page. Read after the first render, so a prerendered page hydrates as it was rendered.
 */
export function FlashNoticeBanner() {
  const [notice, setNotice] = useState<FlashNotice | null>(null);
  const { pathname } = useLocation();
  // Taken on every page change (the layout stays mounted from the dashboard to the home page); shown
  // until dismissed or the next page. A status message: announced, without taking the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page change is what runs it
  useEffect(() => setNotice(takeNotice()), [pathname]);
  if (!notice) return null;
  return (
    <div className="mx-auto mt-4 w-full max-w-6xl px-4 sm:px-6">
      <div
        role="status"
        className="flex items-start gap-4 rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-3"
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-emerald-100">{notice.title}</p>
          <p className="mt-1 text-sm text-stone-300">{notice.body}</p>
        </div>
        <button
          type="button"
          onClick={() => setNotice(null)}
          className="rounded-md px-2 py-1 text-sm font-medium text-stone-200 hover:bg-white/10"
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
