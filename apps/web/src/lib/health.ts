import type { HealthResponse } from "@hearth/core";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiGet } from "./api-client";

export type HealthStatus = HealthResponse["status"];

/**
 * `GET /health`, behind the status lines: they report what the server says. The server answers
 * 503 when it is up but its database isn't, which reads as degraded rather than unknown.
 */
export const healthQuery = queryOptions({
  queryKey: ["health"],
  queryFn: async ({ signal }): Promise<HealthStatus> => {
    try {
      return (await apiGet<HealthResponse>("/health", signal)).status;
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) return "degraded";
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});
