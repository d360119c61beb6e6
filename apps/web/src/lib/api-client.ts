import { config } from "../config";
import { readSession } from "./session";

/** An answer other than 2xx. `message` follows the spec's wording; `serverMessage` is the API's own. */
export class ApiError extends Error {
  readonly status: number;
  readonly path: string;
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, path: string, serverMessage: string | null) {
    super(status === 404 ? `Resource not found (404): ${path}` : `API Error: ${status} ${statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.path = path;
    this.serverMessage = serverMessage;
  }
}

/** The API's human explanation when there is one, else the error's own message. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

async function readServerMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      return body.message;
    }
  } catch {
    // Not JSON (a proxy's HTML page, say); the status line says enough.
  }
  return null;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface RequestOptions {
  method?: HttpMethod;
  /** The raw dashboard token, sent as the Authorization header. */
  token?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the API on the site's own origin (or VITE_API_BASE_URL) and answers the parsed JSON body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers["content-type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}${path}`, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled request (the page moved on) is not a failure worth reporting.
    if (!options.signal?.aborted) console.error(`Request to ${path} failed`, error);
    throw error;
  }

  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, path, await readServerMessage(response));
    console.error(error.message);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { signal });
}

// The calls that never carry the dashboard token (spec: dashboard-and-api §7).
const TOKEN_FREE_PATHS = ["/health", "/api/stats", "/api/ping"];

/** Whether a path is one of the calls sent without the Authorization header. */
export function isTokenFreePath(path: string): boolean {
  return TOKEN_FREE_PATHS.some((fragment) => path.includes(fragment));
}

/**
 * A dashboard call: the stored session's raw token goes in the Authorization header, except on
 * the token-free paths. The token is read at call time, so an expired one is never sent.
 */
export function dashboardRequest<T>(path: string, options: Omit<RequestOptions, "token"> = {}): Promise<T> {
  const token = isTokenFreePath(path) ? undefined : (readSession()?.token ?? undefined);
  return apiRequest<T>(path, { ...options, token });
}
