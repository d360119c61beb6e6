import { DiscordAPIError, HTTPError, RateLimitError } from "discord.js";
import { DiscordError, type DiscordErrorCode } from "./port.ts";

const codes: Record<number, DiscordErrorCode> = {
  10003: "unknown_channel",
  10004: "unknown_guild",
  10007: "unknown_member",
  10008: "unknown_message",
  10011: "unknown_role",
  10013: "unknown_user",
  10026: "unknown_member", // Unknown Ban: the sandbox answers an unban of someone not banned the same way
  50001: "missing_permissions", // Missing Access
  50007: "dm_closed",
  50013: "missing_permissions",
};

const networkErrors = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/**
 * Discord's failures as the port's DiscordError codes. Anything not listed (an invalid form body,
 * say) is a bug on our side and is passed on as it is.
 */
export function toDiscordError(error: unknown): unknown {
  if (error instanceof DiscordError) return error;
  if (error instanceof DiscordAPIError) {
    const code = codes[Number(error.code)];
    if (code) return new DiscordError(code, error.message);
    if (error.status === 429) return new DiscordError("rate_limited", error.message);
    if (error.status >= 500) return new DiscordError("unavailable", error.message);
    return error;
  }
  if (error instanceof RateLimitError) return new DiscordError("rate_limited", error.message);
  if (error instanceof HTTPError) {
    return new DiscordError(error.status === 429 ? "rate_limited" : "unavailable", error.message);
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const network = typeof code === "string" && (networkErrors.has(code) || code.startsWith("UND_ERR"));
    if (network || error.name === "AbortError" || error.name === "TimeoutError") {
      return new DiscordError("unavailable", `Discord could not be reached: ${error.message}`);
    }
  }
  return error;
}
