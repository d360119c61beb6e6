import type { UserInfo } from "../port/port-types.ts";

/**
 * The name Discord shows for someone: their server nickname when they have one (pass the member's
 * `nick`), else the account's display name, else its username. Every feature names people this way.
 */
export function displayName(user: Pick<UserInfo, "globalName" | "username">, nick?: string | null): string {
  return nick ?? user.globalName ?? user.username;
}
