/** The date the terms and privacy policy took effect and were last changed (spec: site-and-docs §§2, 9). */
export const POLICY_DATE = "July 20, 2025";
/** Users must be at least this old (spec §9). */
export const MINIMUM_AGE = 13;
/** Refunds are owed only when monthly uptime falls below this percentage (spec §9). */
export const REFUND_UPTIME_PERCENT = 95;
