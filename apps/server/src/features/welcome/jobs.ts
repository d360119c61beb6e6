import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { pingDeleteJob } from "./ping.ts";

function isPingPayload(payload: unknown): payload is { channelId: string; messageId: string } {
  const value = payload as { channelId?: unknown; messageId?: unknown } | null;
  return typeof value?.channelId === "string" && typeof value.messageId === "string";
}

export function registerWelcomeJobs(ctx: AppContext): void {
  ctx.jobs.register(pingDeleteJob, async (payload) => {
    if (!isPingPayload(payload)) throw new Error(`${pingDeleteJob}: malformed payload`);
    try {
      await ctx.discord.deleteMessage(payload.channelId, payload.messageId);
    } catch (error) {
      // Someone (or Discord) removed it first: the job's work is done.
      if (
        error instanceof DiscordError &&
        (error.code === "unknown_message" || error.code === "unknown_channel")
      ) {
        return;
      }
      throw error;
    }
  });
}
