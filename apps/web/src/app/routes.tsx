import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { SiteLayout } from "../components/layout/site-layout";
import { docsPages } from "../pages/docs/docs-nav";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import type { RouteHandle } from "./route-handle";

/** Turns a page module's named export into a route's lazy loader, so every page is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const notFound = page(
  () => import("../pages/not-found-page"),
  (m) => m.NotFoundPage,
);
const notFoundHandle: RouteHandle = { title: "Page not found" };

// Every docs page uses the placeholder until its content is written; swap the loader per page then.
const docsPage = page(
  () => import("../pages/docs/docs-page"),
  (m) => m.DocsPage,
);

const docsRoutes: RouteObject[] = docsPages.map((entry) => {
  const handle: RouteHandle = { title: entry.title };
  return entry.path === "/docs"
    ? { index: true, handle, lazy: docsPage }
    : { path: entry.path.slice("/docs/".length), handle, lazy: docsPage };
});

/** The spec's route table (site-and-docs §2). */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown only while the first page's chunk loads; the dark body background already covers it.
    HydrateFallback: () => null,
    children: [
      {
        Component: SiteLayout,
        children: [
          {
            index: true,
            lazy: page(
              () => import("../pages/home-page"),
              (m) => m.HomePage,
            ),
          },
          {
            path: "commands",
            handle: { title: "Commands" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/commands-page"),
              (m) => m.CommandsPage,
            ),
          },
          {
            path: "invite",
            handle: { title: "Invite" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/invite-page"),
              (m) => m.InvitePage,
            ),
          },
          {
            path: "support",
            handle: { title: "Support" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/support-page"),
              (m) => m.SupportPage,
            ),
          },
          {
            path: "terms",
            handle: { title: "Terms of Service" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/terms-page"),
              (m) => m.TermsPage,
            ),
          },
          {
            path: "privacy",
            handle: { title: "Privacy Policy" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/privacy-page"),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: "refund",
            handle: { title: "Refund Policy" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/refund-page"),
              (m) => m.RefundPage,
            ),
          },
          {
            path: "discovery",
            handle: { title: "Server Discovery" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/discovery-page"),
              (m) => m.DiscoveryPage,
            ),
          },
          {
            path: "giveaways",
            handle: { title: "Giveaways" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/giveaways-page"),
              (m) => m.GiveawaysPage,
            ),
          },
          {
            path: "giveaways/:serverId/:messageId",
            handle: { title: "Giveaway" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/giveaway-detail-page"),
              (m) => m.GiveawayDetailPage,
            ),
          },
          {
            path: "dashboard/:serverId?",
            handle: { title: "Dashboard" } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/dashboard-page"),
              (m) => m.DashboardPage,
            ),
          },
          { path: "*", handle: notFoundHandle, lazy: notFound },
        ],
      },
      {
        path: "docs",
        lazy: page(
          () => import("../pages/docs/docs-layout"),
          (m) => m.DocsLayout,
        ),
        children: [...docsRoutes, { path: "*", handle: notFoundHandle, lazy: notFound }],
      },
    ],
  },
];
