import { DiscordAPIError, HTTPError, RateLimitError } from "discord.js";
import { DiscordError, type DiscordErrorCode } from "../port/port.ts";

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

/**
 * A 403 or 404 without one of Discord's JSON error codes (a proxy's or Discord's own bare "404: Not
 * Found"): what went missing is told by the route, so the port's callers treat it like the coded one.
 */
function bareCode(status: number, url: string): DiscordErrorCode | undefined {
  if (status === 403) return "missing_permissions";
  if (status !== 404) return undefined;
  const path =
    url
      .replace(/^https?:\/\/[^/]+/, "")
      .replace(/^\/api(\/v\d+)?/, "")
      .split("?")[0] ?? "";
  if (/\/messages\/[^/]+/.test(path)) return "unknown_message";
  if (/\/roles\/[^/]+/.test(path)) return "unknown_role";
  if (/\/members\/[^/]+/.test(path)) return "unknown_member";
  if (/^\/users\/(?!@me)[^/]+$/.test(path)) return "unknown_user";
  if (/^\/channels\/[^/]+/.test(path)) return "unknown_channel";
  if (/^\/guilds\/[^/]+/.test(path)) return "unknown_guild";
  return undefined;
}

const networkErrors = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/**
 * Discord's failures as the port's DiscordError codes. Anything not listed (an invalid form body,
 * say) is a bug on our side and is passed on as it is.
 */
export function toDiscordError(error: unknown): unknown {
  if (error instanceof DiscordError) return error;
  if (error instanceof DiscordAPIError) {
    const code = codes[Number(error.code)] ?? bareCode(error.status, error.url);
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
