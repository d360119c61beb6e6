import type { BotMessagePreview, ModerationAction } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { maxBanMs, minute, readDuration, readReason } from "./checks.ts";

const because = (reason: string | null) => (reason ? `: ${reason}` : ".");

/**
 * What the member is told by DM about an action (null: a timeout, which Discord shows them itself).
 * The actions send it, and the dashboard's preview shows it.
 */
export function moderationDmText(
  action: ModerationAction,
  server: string,
  reason: string | null,
  expiresAt: number | null,
): string | null {
  switch (action) {
    case "ban":
      return `You were banned from **${server}**${
        expiresAt ? ` until <t:${Math.floor(expiresAt / 1000)}:f>` : ""
      }${because(reason)}`;
    case "kick":
      return `You were kicked from **${server}**${because(reason)}`;
    case "warn":
      return `⚠️ You received a warning in **${server}**${because(reason)}`;
    case "timeout":
      return null;
  }
}

/**
 * The DM an action would send, read with the action's own checks of the reason and the duration (a
 * warning needs a reason; a ban's duration, up to 365 days, makes it temporary). A timeout sends
 * none: null. Nothing is sent; the server's name degrades to "the server" when Discord can't say.
 */
export async function previewModerationDm(
  deps: Pick<AppContext, "discord" | "logger">,
  serverId: string,
  input: { action: ModerationAction; reason?: string | null; duration?: string | null },
): Promise<BotMessagePreview | null> {
  const reason = readReason(input.reason, input.action === "warn");
  const duration = input.duration?.trim() ? input.duration.trim() : null;
  let expiresAt: number | null = null;
  if (input.action === "ban" && duration) {
    expiresAt = Date.now() + readDuration(duration, { min: minute, max: maxBanMs, label: "365 days" });
  }
  const server = await deps.discord
    .getGuild(serverId)
    .then((guild) => guild?.name ?? "the server")
    .catch((error: unknown) => {
      deps.logger.warn({ err: error, serverId }, "moderation: could not read the server's name");
      return "the server";
    });
  const text = moderationDmText(input.action, server, reason, expiresAt);
  return text === null ? null : messagePreview({ content: text });
}
