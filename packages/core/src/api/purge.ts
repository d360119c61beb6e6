import { z } from "zod";

/**
 * `POST /api/servers/{serverId}/purge` (owner tokens only): deletes every row Hearth holds for the
 * server and revokes every dashboard token, the request's own included. The owner types the
 * server's exact name to confirm.
 */
export const purgeBody = z.object({
  confirmName: z.string().min(1, "type the server's name to confirm").max(100),
});
export type PurgeBody = z.infer<typeof purgeBody>;

export const purgeResult = z.object({
  serverName: z.string(),
  /** Rows deleted, in total and per table (tables with none are left out). */
  rows: z.number().int(),
  tables: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  tokensRevoked: z.number().int(),
});
export type PurgeResult = z.infer<typeof purgeResult>;
