import type { MouseEvent } from "react";

export const MAIN_CONTENT_ID = "main-content";

/** First focusable element on every page; jumps keyboard users past the navigation. */
export function SkipLink() {
  // Focus the target directly instead of following the hash, which the router would treat as a navigation.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={onClick}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-ember-500 focus:px-4 focus:py-2 focus:font-semibold focus:text-ink-950"
    >
      Skip to content
    </a>
  );
}
