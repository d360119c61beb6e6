import type { AppContext } from "../../context.ts";
import type { Embed } from "../../discord/port.ts";
import { getSetup } from "../setup/service.ts";

export type LogDeps = Pick<AppContext, "storage" | "discord" | "logger">;

const color = 0x10b981;

/**
 * Posts a grinder event (hire, removal, break, payment) to the setup's log channel. The actions
 * call it themselves, so the dashboard and the bot log the same; a missing or unusable channel is
 * not an error.
 */
export async function logGrinderEvent(deps: LogDeps, serverId: string, embed: Embed): Promise<void> {
  const { logChannelId } = await getSetup(deps, serverId);
  if (!logChannelId) return;
  await deps.discord
    .sendMessage(logChannelId, {
      embeds: [{ color, timestamp: new Date().toISOString(), ...embed }],
      allowedMentions: { users: [] },
    })
    .catch((error: unknown) => deps.logger.warn({ err: error }, "could not log a grinder event"));
}
