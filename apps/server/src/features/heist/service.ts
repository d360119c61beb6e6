import { formatRational, rationals, readAmount } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Embed } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { badRequest } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { withEventsPing } from "../events-ping/service.ts";
import { settingsFor } from "../settings/service.ts";
import { maxLeadMs, parseHeistTime } from "./when.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export interface HeistInput {
  channelId: string;
  time: string;
  amount: string;
  requirements?: string;
  hostId: string;
}

const requirementsMax = 1000;

/** An amount as the calculator, bank calculator and market write it: **25M** (25,000,000). */
function amountText(amount: number): string {
  const { short, full } = formatRational(rationals.rational(BigInt(amount)));
  return short === full ? `**${short}**` : `**${short}** (${full})`;
}

/** The announcement embed: start time (relative and absolute), amount, requirements, host, image. */
export function heistEmbed(heist: {
  startsAt: number;
  amount: number;
  requirements: string | null;
  hostId: string;
  imageUrl: string | null;
}): Embed {
  const seconds = Math.floor(heist.startsAt / 1000);
  return {
    title: "🏦 Heist incoming!",
    description: `Starts <t:${seconds}:R> (<t:${seconds}:f>). Be in the channel with your wallet ready.`,
    color: 0xf97316,
    fields: [
      {
        name: "Amount",
        value: `⏣ ${amountText(heist.amount)}`,
        inline: true,
      },
      { name: "Host", value: `<@${heist.hostId}>`, inline: true },
      { name: "Requirements", value: heist.requirements ?? "None: everyone can join." },
    ],
    ...(heist.imageUrl ? { image: { url: heist.imageUrl } } : {}),
    timestamp: new Date(heist.startsAt).toISOString(),
  };
}

/**
 * `/heist announce`: posts the heist in the channel, pinging the events role (Setup's
 * `events.pingRole`, and only it) and showing the heist image when the `heist_image` switch is on
 * and a link is set. Audited.
 */
export async function announceHeist(
  deps: Deps,
  serverId: string,
  input: HeistInput,
  actor: AuditActor,
  now = Date.now(),
) {
  const startsAt = parseHeistTime(input.time, now);
  if (startsAt === null) {
    throw badRequest(
      "**time** should be a delay like `30m` or `1h30m`, a Discord timestamp, or a UTC date like `2026-07-04 20:00`.",
      "time",
    );
  }
  if (startsAt <= now) throw badRequest("**time** is in the past: a heist starts in the future.", "time");
  if (startsAt - now > maxLeadMs) throw badRequest("**time** is more than 30 days away.", "time");
  const reading = readAmount(input.amount);
  if (!reading.ok && reading.misreadable) throw badRequest(`**amount**: ${reading.reason}.`, "amount");
  if (!reading.ok || reading.value <= 0) {
    throw badRequest("**amount** should be an amount like `25m`, `1.5b` or `2,500,000`.", "amount");
  }
  const amount = reading.value;
  const requirements = input.requirements?.trim() || null;
  if (requirements && requirements.length > requirementsMax) {
    throw badRequest(`**requirements** can be at most ${requirementsMax} characters.`, "requirements");
  }
  await requireTextChannel(deps, serverId, input.channelId, "channel");
  const settings = await settingsFor(deps, serverId);
  const imageUrl = settings.heist_image ? settings.heistImageUrl : null;
  const message = await withEventsPing(deps, serverId, {
    content: "A heist is coming up!",
    embeds: [heistEmbed({ startsAt, amount, requirements, hostId: input.hostId, imageUrl })],
  });
  const sent = await deps.discord.sendMessage(input.channelId, message);
  await recordAudit(deps.storage.db, serverId, actor, "heist.announce", {
    channelId: input.channelId,
    messageId: sent.id,
    startsAt,
    amount,
  });
  return { sent, startsAt, amount, imageShown: imageUrl !== null };
}
