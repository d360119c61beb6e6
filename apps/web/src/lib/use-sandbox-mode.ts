import type { StatsResponse } from "@hearth/core";
import { apiGet } from "./api-client";
import { useLiveRead } from "./use-live-read";

const readStats = () => apiGet<StatsResponse>("/api/stats");

/**
 * Whether this Hearth runs on the sandbox (no Discord token), so /sandbox exists: read from the
 * live figures (`/api/stats`, the same kept answer the landing page's figures use). False until known.
 */
export function useSandboxMode(): boolean {
  const stats = useLiveRead("stats", readStats);
  return stats.status === "success" && stats.data.sandbox === true;
}
