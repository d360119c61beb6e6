import type { StatsResponse } from "@hearth/core";
import { apiGet } from "../../lib/api-client";
import { useLiveRead } from "../../lib/use-live-read";

const readStats = () => apiGet<StatsResponse>("/api/stats");

/** `GET /api/stats`, read once a minute at most (the landing page's live figures). */
export function useStats() {
  return useLiveRead("stats", readStats);
}
