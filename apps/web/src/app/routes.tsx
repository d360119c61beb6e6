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

// One chunk per docs page, so a guide loads only when it is opened.
const docsLoaders: Record<string, () => Promise<{ Component: ComponentType }>> = {
  "/docs": page(
    () => import("../pages/docs/pages/introduction"),
    (m) => m.DocsContent,
  ),
  "/docs/setup": page(
    () => import("../pages/docs/pages/setup"),
    (m) => m.DocsContent,
  ),
  "/docs/dashboard": page(
    () => import("../pages/docs/pages/dashboard"),
    (m) => m.DocsContent,
  ),
  "/docs/grinder": page(
    () => import("../pages/docs/pages/grinder"),
    (m) => m.DocsContent,
  ),
  "/docs/welcome": page(
    () => import("../pages/docs/pages/welcome"),
    (m) => m.DocsContent,
  ),
  "/docs/selfroles": page(
    () => import("../pages/docs/pages/selfroles"),
    (m) => m.DocsContent,
  ),
  "/docs/votetracker": page(
    () => import("../pages/docs/pages/votetracker"),
    (m) => m.DocsContent,
  ),
  "/docs/sticky": page(
    () => import("../pages/docs/pages/sticky"),
    (m) => m.DocsContent,
  ),
  "/docs/boards": page(
    () => import("../pages/docs/pages/boards"),
    (m) => m.DocsContent,
  ),
  "/docs/perks": page(
    () => import("../pages/docs/pages/perks"),
    (m) => m.DocsContent,
  ),
  "/docs/statica": page(
    () => import("../pages/docs/pages/statica"),
    (m) => m.DocsContent,
  ),
  "/docs/components": page(
    () => import("../pages/docs/pages/components"),
    (m) => m.DocsContent,
  ),
  "/docs/embeds": page(
    () => import("../pages/docs/pages/embeds"),
    (m) => m.DocsContent,
  ),
  "/docs/events": page(
    () => import("../pages/docs/pages/events"),
    (m) => m.DocsContent,
  ),
  "/docs/economy": page(
    () => import("../pages/docs/pages/economy"),
    (m) => m.DocsContent,
  ),
  "/docs/security": page(
    () => import("../pages/docs/pages/security"),
    (m) => m.DocsContent,
  ),
  "/docs/advanced": page(
    () => import("../pages/docs/pages/advanced"),
    (m) => m.DocsContent,
  ),
  "/docs/support": page(
    () => import("../pages/docs/pages/support"),
    (m) => m.DocsContent,
  ),
};

const docsRoutes: RouteObject[] = docsPages.map((entry) => {
  const handle: RouteHandle = { title: entry.title, description: entry.summary };
  const lazy = docsLoaders[entry.path];
  if (!lazy) throw new Error(`No page module for ${entry.path}`);
  return entry.path === "/docs"
    ? { index: true, handle, lazy }
    : { path: entry.path.slice("/docs/".length), handle, lazy };
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
            handle: {
              title: "Commands",
              description:
                "Every Hearth slash command in eight categories, with usage, permissions and examples you can copy.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/commands-page"),
              (m) => m.CommandsPage,
            ),
          },
          {
            path: "invite",
            handle: {
              title: "Invite",
              description:
                "Add Hearth to your Discord server: the authorisation link and the five permissions it asks for.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/invite-page"),
              (m) => m.InvitePage,
            ),
          },
          {
            path: "support",
            handle: {
              title: "Support",
              description:
                "Get help with Hearth: the support server, answers to common questions and response-time targets.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/support-page"),
              (m) => m.SupportPage,
            ),
          },
          {
            path: "terms",
            handle: {
              title: "Terms of Service",
              description: "The terms that govern your use of Hearth, its dashboard and this website.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/terms-page"),
              (m) => m.TermsPage,
            ),
          },
          {
            path: "privacy",
            handle: {
              title: "Privacy Policy",
              description:
                "What information Hearth collects, why, how long it is kept and the choices you have.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/privacy-page"),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: "refund",
            handle: {
              title: "Refund Policy",
              description: "How refunds for Hearth premium work, including the uptime guarantee.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/refund-page"),
              (m) => m.RefundPage,
            ),
          },
          {
            path: "discovery",
            handle: {
              title: "Server Discovery",
              description:
                "Browse public Discord communities that use Hearth: search, filter by tag and join with one click.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/discovery-page"),
              (m) => m.DiscoveryPage,
            ),
          },
          {
            path: "giveaways",
            handle: {
              title: "Giveaways",
              description:
                "Public giveaways from servers using Hearth: prizes, countdowns, entry requirements and winners.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/giveaways-page"),
              (m) => m.GiveawaysPage,
            ),
          },
          {
            path: "giveaways/:serverId/:messageId",
            handle: {
              title: "Giveaway",
              description:
                "A public Hearth giveaway: its prize, entry requirements, winners and participants.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/giveaway-detail-page"),
              (m) => m.GiveawayDetailPage,
            ),
          },
          {
            path: "tournaments/:serverId/:tournamentId",
            handle: {
              title: "Tournament",
              description: "A public Hearth tournament: its bracket, players, results and champion.",
            } satisfies RouteHandle,
            lazy: page(
              () => import("../pages/tournament-page"),
              (m) => m.TournamentPage,
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
