import type { TokenInfo } from "@hearth/core";
import { apiRequest } from "../../lib/api-client";

/** `GET /api/dashboard/token-info`: who and which server a raw token belongs to. */
export function fetchTokenInfo(token: string): Promise<TokenInfo> {
  return apiRequest<TokenInfo>("/api/dashboard/token-info", { token });
}

/** `POST /api/dashboard/access`: records the sign-in; its failure must never block the user. */
export async function notifyAccess(token: string, path: string): Promise<void> {
  try {
    await apiRequest<void>("/api/dashboard/access", { method: "POST", token, body: { path } });
  } catch (error) {
    console.warn("Could not record dashboard access", error);
  }
}
