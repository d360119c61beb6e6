// The demo server's fixed data: ids, channel layout, roles, emojis and the parts member names are made of.
// demo-seed.ts turns it into sandbox rows.

const discordEpoch = 1_420_070_400_000n;
export const day = 86_400_000;

/** A deterministic snowflake so the demo server has the same ids on every machine. */
export function snowflakeAt(at: number, sequence: number): string {
  return (((BigInt(at) - discordEpoch) << 22n) | BigInt(sequence & 0x3fffff)).toString();
}

export const guildCreatedAt = Date.UTC(2023, 2, 14, 18, 30);
export const demoGuildId = snowflakeAt(guildCreatedAt, 1);
export const demoOwnerId = snowflakeAt(Date.UTC(2017, 5, 2, 12), 7);
export const demoBotId = snowflakeAt(Date.UTC(2023, 0, 9, 10), 3);

export const icon = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#7c2d12"/></linearGradient></defs><rect width="128" height="128" rx="28" fill="url(#g)"/><path d="M64 22c6 18 26 28 26 52a26 26 0 0 1-52 0c0-12 6-20 12-26 0 10 6 16 12 16-4-14 0-30 2-42z" fill="#fff7ed"/></svg>`,
).toString("base64")}`;

interface ChannelSeed {
  name: string;
  type: 0 | 2 | 4 | 5;
  topic?: string;
  nsfw?: boolean;
  /** Only staff post here (members read): @everyone is denied Send Messages. */
  readOnly?: boolean;
}

export const layout: { category: string; staffOnly?: boolean; channels: ChannelSeed[] }[] = [
  {
    category: "Information",
    channels: [
      { name: "welcome", type: 0, topic: "Say hi to new members" },
      { name: "rules", type: 0, topic: "Read before chatting", readOnly: true },
      { name: "announcements", type: 5, topic: "Server news", readOnly: true },
      { name: "self-roles", type: 0, topic: "Pick your pings" },
    ],
  },
  {
    category: "Community",
    channels: [
      { name: "general", type: 0, topic: "Talk about anything" },
      { name: "memes", type: 0 },
      { name: "media", type: 0 },
      { name: "bot-commands", type: 0, topic: "Keep bot spam here" },
      { name: "suggestions", type: 0 },
      { name: "after-dark", type: 0, topic: "18+ only", nsfw: true },
    ],
  },
  {
    category: "Grinders",
    channels: [
      { name: "grinder-chat", type: 0 },
      { name: "payments", type: 0, topic: "Post weekly payments here" },
      { name: "grinder-logs", type: 0 },
      { name: "break-requests", type: 0 },
    ],
  },
  {
    category: "Events",
    channels: [
      { name: "giveaways", type: 0 },
      { name: "events", type: 0 },
      { name: "event-logs", type: 0 },
    ],
  },
  { category: "Tickets", channels: [] },
  {
    category: "Staff",
    // Hidden from @everyone; moderators and admins see it (the category's overwrites, synced below).
    staffOnly: true,
    channels: [
      { name: "staff-chat", type: 0 },
      { name: "mod-logs", type: 0 },
    ],
  },
  {
    category: "Voice",
    channels: [
      { name: "Lounge", type: 2 },
      { name: "Gaming", type: 2 },
      { name: "Music", type: 2 },
      { name: "AFK", type: 2 },
    ],
  },
];

// Highest first. Permissions: Administrator 8, Manage Server 32, Manage Roles 268435456, Kick 2, Ban 4,
// Manage Messages 8192, Moderate Members 1099511627776; everyone gets the usual chat permissions.
export const roleSeeds: {
  name: string;
  color: number;
  permissions: bigint;
  managed?: boolean;
  hoist?: boolean;
}[] = [
  { name: "Owner", color: 0xf97316, permissions: 8n, hoist: true },
  { name: "Hearth", color: 0xfb923c, permissions: 8n, managed: true },
  { name: "Admin", color: 0xef4444, permissions: 8n, hoist: true },
  { name: "Moderator", color: 0x3b82f6, permissions: 2n | 4n | 8192n | 1_099_511_627_776n, hoist: true },
  { name: "Grinder Manager", color: 0x22c55e, permissions: 32n | 268_435_456n, hoist: true },
  { name: "Event Manager", color: 0xa855f7, permissions: 8192n },
  { name: "Diamond", color: 0x67e8f9, permissions: 0n, hoist: true },
  { name: "Gold", color: 0xfacc15, permissions: 0n, hoist: true },
  { name: "Silver", color: 0xcbd5e1, permissions: 0n, hoist: true },
  { name: "Bronze", color: 0xb45309, permissions: 0n, hoist: true },
  { name: "Grinder", color: 0x10b981, permissions: 0n },
  { name: "Server Booster", color: 0xf472b6, permissions: 0n, managed: true },
  { name: "Giveaway Ping", color: 0xfda4af, permissions: 0n },
  { name: "Events Ping", color: 0x818cf8, permissions: 0n },
  { name: "Member", color: 0x94a3b8, permissions: 0n },
];
export const everyonePermissions =
  64n | 1024n | 2048n | 16384n | 32768n | 65536n | 262144n | 2147483648n | 1048576n | 2097152n;
export const viewChannel = 1024n;
export const sendMessages = 2048n;

/** The demo server's custom emojis (the AI designer and boards use them); the last two are animated. */
export const demoEmojiNames = [
  "ember_heart",
  "hollow_fire",
  "cozy_fox",
  "pog_flame",
  "sparkle_coin",
  "gg_owl",
  "flame_dance",
  "wave_fox",
] as const;
export const animatedEmojis = new Set(["flame_dance", "wave_fox"]);

export const firstParts = [
  "ash",
  "blaze",
  "cinder",
  "dusk",
  "ember",
  "flint",
  "glow",
  "hollow",
  "ivy",
  "jade",
  "kindle",
  "lumen",
  "moss",
  "nova",
  "onyx",
  "pine",
  "quill",
  "rook",
  "sage",
  "tinder",
  "umber",
  "vale",
  "wick",
  "yarrow",
  "zephyr",
  "coal",
  "spark",
  "frost",
  "maple",
  "raven",
];
export const secondParts = [
  "fox",
  "wolf",
  "owl",
  "bear",
  "hawk",
  "lynx",
  "otter",
  "moth",
  "crow",
  "stag",
  "hare",
  "wren",
  "finch",
  "newt",
  "boar",
  "pike",
  "seal",
  "toad",
  "vole",
  "yak",
];

export const demoMemberCount = 320;
