import type { BotMessagePreview, Grinder, GrinderDmProgress, GrinderDmResult } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { DiscordError, type OutgoingMessage } from "../../discord/port/port.ts";
import { conflict } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { listGrinders } from "./roster.ts";

export type DmGroup = "paid" | "unpaid" | "all";
/** A group, or one tier's grinders (the bot's `/grinder dm target:tier`). */
export type DmTarget = DmGroup | { tier: string };

export interface DmPacing {
  /** Pause between two DMs. Discord flags bots that DM many users quickly; 4 a second stays well clear. */
  intervalMs: number;
  /** Further attempts for one DM that Discord rate-limited, after `retryDelayMs`, then twice that. */
  retries: number;
  retryDelayMs: number;
}

/** The pacing the routes use; tests lower it. */
export const dmPacing: DmPacing = { intervalMs: 250, retries: 2, retryDelayMs: 1000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One broadcast per server at a time (in this process): a double click must not DM everyone twice. */
const running = new Set<string>();

/** Each server's latest broadcast as it goes, for the dashboard's progress (GET …/dm-progress). */
const progress = new Map<string, GrinderDmProgress>();
const idle: GrinderDmProgress = {
  running: false,
  target: null,
  sent: 0,
  failed: 0,
  total: 0,
  startedAt: null,
  finishedAt: null,
};

/** The server's current or latest broadcast, counted as each DM goes (this process's). */
export function dmProgress(serverId: string): GrinderDmProgress {
  return progress.get(serverId) ?? idle;
}

async function sendWithRetry(
  deps: Pick<AppContext, "discord">,
  userId: string,
  message: OutgoingMessage,
  pacing: DmPacing,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await deps.discord.sendDirectMessage(userId, message);
      return true;
    } catch (error) {
      const rateLimited = error instanceof DiscordError && error.code === "rate_limited";
      if (!rateLimited || attempt >= pacing.retries) return false;
      await sleep(pacing.retryDelayMs * 2 ** attempt);
    }
  }
}

function selectTargets(grinders: Grinder[], target: DmTarget): Grinder[] {
  if (typeof target === "object") {
    const key = target.tier.trim().toLowerCase();
    return grinders.filter((grinder) => grinder.tier.toLowerCase() === key);
  }
  return target === "all" ? grinders : grinders.filter((g) => g.paid === (target === "paid"));
}

/**
 * The DM a broadcast sends each grinder: the text in an embed signed by the server's grinder team
 * (its name and icon; "Your server" when Discord can't be asked). The preview route shows this too.
 */
export async function grinderDm(
  deps: Pick<AppContext, "discord" | "logger">,
  serverId: string,
  text: string,
): Promise<OutgoingMessage> {
  const guild = await deps.discord.getGuild(serverId).catch((error: unknown) => {
    deps.logger.warn({ err: error, serverId }, "grinder DM: could not read the server's name");
    return null;
  });
  const iconUrl = guild?.icon?.startsWith("http") ? guild.icon : undefined;
  return {
    embeds: [
      {
        author: { name: `${guild?.name ?? "Your server"} · grinder team`, ...(iconUrl ? { iconUrl } : {}) },
        description: text,
        color: 0xf97316,
      },
    ],
  };
}

/** The DM `grinderDm` builds, as the dashboard's preview shows it (nothing is sent). */
export async function previewGrinderDm(
  deps: Pick<AppContext, "discord" | "logger">,
  serverId: string,
  text: string,
): Promise<BotMessagePreview> {
  return messagePreview(await grinderDm(deps, serverId, text));
}

/**
 * DMs the paid, unpaid, all or one tier's active grinders one after another, paced. A DM that fails (DMs
 * closed, member gone, Discord refusing) is counted, never fatal. Answers the counts.
 */
export async function dmGrinders(
  deps: Pick<AppContext, "storage" | "discord" | "logger">,
  serverId: string,
  group: DmTarget,
  text: string,
  actor: AuditActor,
  pacing: DmPacing = dmPacing,
): Promise<GrinderDmResult> {
  if (running.has(serverId)) {
    throw conflict("A DM broadcast to grinders is already running for this server; wait for it to finish");
  }
  running.add(serverId);
  try {
    const grinders = await listGrinders(deps, serverId);
    const targets = selectTargets(grinders, group);
    const message = await grinderDm(deps, serverId, text);
    let sent = 0;
    const status: GrinderDmProgress = {
      running: true,
      target: typeof group === "object" ? `tier:${group.tier}` : group,
      sent: 0,
      failed: 0,
      total: targets.length,
      startedAt: Date.now(),
      finishedAt: null,
    };
    progress.set(serverId, status);
    for (const [index, target] of targets.entries()) {
      if (index > 0 && pacing.intervalMs > 0) await sleep(pacing.intervalMs);
      const ok = await sendWithRetry(deps, target.userId, message, pacing).catch((error: unknown) => {
        deps.logger.warn({ err: error, userId: target.userId }, "grinder DM failed");
        return false;
      });
      if (ok) sent++;
      status.sent = sent;
      status.failed = index + 1 - sent;
    }
    Object.assign(status, { running: false, finishedAt: Date.now() });
    const result = { sent, failed: targets.length - sent, total: targets.length };
    await recordAudit(deps.storage.db, serverId, actor, "grinders.dm", {
      group,
      ...result,
      length: text.length,
    });
    return result;
  } finally {
    running.delete(serverId);
    const status = progress.get(serverId);
    if (status?.running) Object.assign(status, { running: false, finishedAt: Date.now() });
  }
}
