import { DiscordError } from "../../discord/port.ts";

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
