import type { ComponentType } from "react";

/**
 * Each docs guide's module, one chunk per guide, so a guide loads only when it is opened. Kept
 * apart from docs-routes.tsx so the site's route table can start a guide's chunk together with the
 * docs layout's (app/routes.tsx) instead of after it.
 */
export const docsPageModules: Record<string, () => Promise<{ DocsContent: ComponentType }>> = {
  "/docs": () => import("./pages/introduction"),
  "/docs/setup": () => import("./pages/setup"),
  "/docs/dashboard": () => import("./pages/dashboard"),
  "/docs/grinder": () => import("./pages/grinder"),
  "/docs/welcome": () => import("./pages/welcome"),
  "/docs/selfroles": () => import("./pages/selfroles"),
  "/docs/votetracker": () => import("./pages/votetracker"),
  "/docs/sticky": () => import("./pages/sticky"),
  "/docs/boards": () => import("./pages/boards"),
  "/docs/perks": () => import("./pages/perks"),
  "/docs/statica": () => import("./pages/statica"),
  "/docs/components": () => import("./pages/components"),
  "/docs/embeds": () => import("./pages/embeds"),
  "/docs/events": () => import("./pages/events"),
  "/docs/economy": () => import("./pages/economy"),
  "/docs/security": () => import("./pages/security"),
  "/docs/advanced": () => import("./pages/advanced"),
  "/docs/support": () => import("./pages/support"),
};
