import type { PermissionLevel } from "@hearth/core";
import type { ComponentType } from "react";

/**
 * The dashboard's pages beyond the spec's eight tabs (self-roles, sticky messages, boards, …), shown
 * in the "More" group of the navigation. Each page is its own chunk, loaded when first opened; its URL
 * is `?page=<id>` beside the tabs' `?tab=<id>`, which keep theirs.
 */
export interface MorePage {
  /** URL id: `/dashboard?page=<id>`. Lower-case letters and dashes. */
  id: string;
  /** The navigation's label, e.g. "Self-roles". */
  label: string;
  /** One line under the label in the "More" menu. */
  description: string;
  /** The level that may change things there; below it the page opens read-only, saying why. */
  required: PermissionLevel;
  load: () => Promise<{ default: ComponentType }>;
}

/** Registered pages, in the navigation's order. Each page's folder adds its own entry here. */
export const morePages: readonly MorePage[] = [
  {
    id: "selfroles",
    label: "Self-roles",
    description: "Panels of buttons or menus where members pick their own roles.",
    required: "admin",
    load: () => import("../selfroles/selfroles-page"),
  },
  {
    id: "sticky",
    label: "Sticky messages",
    description: "Keep a message at the bottom of a busy channel.",
    required: "admin",
    load: () => import("../sticky/sticky-page"),
  },
  {
    id: "boards",
    label: "Boards",
    description: "Starboards and other boards: the best messages, reposted by reactions.",
    required: "admin",
    load: () => import("../boards/boards-page"),
  },
  {
    id: "perks",
    label: "Perks",
    description: "Perk tiers for roles: auto-reactions, private channels and roles, highlights.",
    required: "admin",
    load: () => import("../perks/perks-page"),
  },
  {
    id: "triggers",
    label: "Triggers",
    description: "Keywords Hearth answers in chat, and how many each member may add.",
    required: "admin",
    load: () => import("../triggers/triggers-page"),
  },
  {
    id: "embeds",
    label: "Embeds",
    description: "Build an embed with a live preview, send it, and edit ones Hearth posted.",
    required: "admin",
    load: () => import("../embeds/embeds-page"),
  },
  {
    id: "components",
    label: "Components",
    description: "Buttons and select menus that give roles or send messages, posted in a channel.",
    required: "admin",
    load: () => import("../components/components-page"),
  },
  {
    id: "market",
    label: "Market",
    description: "The price list: items, prices, and CSV import with a dry run, and export.",
    required: "admin",
    load: () => import("../market/market-page"),
  },
  {
    id: "birthdays",
    label: "Birthdays",
    description: "The announcement channel, message and role, and members' birthdays.",
    // Every level may save their own birthday; the setup and removals say they need admin.
    required: "manager",
    load: () => import("../birthdays/birthdays-page"),
  },
  {
    id: "moderation",
    label: "Moderation",
    description: "Warn, time out, kick and ban; the case log and temporary bans.",
    required: "admin",
    load: () => import("../moderation/moderation-page"),
  },
  {
    id: "events",
    label: "Events",
    description: "Lottery, raffle and tournaments: start, tickets, the bracket, draws and results.",
    required: "admin",
    load: () => import("../events/events-page"),
  },
];

export function morePageById(id: string | null): MorePage | undefined {
  return id === null ? undefined : morePages.find((page) => page.id === id);
}
