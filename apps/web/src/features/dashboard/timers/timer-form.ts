import { type TimerPreviewBody, timerLimits } from "@hearth/core";
import type { FieldErrors } from "../shared/errors";

export interface TimerForm {
  channelId: string;
  /** What the duration input holds. */
  duration: string;
  message: string;
}

export const emptyTimerForm: TimerForm = {
  channelId: "",
  duration: String(timerLimits.defaultDuration),
  message: "",
};

/** The duration input in seconds: a non-number becomes 0 (spec §5). */
export function durationSeconds(raw: string): number {
  const value = Number(raw);
  return raw.trim() !== "" && Number.isFinite(value) ? value : 0;
}

/** A channel, a non-empty message and a duration above 0 (spec §5), within the API's 30 days. */
export function validateTimer(form: TimerForm): FieldErrors {
  const errors: FieldErrors = {};
  const seconds = durationSeconds(form.duration);
  if (!form.channelId) errors.channelId = "Choose a channel";
  if (!form.message.trim()) errors.message = "Enter a message";
  else if (form.message.trim().length > timerLimits.messageMax)
    errors.message = `At most ${timerLimits.messageMax} characters`;
  if (!(seconds > 0)) errors.duration = "Duration must be above 0 seconds";
  else if (!Number.isInteger(seconds)) errors.duration = "Use whole seconds";
  else if (seconds > timerLimits.maxDuration) errors.duration = "At most 30 days (2592000 seconds)";
  return errors;
}

/**
 * What the preview route is asked to render for the form as it is: the trimmed message, the duration
 * and the channel once chosen; null while the message is empty or either field is invalid (the
 * preview then waits instead of showing an error the form already shows).
 */
export function timerPreviewBody(form: TimerForm): TimerPreviewBody | null {
  const errors = validateTimer(form);
  if (errors.message || errors.duration) return null;
  return {
    message: form.message.trim(),
    duration: durationSeconds(form.duration),
    ...(form.channelId ? { channelId: form.channelId } : {}),
  };
}

/** `1h 54m 12s`, `2d 3h 0m`, `45s`: a running timer's time left. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return "0s";
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

/** `1 h 30 min` for a duration in seconds, for the form's read-back. */
export function describeSeconds(seconds: number): string {
  if (!(seconds > 0)) return "0 seconds";
  const parts: string[] = [];
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = Math.floor(seconds % 60);
  if (days) parts.push(`${days} d`);
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  if (rest) parts.push(`${rest} s`);
  return parts.join(" ");
}
