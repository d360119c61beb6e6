import { config } from "../config";
import { readSession } from "./session";

/** An answer other than 2xx. `message` follows the spec's wording; `serverMessage` is the API's own. */
export class ApiError extends Error {
  readonly status: number;
  readonly path: string;
  readonly serverMessage: string | null;
  /** The request's field the API named as the fault (its `field`), when it named one. */
  readonly field: string | null;

  constructor(
    status: number,
    statusText: string,
    path: string,
    serverMessage: string | null,
    field: string | null = null,
  ) {
    super(status === 404 ? `Resource not found (404): ${path}` : `API Error: ${status} ${statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.path = path;
    this.serverMessage = serverMessage;
    this.field = field;
  }
}

/** The API's human explanation when there is one, else the error's own message. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

async function readServerMessage(
  response: Response,
): Promise<{ message: string | null; field: string | null }> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      const field = "field" in body && typeof body.field === "string" ? body.field : null;
      return { message: body.message, field };
    }
  } catch {
    // Not JSON (a proxy's HTML page, say); the status line says enough.
  }
  return { message: null, field: null };
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  method?: HttpMethod;
  /** The raw dashboard token, sent as the Authorization header. */
  token?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the API on the site's own origin (or VITE_API_BASE_URL) and answers the parsed JSON body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).body;
}

/** A page of a paged list (`limit` and `cursor` in, `X-Total-Count` and `X-Next-Cursor` out). */
export interface ApiPage<T> {
  items: T[];
  /** Items matching across every page; null when the server didn't say. */
  total: number | null;
  /** The next page's cursor, or null on the last page. */
  next: string | null;
  headers: Headers;
}

const withCursor = (path: string, cursor: string | null) =>
  cursor === null ? path : `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;

/** One page of a paged list; `cursor` is the previous page's `next` (null for the first). */
export async function apiPage<T>(
  path: string,
  cursor: string | null,
  options: RequestOptions = {},
): Promise<ApiPage<T>> {
  const { body, headers } = await apiResponse<T[]>(withCursor(path, cursor), options);
  const total = headers.get("x-total-count");
  return {
    items: Array.isArray(body) ? body : [],
    total: total === null ? null : Number(total),
    next: headers.get("x-next-cursor"),
    headers,
  };
}

/** Every page of a paged list, following `X-Next-Cursor`, up to `maxItems`. */
export async function apiAllPages<T>(
  path: string,
  options: RequestOptions & { maxItems?: number } = {},
): Promise<T[]> {
  const { maxItems = 10_000, ...request } = options;
  const all: T[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiPage<T> = await apiPage<T>(path, cursor, request);
    all.push(...page.items);
    cursor = page.items.length > 0 ? page.next : null;
  } while (cursor !== null && all.length < maxItems);
  return all.slice(0, maxItems);
}

async function apiResponse<T>(path: string, options: RequestOptions): Promise<{ body: T; headers: Headers }> {
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
    const { message, field } = await readServerMessage(response);
    const error = new ApiError(response.status, response.statusText, path, message, field);
    console.error(error.message);
    throw error;
  }
  if (response.status === 204) return { body: undefined as T, headers: response.headers };
  return { body: (await response.json()) as T, headers: response.headers };
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

const dashboardToken = (path: string) =>
  isTokenFreePath(path) ? undefined : (readSession()?.token ?? undefined);

/**
 * A dashboard call: the stored session's raw token goes in the Authorization header, except on
 * the token-free paths. The token is read at call time, so an expired one is never sent.
 */
export function dashboardRequest<T>(path: string, options: Omit<RequestOptions, "token"> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, token: dashboardToken(path) });
}

/** Every page of a paged list, as a dashboard call. */
export function dashboardAllPages<T>(
  path: string,
  options: Omit<RequestOptions, "token" | "method" | "body"> & { maxItems?: number } = {},
): Promise<T[]> {
  return apiAllPages<T>(path, { ...options, token: dashboardToken(path) });
}
