// The VITE_* keys the site understands; all optional, with defaults in ./index.ts.
interface ImportMetaEnv {
  /** Origin of the API when it is not served from the same origin as the site. */
  readonly VITE_API_BASE_URL?: string;
  /** The bot's application id, used to build the invite link. */
  readonly VITE_DISCORD_CLIENT_ID?: string;
  /** Invite link of the support server. */
  readonly VITE_SUPPORT_SERVER_URL?: string;
  /** Contact address shown in the footer. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
