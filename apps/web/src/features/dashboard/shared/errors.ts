import { ApiError } from "../../../lib/api-client";

/** 401 or 403: the token is no longer good for this server (spec §4: such a load error logs out). */
export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Don't retry what will fail again the same way (4xx); retry a network or server failure once. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export interface ServerFieldError {
  field: string | null;
  message: string;
}

/**
 * The API's explanation of a refusal, split into the field it names and the text: the API writes
 * `tierName: a tier named Gold already exists`. Null when the error carries no explanation.
 */
export function serverFieldError(error: unknown): ServerFieldError | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(error.serverMessage);
  if (!match?.[1] || !match[2]) return { field: null, message: error.serverMessage };
  return { field: match[1], message: match[2] };
}

/** The API's explanation as one line, for a toast's detail. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined;
}

export type FieldErrors = Partial<Record<string, string>>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per field of a failed schema check, keyed by the dotted path. */
export function issuesToFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}
