import { type Tip, tips } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { settingsFor } from "../settings/service.ts";

/**
 * Command replies counted per server (per storage: tests open several databases). A guild's
 * commands are all handled by the bot process of its shard, so an in-process count is the server's
 * count; a restart starts it again, which at worst delays the next tip.
 */
const counters = new WeakMap<Storage, Map<string, number>>();

function nextCount(storage: Storage, serverId: string): number {
  let counts = counters.get(storage);
  if (!counts) {
    counts = new Map();
    counters.set(storage, counts);
  }
  // Bounded: forgetting every count only delays tips.
  if (counts.size > 100_000) counts.clear();
  const count = (counts.get(serverId) ?? 0) + 1;
  counts.set(serverId, count);
  return count;
}

/** The tip for a server's n-th tip slot: rotating through the list, never about the command just used. */
export function tipFor(serverId: string, slot: number, path: string): Tip {
  const offset = Number(BigInt(serverId.replace(/\D/g, "") || "0") % BigInt(tips.length));
  for (let step = 0; step < tips.length; step++) {
    const tip = tips[(offset + slot + step) % tips.length] as Tip;
    if (tip.command !== path) return tip;
  }
  return tips[0] as Tip;
}

/**
 * The Tips switch, in the bot's command reply path: while it is on, every `tipsEvery`-th command
 * reply of a server (the first reply of each command run; error answers don't count) gets one
 * short line under it. A reply that has no room for it (2,000 characters) goes without.
 */
export async function withTip(
  ctx: Pick<AppContext, "storage">,
  serverId: string,
  path: string,
  message: OutgoingMessage,
): Promise<OutgoingMessage> {
  const settings = await settingsFor(ctx, serverId);
  if (!settings.tipsEnabled) return message;
  const count = nextCount(ctx.storage, serverId);
  if (count % settings.tipsEvery !== 0) return message;
  const line = `-# 💡 Tip: ${tipFor(serverId, count / settings.tipsEvery, path).text}`;
  const content = message.content ? `${message.content}\n\n${line}` : line;
  return content.length > 2000 ? message : { ...message, content };
}
