import type { AppContext } from "../../context.ts";
import { forDisplay } from "../../discord/port/display-lookups.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { AppError } from "../../lib/errors.ts";

/** Role changes that may fail because the member left or the role is gone; anything else is raised. */
export async function tolerant(change: () => Promise<void>): Promise<void> {
  try {
    await change();
  } catch (error) {
    if (error instanceof DiscordError && (error.code === "unknown_member" || error.code === "unknown_role")) {
      return;
    }
    throw error;
  }
}

/**
 * A manager can't hire, pay or promote themselves: the roles and the money are given on someone
 * else's say. Only the server owner may act on their own record. A 403 naming `userId`.
 */
export async function refuseSelf(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  actorUserId: string | null,
  targetUserId: string,
  what: string,
): Promise<void> {
  if (!actorUserId || actorUserId !== targetUserId) return;
  const guild = await forDisplay(deps.discord.getGuild(serverId));
  if (guild?.ownerId === actorUserId) return;
  throw new AppError(
    403,
    `userId: you can't ${what} yourself; another manager or an admin must do it`,
    "userId",
  );
}
