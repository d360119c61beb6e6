/**
 * Whether an error means the database can't be reached right now (PostgreSQL restarting, a dropped
 * connection, a network cut, SQLite busy beyond its timeout) rather than a fault of the request or
 * of the code: such a request is answered 503 and the next one may well succeed, because the pool
 * opens fresh connections as soon as the database answers again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return matches(error, 0);
}

// Node's socket errors, and PostgreSQL's SQLSTATEs for a server that is going away or not ready:
// class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300
// (too many connections).
const codes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "SQLITE_BUSY",
]);

// What node-postgres says when a connection dies under it or can't be opened in time; these errors
// carry no code.
const messages = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
  /^Connection ended unexpectedly/,
];

function matches(error: unknown, depth: number): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && codes.has(code)) return true;
  if (messages.some((pattern) => pattern.test(error.message))) return true;
  // A failed connect to a host with several addresses is an AggregateError of one error each.
  if (error instanceof AggregateError && error.errors.some((inner) => matches(inner, depth + 1))) return true;
  return matches(error.cause, depth + 1);
}
