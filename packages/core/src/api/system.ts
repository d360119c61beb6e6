import { z } from "zod";

/** `GET /health`: liveness and storage reachability. */
export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "unreachable"]),
  uptimeSeconds: z.number().int().nonnegative(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** `GET /api/ping`. */
export const pingResponse = z.object({ pong: z.literal(true), time: z.number().int() });

/** `GET /api/stats`: live figures for the landing page, never constants. */
export const statsResponse = z.object({
  servers: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  commands: z.number().int().nonnegative(),
  commandsRun: z.number().int().nonnegative(),
  uptimeSeconds: z.number().int().nonnegative(),
  /** Share of the last 30 days (or since first start) the service was up, 0 to 100. */
  uptimePercent: z.number().min(0).max(100),
  /** True when this Hearth runs on the sandbox (no Discord token): the playground at /sandbox exists. */
  sandbox: z.boolean().optional(),
});
export type StatsResponse = z.infer<typeof statsResponse>;

/** The five permissions the bot asks for when invited, with Discord's permission bits. */
export const invitePermissions = [
  { name: "Send Messages", bit: 2048n },
  { name: "Manage Messages", bit: 8192n },
  { name: "Embed Links", bit: 16384n },
  { name: "Read Message History", bit: 65536n },
  { name: "Use Slash Commands", bit: 2147483648n },
] as const;

/** `GET /api/invite`: the bot's authorisation URL, built on the server from DISCORD_CLIENT_ID. */
export const inviteResponse = z.object({
  /** Null when no client id is configured (the sandbox). */
  url: z.string().nullable(),
  clientId: z.string().nullable(),
  permissions: z.array(z.string()),
  /** The permission bitfield as a decimal string. */
  permissionBits: z.string(),
});
export type InviteResponse = z.infer<typeof inviteResponse>;
