/** The servers the sandbox lists in its discovery directory, besides the demo server. */

export interface ListedServer {
  name: string;
  owner: string;
  colors: [string, string];
  initials: string;
  members: number;
  invite: string;
  description: string;
  tags: string[];
  advertised?: boolean;
  premium?: boolean;
  private?: boolean;
  createdDaysAgo: number;
}

export const listed: ListedServer[] = [
  {
    name: "Pixel Forge",
    owner: "forgemaster",
    colors: ["#22d3ee", "#1e3a8a"],
    initials: "PF",
    members: 240,
    invite: "https://discord.gg/pixelforge",
    description:
      "Survival, creative and modded Minecraft on our own network. Weekly build battles, seasonal SMP resets, a busy LFG board and staff who actually answer tickets.",
    tags: ["gaming", "minecraft", "events", "smp"],
    advertised: true,
    premium: true,
    createdDaysAgo: 410,
  },
  {
    name: "Sakura Lounge",
    owner: "hanami",
    colors: ["#f9a8d4", "#9d174d"],
    initials: "SL",
    members: 185,
    invite: "https://discord.gg/sakuralounge",
    description:
      "Anime and manga fans hanging out: seasonal watch parties every Friday, spoiler-safe episode threads, a fan-art gallery and a very serious waifu tier list.",
    tags: ["anime", "manga", "art", "community"],
    advertised: true,
    createdDaysAgo: 320,
  },
  {
    name: "Lo-fi Study Hall",
    owner: "quietdesk",
    colors: ["#a78bfa", "#312e81"],
    initials: "LS",
    members: 150,
    invite: "https://discord.gg/lofistudy",
    description:
      "Pomodoro voice rooms, accountability check-ins and a 24/7 lo-fi radio. Bring your homework, thesis or side project; cameras optional, focus mandatory.",
    tags: ["study", "music", "productivity"],
    premium: true,
    createdDaysAgo: 280,
  },
  {
    name: "Bullpen Traders",
    owner: "greencandle",
    colors: ["#4ade80", "#14532d"],
    initials: "BT",
    members: 95,
    invite: "https://discord.gg/bullpen",
    description:
      "Market talk for patient investors: daily pre-market notes, earnings calendars and a strict no-pump rule. Paper-trading league every month.",
    tags: ["trading", "investing", "finance"],
    premium: true,
    createdDaysAgo: 190,
  },
  {
    name: "Midnight Quill",
    owner: "inkwitch",
    colors: ["#64748b", "#0f172a"],
    initials: "MQ",
    members: 62,
    invite: "https://discord.gg/midnightquill",
    description: "Fantasy roleplay and collaborative storytelling with a living world map and a lore wiki.",
    tags: ["roleplay", "writing", "fantasy"],
    premium: true,
    createdDaysAgo: 150,
  },
  {
    name: "Canvas Collective",
    owner: "brushfire",
    colors: ["#fb7185", "#7c2d12"],
    initials: "CC",
    members: 78,
    invite: "https://discord.gg/canvascollective",
    description:
      "Digital and traditional artists sharing WIPs, critique and monthly prompts. Open commissions board for members with a portfolio.",
    tags: ["art", "digital art", "commissions", "community"],
    createdDaysAgo: 240,
  },
  {
    name: "Bassline Society",
    owner: "lowend",
    colors: ["#f472b6", "#4c1d95"],
    initials: "BS",
    members: 47,
    invite: "https://discord.gg/bassline",
    description: "Producers and DJs swapping feedback, samples and mix critiques. Monthly remix contest.",
    tags: ["music", "production", "edm"],
    createdDaysAgo: 95,
  },
  {
    name: "Dungeon Delvers",
    owner: "natural20",
    colors: ["#f59e0b", "#78350f"],
    initials: "DD",
    members: 39,
    invite: "https://discord.gg/dungeondelvers",
    description:
      "Online D&D 5e and Pathfinder tables for new and veteran players alike. One-shots every weekend, long campaigns by application, a dice bot that never lies.",
    tags: ["tabletop", "dnd", "roleplay", "gaming"],
    createdDaysAgo: 60,
  },
  {
    name: "Byte Club",
    owner: "nullpointer",
    colors: ["#38bdf8", "#0c4a6e"],
    initials: "BC",
    members: 120,
    invite: "https://discord.gg/byteclub",
    description:
      "Learn to code together: code reviews, study groups for interviews, and a help desk for TypeScript, Python and Rust.",
    tags: ["programming", "study", "tech"],
    createdDaysAgo: 350,
  },
  {
    name: "Cozy Critters",
    owner: "pawprint",
    colors: ["#fde68a", "#b45309"],
    initials: "CZ",
    members: 26,
    invite: "https://discord.gg/cozycritters",
    description: "Pet photos, wholesome chat and advice from fellow owners. No drama, just critters.",
    tags: ["pets", "wholesome", "community"],
    createdDaysAgo: 30,
  },
  {
    name: "Velvet Heist Crew",
    owner: "silentvault",
    colors: ["#ef4444", "#450a0a"],
    initials: "VH",
    members: 14,
    invite: "https://discord.gg/velvetheist",
    description: "Invite-only heist crew; we are rebuilding and not recruiting right now.",
    tags: ["gaming", "heists", "grinding"],
    private: true,
    createdDaysAgo: 45,
  },
];

export const demoEntry = {
  invite: "https://discord.gg/emberhollow",
  description:
    "A cosy grinding and events community: weekly giveaways, heists and a friendly crew. Climb from Bronze to Diamond, get paid on time, and never miss an event ping.",
  tags: ["gaming", "giveaways", "grinding", "community"],
};
