/** Goals live in this browser only, under one local storage key (spec §§3, 4). */
export const GOALS_KEY = "serverGoals";

export interface ServerGoals {
  revenue: number;
  grinders: number;
  members: number;
  paidGrinders: number;
  /** Percent of grinders not on a break. */
  activity: number;
}

export const goalFields = ["revenue", "grinders", "members", "paidGrinders", "activity"] as const;
export type GoalField = (typeof goalFields)[number];

export const defaultGoals: ServerGoals = {
  revenue: 100_000_000,
  grinders: 100,
  members: 500,
  paidGrinders: 50,
  activity: 80,
};

/** The activity goal is a percentage. */
export const ACTIVITY_GOAL_MAX = 100;

/**
 * What a goal input's text becomes: a whole number (a non-number becomes 0, spec §5), never
 * negative, the activity goal at most 100.
 */
export function parseGoalInput(field: GoalField, raw: string): number {
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return field === "activity" ? Math.min(value, ACTIVITY_GOAL_MAX) : value;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The saved goals, each missing or unreadable one replaced by its default. */
export function loadGoals(store: Storage | null = storage()): ServerGoals {
  let saved: unknown = null;
  try {
    saved = JSON.parse(store?.getItem(GOALS_KEY) ?? "null");
  } catch {
    saved = null;
  }
  const goals = { ...defaultGoals };
  if (saved && typeof saved === "object") {
    for (const field of goalFields) {
      const value = (saved as Record<string, unknown>)[field];
      if (typeof value === "number" && Number.isFinite(value))
        goals[field] = parseGoalInput(field, String(Math.trunc(value)));
    }
  }
  return goals;
}

export function saveGoals(goals: ServerGoals, store: Storage | null = storage()): void {
  store?.setItem(GOALS_KEY, JSON.stringify(goals));
}

/** Progress toward a goal in percent, capped at 100 (spec §9); a goal of 0 counts as not set. */
export function goalProgress(current: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.min(100, Math.round((current / goal) * 100));
}
