import type { AppContext } from "../../context.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { getSetup } from "../setup/service.ts";

/**
 * The events ping role (Setup's `events.pingRole`): mentioned once when an event starts — a
 * giveaway, a lottery, a raffle, a tournament — so members who opted in hear about it. Only that
 * role may ping: `allowed_mentions` names it and nothing else, so text in a prize can never ping
 * @everyone, other roles or members.
 */

const contentLimit = 2000;

/** The server's events ping role, or null when none is set (or the setup can't be read). */
export async function eventsPingRole(
  ctx: Pick<AppContext, "storage" | "logger">,
  serverId: string,
): Promise<string | null> {
  try {
    return (await getSetup(ctx, serverId)).events.pingRole;
  } catch (error) {
    // A failed read costs the ping, never the event.
    ctx.logger.warn({ err: error, serverId }, "could not read the events ping role");
    return null;
  }
}

/**
 * `message` with the events ping role mentioned at the start of its content and allowed to ping
 * (and only it). Unchanged, with mentions switched off, when no role is set; then `allowedMentions`
 * already on the message is kept.
 */
export function withPing(message: OutgoingMessage, roleId: string | null): OutgoingMessage {
  if (!roleId) return { ...message, allowedMentions: message.allowedMentions ?? {} };
  const mention = `<@&${roleId}>`;
  const content = message.content ? `${mention} ${message.content}` : mention;
  return {
    ...message,
    content: content.length > contentLimit ? `${content.slice(0, contentLimit - 1)}…` : content,
    allowedMentions: { roles: [roleId] },
  };
}

/** Reads the server's events ping role and adds it to the message that starts an event. */
export async function withEventsPing(
  ctx: Pick<AppContext, "storage" | "logger">,
  serverId: string,
  message: OutgoingMessage,
): Promise<OutgoingMessage> {
  return withPing(message, await eventsPingRole(ctx, serverId));
}
