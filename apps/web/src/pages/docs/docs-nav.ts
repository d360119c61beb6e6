export interface DocsPageEntry {
  path: string;
  title: string;
  /** Shorter sidebar label, when the title is long. */
  label?: string;
  summary: string;
}

export interface DocsSection {
  title: string;
  pages: readonly DocsPageEntry[];
}

// Sections and order are the spec's documentation layout (site-and-docs §2).
export const docsSections: readonly DocsSection[] = [
  {
    title: "Getting Started",
    pages: [
      {
        path: "/docs",
        title: "Documentation",
        label: "Introduction",
        summary: "What Hearth does, how to set it up and where to find the guide for each feature.",
      },
      {
        path: "/docs/setup",
        title: "Quick Setup Guide",
        label: "Quick Setup",
        summary: "Four steps from inviting Hearth to a fully configured server, in under ten minutes.",
      },
      {
        path: "/docs/dashboard",
        title: "Dashboard & Tokens",
        summary:
          "How the token-based web dashboard works, the /dashboard commands and how to keep tokens safe.",
      },
    ],
  },
  {
    title: "Core Features",
    pages: [
      {
        path: "/docs/grinder",
        title: "Grinder System",
        summary: "Tier-based team and payment management: recruitment, tiers, payments and breaks.",
      },
      {
        path: "/docs/welcome",
        title: "Welcome System",
        summary:
          "AI-written welcome messages, the template variable language, ping channels and the test command.",
      },
      {
        path: "/docs/selfroles",
        title: "Self-Roles",
        summary: "Role panels members use to pick their own roles, with whitelists and a quick setup.",
      },
      {
        path: "/docs/votetracker",
        title: "Vote Tracker",
        summary: "Track server votes, run leaderboards and reward voters automatically.",
      },
      {
        path: "/docs/sticky",
        title: "Sticky Messages",
        summary: "Messages that stay at the bottom of a channel, however busy it gets.",
      },
      {
        path: "/docs/boards",
        title: "Boards",
        summary:
          "Starboard, skullboard and custom emoji boards that showcase your community's best messages.",
      },
      {
        path: "/docs/perks",
        title: "Perks",
        summary: "Tier-based perks for members who hold a perk role.",
      },
      {
        path: "/docs/statica",
        title: "Statica",
        summary: "Reward roles for members who wear your server tag or mention it in their status.",
      },
      {
        path: "/docs/components",
        title: "Interactive Components",
        label: "Components",
        summary: "Buttons, role actions and forms you can attach to the bot's messages.",
      },
      {
        path: "/docs/embeds",
        title: "Embed Builder",
        summary: "A visual embed editor with live preview and templates, started with /embed create.",
      },
      {
        path: "/docs/economy",
        title: "Economy Helpers",
        summary:
          "Calculator, bank calculator, market price list and trade checker, and tips: what each switch does.",
      },
      {
        path: "/docs/events",
        title: "Events",
        summary:
          "Giveaways, birthdays, tournaments, lotteries and raffles: how to run each event and exactly what Hearth does.",
      },
    ],
  },
  {
    title: "Server Management",
    pages: [
      {
        path: "/docs/security",
        title: "Permissions & Security",
        label: "Security",
        summary: "Permission levels, security features, best practices and emergency procedures.",
      },
      {
        path: "/docs/advanced",
        title: "Advanced",
        summary: "Advanced configuration for larger and more demanding servers.",
      },
    ],
  },
];

// In the route table but not the sidebar; the sidebar's "Need help?" box links to it.
export const docsSupportPage: DocsPageEntry = {
  path: "/docs/support",
  title: "Support & Help",
  summary: "Where to get help: the support server, the bug tracker and answers to common issues.",
};

export const docsPages: readonly DocsPageEntry[] = [
  ...docsSections.flatMap((section) => section.pages),
  docsSupportPage,
];

export function findDocsPage(pathname: string): DocsPageEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return docsPages.find((entry) => entry.path === normalized);
}

export function findDocsSection(entry: DocsPageEntry): DocsSection | undefined {
  return docsSections.find((section) => section.pages.includes(entry));
}
