import { z } from "zod";

/** A Discord id (snowflake): 17 to 20 decimal digits, carried as a string. */
export const snowflake = z.string().regex(/^\d{17,20}$/, "must be a Discord id (17 to 20 digits)");

/** The body of every error answer of the API. */
export const apiError = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** Path parameters of every route scoped to one server. */
export const serverIdParams = z.object({ serverId: snowflake });
