// The only place that reads the build-time environment; everything else imports `config`.
const env = import.meta.env;

function nonEmpty(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

export const config = Object.freeze({
  // Empty means same origin, which is how the server serves the built site.
  apiBaseUrl: nonEmpty(env.VITE_API_BASE_URL, "").replace(/\/+$/, ""),
  discordClientId: nonEmpty(env.VITE_DISCORD_CLIENT_ID, ""),
  supportServerUrl: nonEmpty(env.VITE_SUPPORT_SERVER_URL, "https://discord.gg/hearth"),
  supportEmail: nonEmpty(env.VITE_SUPPORT_EMAIL, "support@hearth.bot"),
});

export type AppConfig = typeof config;
