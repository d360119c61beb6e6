/**
 * Every dashboard query key starts with "dashboard" and the server id, so one server's data is
 * never served to another server's token, and logging out can drop all of it at once.
 */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  session: (fingerprint: string) => ["dashboard", "session", fingerprint] as const,
  server: (serverId: string) => ["dashboard", serverId] as const,
  info: (serverId: string) => ["dashboard", serverId, "server-info"] as const,
  channels: (serverId: string) => ["dashboard", serverId, "channels"] as const,
  roles: (serverId: string) => ["dashboard", serverId, "roles"] as const,
  members: (serverId: string) => ["dashboard", serverId, "members"] as const,
  grinders: (serverId: string) => ["dashboard", serverId, "grinders"] as const,
  setup: (serverId: string) => ["dashboard", serverId, "setup"] as const,
  settings: (serverId: string) => ["dashboard", serverId, "settings"] as const,
  discoveryEntry: (serverId: string) => ["dashboard", serverId, "discovery-entry"] as const,
  statica: (serverId: string) => ["dashboard", serverId, "statica"] as const,
  staticaStats: (serverId: string) => ["dashboard", serverId, "statica", "stats"] as const,
  staticaRoles: (serverId: string) => ["dashboard", serverId, "statica", "roles"] as const,
  giveaways: (serverId: string) => ["dashboard", serverId, "giveaways"] as const,
  giveawayStats: (serverId: string) => ["dashboard", serverId, "giveaways", "stats"] as const,
  giveawayConfig: (serverId: string) => ["dashboard", serverId, "giveaways", "config"] as const,
  giveawaySchedules: (serverId: string) => ["dashboard", serverId, "giveaways", "schedules"] as const,
  giveawayBlocks: (serverId: string) => ["dashboard", serverId, "giveaways", "blocks"] as const,
  giveawayTemplates: (serverId: string) => ["dashboard", serverId, "giveaways", "templates"] as const,
  giveawayEntrants: (serverId: string, messageId: string, q: string) =>
    ["dashboard", serverId, "giveaways", "entrants", messageId, q] as const,
  giveawayDetail: (serverId: string, messageId: string) =>
    ["dashboard", serverId, "giveaways", "detail", messageId] as const,
  giveawayPreview: (serverId: string, body: string) =>
    ["dashboard", serverId, "giveaways", "preview", body] as const,
  welcome: (serverId: string) => ["dashboard", serverId, "welcome"] as const,
  welcomeChannels: (serverId: string) => ["dashboard", serverId, "welcome", "channels"] as const,
  pingOnJoin: (serverId: string) => ["dashboard", serverId, "ping-on-join"] as const,
  timers: (serverId: string) => ["dashboard", serverId, "timers"] as const,
};

/** What the background refresh reloads every 30 s: server info, grinders, stats and settings. */
export function refreshedKeys(serverId: string): readonly (readonly string[])[] {
  return [
    dashboardKeys.info(serverId),
    dashboardKeys.grinders(serverId),
    dashboardKeys.giveawayStats(serverId),
    dashboardKeys.staticaStats(serverId),
    dashboardKeys.settings(serverId),
  ];
}
