import type { DocsSectionTitle } from "./docs-sections";

/**
 * Guides not yet moved to src/content/docs/*.mdx, still written in TSX (pages/<slug>.tsx). Each
 * entry says what a guide's frontmatter would, and docs-page-modules.ts's `legacyModules` loads
 * it. When a guide becomes an .mdx file, its entries in both go (a path in both is refused).
 */
export interface LegacyGuide {
  path: string;
  title: string;
  label?: string;
  summary: string;
  section: DocsSectionTitle;
  order: number;
}

export const legacyGuides: readonly LegacyGuide[] = [
  {
    path: "/docs/statica",
    title: "Statica",
    summary: "Reward roles for members who wear your server tag or mention it in their status.",
    section: "Core Features",
    order: 8,
  },
  {
    path: "/docs/components",
    title: "Interactive Components",
    label: "Components",
    summary: "Buttons, role actions and forms you can attach to the bot's messages.",
    section: "Core Features",
    order: 9,
  },
  {
    path: "/docs/embeds",
    title: "Embed Builder",
    summary: "A visual embed editor with live preview and templates, started with /embed create.",
    section: "Core Features",
    order: 10,
  },
  {
    path: "/docs/economy",
    title: "Economy Helpers",
    summary:
      "Calculator, bank calculator, market price list and trade checker, and tips: what each switch does.",
    section: "Core Features",
    order: 11,
  },
  {
    path: "/docs/events",
    title: "Events",
    summary:
      "Giveaways, birthdays, tournaments, lotteries and raffles: how to run each event and exactly what Hearth does.",
    section: "Core Features",
    order: 12,
  },
  {
    path: "/docs/security",
    title: "Permissions & Security",
    label: "Security",
    summary: "Permission levels, security features, best practices and emergency procedures.",
    section: "Server Management",
    order: 1,
  },
  {
    path: "/docs/advanced",
    title: "Advanced",
    summary: "Advanced configuration for larger and more demanding servers.",
    section: "Server Management",
    order: 2,
  },
  {
    path: "/docs/support",
    title: "Support & Help",
    summary: "Where to get help: the support server, the bug tracker and answers to common issues.",
    section: "Help",
    order: 1,
  },
];
