/**
 * How long Hearth keeps what it writes about people itself. The privacy page and the README quote
 * these figures (`site-promises.test.ts` checks the page against them).
 */
export const dataRetention = {
  /** Audit log entries older than this are deleted by a daily job. */
  auditDays: 180,
  /** A server's audit log keeps at most this many entries; the oldest go first. */
  auditMaxEntriesPerServer: 20_000,
  /** "Opened the dashboard" is recorded once per token per UTC day, however often it is opened. */
  accessEntriesPerTokenPerDay: 1,
  /** A server Hearth left is purged this long after (apps/server/src/features/purge/retention.ts). */
  leftServerDays: 30,
} as const;
