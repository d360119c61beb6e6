import { type CreateGiveawayBody, createGiveawayBody } from "@hearth/core";
import { type FieldErrors, issuesToFieldErrors } from "../shared/errors";

export const durationUnits = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type DurationUnit = keyof typeof durationUnits;

export const durationPresets: { label: string; amount: number; unit: DurationUnit }[] = [
  { label: "1 h", amount: 1, unit: "hours" },
  { label: "6 h", amount: 6, unit: "hours" },
  { label: "12 h", amount: 12, unit: "hours" },
  { label: "1 day", amount: 1, unit: "days" },
  { label: "3 days", amount: 3, unit: "days" },
  { label: "7 days", amount: 7, unit: "days" },
];

export interface GiveawayForm {
  channelId: string;
  prize: string;
  description: string;
  winnerCount: string;
  durationAmount: string;
  durationUnit: DurationUnit;
  minAccountAge: string;
  minMemberAge: string;
  minInvites: string;
  requiredRoles: string[];
  /** "now", or "later" at `startsAt` (a datetime-local value, the browser's time zone). */
  startMode: "now" | "later";
  startsAt: string;
  /** "none", or repeat every `repeatEvery` of this unit. */
  repeatUnit: "none" | "hours" | "days" | "weeks" | "months";
  repeatEvery: string;
  /** "default" (the events ping role), "none", or a role id. */
  pingRole: string;
  winnersChannelId: string;
  dmWinners: boolean;
  /** Who hosts it (pinged with the results); empty: the creator. */
  hostId: string;
  /** Claim window: empty for none, else an amount of `claimUnit`. */
  claimAmount: string;
  claimUnit: DurationUnit;
  /** End after this many entries; empty for no cap. */
  maxEntries: string;
  /** Last-chance reminder: empty for none, else an amount of `reminderUnit` before the end. */
  reminderAmount: string;
  reminderUnit: DurationUnit;
}

export const emptyGiveawayForm: GiveawayForm = {
  channelId: "",
  prize: "",
  description: "",
  winnerCount: "1",
  durationAmount: "1",
  durationUnit: "days",
  minAccountAge: "0",
  minMemberAge: "0",
  minInvites: "0",
  requiredRoles: [],
  startMode: "now",
  startsAt: "",
  repeatUnit: "none",
  repeatEvery: "1",
  pingRole: "default",
  winnersChannelId: "",
  dmWinners: false,
  hostId: "",
  claimAmount: "",
  claimUnit: "hours",
  maxEntries: "",
  reminderAmount: "",
  reminderUnit: "hours",
};

/** Seconds of an optional amount of a unit: undefined when left empty, NaN when not a number. */
function optionalSeconds(amount: string, unit: DurationUnit): number | undefined {
  if (amount.trim() === "") return undefined;
  const seconds = Number(amount) * durationUnits[unit];
  return Number.isFinite(seconds) ? Math.round(seconds) : Number.NaN;
}

/** A datetime-local value (the browser's wall clock) as ms, or NaN. */
export function localTimeMs(value: string): number {
  return value ? new Date(value).getTime() : Number.NaN;
}

const whole = (raw: string) => (raw.trim() === "" ? 0 : Number(raw));

/** Checks the form with the API's own schema; answers the body or the errors by form field. */
export function validateGiveaway(form: GiveawayForm): {
  body: CreateGiveawayBody | null;
  errors: FieldErrors;
} {
  const errors: FieldErrors = {};
  if (!form.channelId) errors.channelId = "Choose a channel";
  if (!form.prize.trim()) errors.prize = "Enter a prize";
  const seconds = Number(form.durationAmount) * durationUnits[form.durationUnit];
  if (form.startMode === "later") {
    const at = localTimeMs(form.startsAt);
    if (!Number.isFinite(at)) errors.startsAt = "Choose when it starts";
    else if (at < Date.now() + 60_000) errors.startsAt = "Choose a time at least a minute from now";
  }
  const claimWindow = optionalSeconds(form.claimAmount, form.claimUnit);
  const reminderBefore = optionalSeconds(form.reminderAmount, form.reminderUnit);
  const parsed = createGiveawayBody.safeParse({
    ...(form.startMode === "later" && Number.isFinite(localTimeMs(form.startsAt))
      ? { startsAt: localTimeMs(form.startsAt) }
      : {}),
    ...(form.repeatUnit !== "none"
      ? { recurrence: { every: Number(form.repeatEvery), unit: form.repeatUnit } }
      : {}),
    ...(form.pingRole === "none"
      ? { pingRoleId: null }
      : form.pingRole !== "default"
        ? { pingRoleId: form.pingRole }
        : {}),
    ...(form.winnersChannelId ? { winnersChannelId: form.winnersChannelId } : {}),
    ...(form.dmWinners ? { dmWinners: true } : {}),
    ...(form.hostId ? { hostId: form.hostId } : {}),
    ...(claimWindow !== undefined ? { claimWindow } : {}),
    ...(form.maxEntries.trim() !== "" ? { maxEntries: Number(form.maxEntries) } : {}),
    ...(reminderBefore !== undefined ? { reminderBefore } : {}),
    channelId: form.channelId,
    prize: form.prize,
    description: form.description.trim() || undefined,
    winnerCount: Number(form.winnerCount),
    duration: Number.isFinite(seconds) ? Math.round(seconds) : Number.NaN,
    requirements: {
      minAccountAge: whole(form.minAccountAge),
      minMemberAge: whole(form.minMemberAge),
      minInvites: whole(form.minInvites),
      requiredRoles: form.requiredRoles,
    },
  });
  if (parsed.success && Object.keys(errors).length === 0) return { body: parsed.data, errors };
  const issues = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  const pick = (key: string) => issues[key];
  return {
    body: null,
    errors: {
      channelId: errors.channelId ?? (pick("channelId") ? "Choose a channel" : undefined),
      prize: errors.prize ?? pick("prize"),
      winnerCount: pick("winnerCount") ? "Winners must be a whole number from 1 to 50" : undefined,
      duration: pick("duration") ? "Duration must be between 1 minute and 90 days" : undefined,
      minAccountAge: pick("requirements.minAccountAge"),
      minMemberAge: pick("requirements.minMemberAge"),
      minInvites: pick("requirements.minInvites"),
      startsAt: errors.startsAt ?? pick("startsAt"),
      repeatEvery: pick("recurrence.every") ? "Repeat every 1 to 365" : undefined,
      claimWindow: pick("claimWindow") ? "The claim window must be between 10 minutes and 7 days" : undefined,
      maxEntries: pick("maxEntries") ? "Max entries must be a whole number from 1 to 1,000,000" : undefined,
      reminderBefore: pick("reminderBefore")
        ? "The reminder must be at least a minute before the end, and shorter than the duration"
        : undefined,
    },
  };
}
