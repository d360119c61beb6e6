import type { HealthResponse } from "@hearth/core";
import { ApiError, apiGet } from "./api-client";

export type HealthStatus = HealthResponse["status"];

/**
 * `GET /health`, behind the status lines: they report what the server says. The server answers
 * 503 when it is up but its database isn't, which reads as degraded rather than unknown.
 */
export async function readHealth(): Promise<HealthStatus> {
  try {
    return (await apiGet<HealthResponse>("/health")).status;
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return "degraded";
    throw error;
  }
}
