import { Suspense } from "react";
import { Outlet } from "react-router";
import { MAIN_CONTENT_ID } from "../ui/skip-link";
import { FlashNoticeBanner } from "./flash-notice-banner";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Header, page, footer: every route except /docs, which brings its own layout. */
export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      {/* tabIndex lets the skip link move focus here. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <FlashNoticeBanner />
        {/* The pages load lazily: the current one stays up while the next one's code loads. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
