import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { revokeTokensOnLeave } from "./token-dms.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** A member who leaves a server loses their dashboard token for it, and is told by DM. */
export function listenForLeavers(bot: Pick<Bot, "events">, ctx: Deps): () => void {
  return bot.events.on("memberRemove", ({ guildId, user }) => revokeTokensOnLeave(ctx, guildId, user.id));
}
