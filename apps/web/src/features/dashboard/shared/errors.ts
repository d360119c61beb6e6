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

/** What people call the fields the API names in its refusals. */
const fieldLabels: Record<string, string> = {
  userId: "Member",
  tier: "Tier",
  tierName: "Tier name",
  tierPayment: "Payment",
  tierRoleId: "Role",
  channelId: "Channel",
  roleId: "Role",
  message: "Message",
  prize: "Prize",
  duration: "Duration",
  winnerCount: "Winners",
  amount: "Amount",
  invite: "Invite",
  description: "Description",
  tags: "Tags",
  confirmName: "Server name",
  memberTriggerLimit: "Member trigger limit",
  antiPoolManagerId: "Pool manager",
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A refusal in words for people: the API's `field: text` loses its field name (an internal name such
 * as `userId` means nothing to a reader); a text that continues the field ("must be …") gets the
 * field's label instead.
 */
export function humanMessage(field: string | null, text: string): string {
  if (!field) return capitalise(text);
  const label = fieldLabels[field.split(".").pop() ?? field];
  return label && /^[a-z]/.test(text) && !/^[a-z]+[A-Z]/.test(text) ? `${label} ${text}` : capitalise(text);
}

/**
 * The API's explanation as one line, for a toast's detail: without internal field names; a server
 * that couldn't answer (503 and the like) says to try again, with the server's own words when it sent them.
 */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const explained = serverFieldError(error);
    if (explained) return humanMessage(explained.field, explained.message);
    if (error.status >= 500) return "Hearth couldn't answer just now. Please try again in a few seconds.";
    return error.message;
  }
  if (error instanceof TypeError) return "Hearth couldn't be reached. Check your connection and try again.";
  return undefined;
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
