import type { Trend } from "./metrics";

export type InsightTone = "good" | "ok" | "warn";

export interface Insight {
  id: string;
  tone: InsightTone;
  title: string;
  text: string;
}

/** Thresholds of the insight wording (spec §9). */
export const PAID_EXCELLENT = 70;
export const PAID_GOOD = 50;
export const ACTIVITY_HIGH = 80;
export const ACTIVITY_FAIR = 60;

export function paidInsight(paidPercent: number, unpaid: number): Insight {
  if (paidPercent >= PAID_EXCELLENT) {
    return {
      id: "paid",
      tone: "good",
      title: "Excellent!",
      text: `${paidPercent}% of grinders have paid this period.`,
    };
  }
  if (paidPercent >= PAID_GOOD) {
    return {
      id: "paid",
      tone: "ok",
      title: "Good progress!",
      text: `${paidPercent}% have paid; ${unpaid} still to go.`,
    };
  }
  return {
    id: "paid",
    tone: "warn",
    title: "Payments need attention",
    text: `Only ${paidPercent}% have paid. A reminder with DM Unpaid Members usually helps.`,
  };
}

export function activityInsight(activityPercent: number, onBreak: number): Insight {
  if (activityPercent >= ACTIVITY_HIGH) {
    return {
      id: "activity",
      tone: "good",
      title: "High activity",
      text: `${activityPercent}% of grinders are active.`,
    };
  }
  if (activityPercent >= ACTIVITY_FAIR) {
    return {
      id: "activity",
      tone: "ok",
      title: "Moderate activity",
      text: `${activityPercent}% active; ${onBreak} on a break.`,
    };
  }
  return {
    id: "activity",
    tone: "warn",
    title: "Low activity",
    text: `Only ${activityPercent}% are active; ${onBreak} grinders are on a break.`,
  };
}

export function growthInsight(hires: Trend): Insight {
  if (hires.recent === 0) {
    return {
      id: "growth",
      tone: "warn",
      title: "No new grinders",
      text: "Nobody was hired in the last 30 days.",
    };
  }
  if (hires.previous === 0 || hires.recent >= hires.previous) {
    return {
      id: "growth",
      tone: "good",
      title: "Growing",
      text: `${hires.recent} hired in the last 30 days (${hires.previous} in the 30 before).`,
    };
  }
  return {
    id: "growth",
    tone: "ok",
    title: "Hiring slowed down",
    text: `${hires.recent} hired in the last 30 days, down from ${hires.previous}.`,
  };
}
