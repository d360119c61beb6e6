import {
  antiPoolDisableRefusal,
  type DiscoveryEntryInput,
  discoveryEntryBody,
  type SettingsEditInput,
} from "@hearth/core";
import { type FieldErrors, issuesToFieldErrors } from "../shared/errors";

export const TRIGGER_LIMIT_MIN = 1;
export const TRIGGER_LIMIT_MAX = 100;
export const TRIGGER_LIMIT_ERROR = `Enter a number from ${TRIGGER_LIMIT_MIN} to ${TRIGGER_LIMIT_MAX}`;

/** The member trigger limit input: a non-number becomes 1; 1 to 100 is accepted (spec §5). */
export function parseTriggerLimit(raw: string): { value: number; error: string | null } {
  const parsed = Number.parseInt(raw, 10);
  const value = Number.isFinite(parsed) ? parsed : TRIGGER_LIMIT_MIN;
  const ok = value >= TRIGGER_LIMIT_MIN && value <= TRIGGER_LIMIT_MAX;
  return { value, error: ok ? null : TRIGGER_LIMIT_ERROR };
}

export const POOL_ID_ERROR = "Enter a Discord user ID (17 to 20 digits), or leave it empty";

/**
 * What saving the pool manager field sends (on blur or Enter): a non-empty id turns protection on
 * by itself; an empty one turns it off (spec §4). Null when nothing changed.
 */
export function poolManagerChange(
  raw: string,
  saved: string | null,
): { body: SettingsEditInput | null; error: string | null } {
  const id = raw.trim();
  if (id !== "" && !/^\d{17,20}$/.test(id)) return { body: null, error: POOL_ID_ERROR };
  if (id === (saved ?? "")) return { body: null, error: null };
  return { body: { antiPoolShow: { poolManagerId: id } }, error: null };
}

/** Switching protection: off is refused while a pool manager id is set (spec §§4, 8). */
export function antiPoolToggle(
  next: boolean,
  poolManagerId: string | null,
): { body: SettingsEditInput | null; error: string | null } {
  if (!next && poolManagerId) return { body: null, error: antiPoolDisableRefusal };
  return { body: { antiPoolShow: { toggle: next } }, error: null };
}

/** Comma-separated tags: trimmed, empties dropped (spec §5). */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
}

export interface DiscoveryForm {
  invite: string;
  description: string;
  tags: string;
}

/** Invite and description are required; the rest is the API's own schema (invite link, 20+ characters). */
export function validateDiscovery(form: DiscoveryForm): {
  body: DiscoveryEntryInput | null;
  errors: FieldErrors;
} {
  const errors: FieldErrors = {};
  if (!form.invite.trim()) errors.invite = "Invite is required";
  if (!form.description.trim()) errors.description = "Description is required";
  if (errors.invite || errors.description) return { body: null, errors };
  const body: DiscoveryEntryInput = {
    invite: form.invite.trim(),
    description: form.description.trim(),
    tags: splitTags(form.tags),
  };
  const parsed = discoveryEntryBody.safeParse(body);
  if (!parsed.success) {
    const issues = issuesToFieldErrors(parsed.error.issues);
    // Tag problems are reported per tag (tags.2); the form has one tags field.
    const tagProblem = Object.entries(issues).find(([key]) => key.startsWith("tags"))?.[1];
    return {
      body: null,
      errors: { invite: issues.invite, description: issues.description, tags: tagProblem },
    };
  }
  return { body, errors };
}
