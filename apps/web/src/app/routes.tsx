import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";
import { matchRoutes, type RouteObject, useRoutes } from "react-router";
import { SiteLayout } from "../components/layout/site-layout";
import type { RouteHandle } from "../lib/route-handle";
import { docsPageModules } from "../pages/docs/docs-page-modules";
import { RootLayout } from "./root-layout";

/**
 * A page module's named export as a lazily loaded component, so every page is its own chunk.
 * The layouts wrap their outlet in <Suspense>: on a client navigation the current page stays up
 * while the next chunk loads; when a prerendered page hydrates, its HTML stays until the chunk is in.
 */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  { queries = true }: { queries?: boolean } = {},
): LazyExoticComponent<ComponentType> {
  if (!queries) return lazy(async () => ({ default: pick(await load()) }));
  // The query library comes with the page, in parallel (see with-queries.tsx).
  return lazy(async () => {
    const [module, { WithQueries }] = await Promise.all([load(), import("./with-queries")]);
    const Page = pick(module);
    return {
      default: () => (
        <WithQueries>
          <Page />
        </WithQueries>
      ),
    };
  });
}

/** A route's element for a lazily loaded page. */
const element = (component: LazyExoticComponent<ComponentType>) => createElement(component);

const notFound = page(
  () => import("../pages/not-found-page"),
  (m) => m.NotFoundPage,
);
const notFoundHandle: RouteHandle = { title: "Page not found" };

/** The spec's route table (site-and-docs §2), rendered by <AppRoutes> in any router. */
export const routes: RouteObject[] = [
  {
    element: createElement(RootLayout, { handlesOf: routeHandles }),
    children: [
      {
        element: createElement(SiteLayout),
        children: [
          {
            index: true,
            element: element(
              // The landing page reads only its live figures, without the query library.
              page(
                () => import("../pages/home-page"),
                (m) => m.HomePage,
                { queries: false },
              ),
            ),
          },
          {
            path: "commands",
            handle: {
              title: "Commands",
              description:
                "Every Hearth slash command in eight categories, with usage, permissions and examples you can copy.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/commands-page"),
                (m) => m.CommandsPage,
              ),
            ),
          },
          {
            path: "invite",
            handle: {
              title: "Invite",
              description:
                "Add Hearth to your Discord server: the authorisation link and the five permissions it asks for.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/invite-page"),
                (m) => m.InvitePage,
              ),
            ),
          },
          {
            path: "support",
            handle: {
              title: "Support",
              description:
                "Get help with Hearth: the support server, answers to common questions and response-time targets.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/support-page"),
                (m) => m.SupportPage,
              ),
            ),
          },
          {
            path: "terms",
            handle: {
              title: "Terms of Service",
              description: "The terms that govern your use of Hearth, its dashboard and this website.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/terms-page"),
                (m) => m.TermsPage,
              ),
            ),
          },
          {
            path: "privacy",
            handle: {
              title: "Privacy Policy",
              description:
                "What information Hearth collects, why, how long it is kept and the choices you have.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/privacy-page"),
                (m) => m.PrivacyPage,
              ),
            ),
          },
          {
            path: "refund",
            handle: {
              title: "Refund Policy",
              description: "How refunds for Hearth premium work, including the uptime guarantee.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/refund-page"),
                (m) => m.RefundPage,
              ),
            ),
          },
          {
            path: "discovery",
            handle: {
              title: "Server Discovery",
              description:
                "Browse public Discord communities that use Hearth: search, filter by tag and join with one click.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/discovery-page"),
                (m) => m.DiscoveryPage,
              ),
            ),
          },
          {
            path: "giveaways",
            handle: {
              title: "Giveaways",
              description:
                "Public giveaways from servers using Hearth: prizes, countdowns, entry requirements and winners.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/giveaways-page"),
                (m) => m.GiveawaysPage,
              ),
            ),
          },
          {
            path: "giveaways/:serverId/upcoming/:scheduleId",
            handle: {
              title: "Scheduled giveaway",
              description:
                "A scheduled or recurring Hearth giveaway: when it starts, how it repeats and its past runs.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/upcoming-giveaway-page"),
                (m) => m.UpcomingGiveawayPage,
              ),
            ),
          },
          {
            path: "giveaways/:serverId/:messageId",
            handle: {
              title: "Giveaway",
              description:
                "A public Hearth giveaway: its prize, entry requirements, winners and participants.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/giveaway-detail-page"),
                (m) => m.GiveawayDetailPage,
              ),
            ),
          },
          {
            path: "tournaments/:serverId/:tournamentId",
            handle: {
              title: "Tournament",
              description: "A public Hearth tournament: its bracket, players, results and champion.",
            } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/tournament-page"),
                (m) => m.TournamentPage,
              ),
            ),
          },
          {
            path: "dashboard/:serverId?",
            handle: { title: "Dashboard" } satisfies RouteHandle,
            element: element(
              page(
                () => import("../pages/dashboard-page"),
                (m) => m.DashboardPage,
              ),
            ),
          },
          { path: "*", handle: notFoundHandle, element: element(notFound) },
        ],
      },
      {
        // The sandbox playground is a full-screen client of its own (no site header or footer); its
        // code, the Discord message renderer and its markdown parser load only here.
        path: "sandbox",
        handle: {
          title: "Sandbox",
          description:
            "Try every Hearth feature on a live demo server in your browser: run commands, press buttons, watch the bot answer.",
        } satisfies RouteHandle,
        element: element(
          page(
            () => import("../pages/sandbox-page"),
            (m) => m.SandboxPage,
          ),
        ),
      },
      {
        // The docs layout brings its own route table (pages/docs/docs-routes.tsx), loaded with it.
        path: "docs/*",
        handle: { nested: true } satisfies RouteHandle,
        element: element(
          page(
            () => {
              // Start the guide's chunk together with the layout's rather than after it.
              if (typeof window !== "undefined") {
                void docsPageModules[window.location.pathname.replace(/(.)\/+$/, "$1")]?.();
              }
              return import("../pages/docs/docs-layout");
            },
            (m) => m.DocsLayout,
          ),
        ),
      },
    ],
  },
];

/** The app's pages for the current location, inside whichever router is above (browser, static, memory). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** The handles of the routes matching `pathname`, outermost first (for the title and description). */
export function routeHandles(pathname: string): (RouteHandle | undefined)[] {
  return (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined);
}
