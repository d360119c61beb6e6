import { DiscordError } from "./port.ts";

/**
 * Whether an error is Discord failing a call (a DiscordError, or a REST error the adapter didn't
 * map: it carries the HTTP method and status), as opposed to a bug of ours.
 */
export function isDiscordFailure(error: unknown): boolean {
  if (error instanceof DiscordError) return true;
  const rest = error as { method?: unknown; status?: unknown } | null;
  return (
    typeof rest === "object" &&
    rest !== null &&
    typeof rest.method === "string" &&
    typeof rest.status === "number"
  );
}

/**
 * A lookup made only to show something (a name, a tag, an avatar): when Discord fails it (404,
 * 403, a timeout), the answer is null and the caller shows its fallback (the id, "Unknown user"),
 * so one missing detail never fails the whole reply, API answer or event. Bugs still throw.
 */
export async function forDisplay<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (isDiscordFailure(error)) return null;
    throw error;
  }
}

/**
 * A read an event handler needs before acting (the member a presence is about, say): when Discord
 * fails it, null, and the handler skips this event rather than failing; the next event retries.
 */
export const skipIfDiscordFails: <T>(lookup: Promise<T>) => Promise<T | null> = forDisplay;
