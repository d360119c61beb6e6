import type { Grinder, PaymentAction } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { Embed } from "../../discord/port/port.ts";
import { getSetup } from "../setup/service.ts";
import { amount } from "./bot-views.ts";

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

/**
 * Posts a payment to the setup's payments channel, when one is set: every payment, from the bot's
 * `/grinder payments` and from a hire's first payment alike (both call this from the service). Discord
 * refusing the post (channel gone, no access) is logged and never fails the payment.
 */
export async function postPayment(
  deps: LogDeps,
  serverId: string,
  payment: {
    userId: string;
    action: PaymentAction;
    amount: number;
    by: string | null;
    grinder: Pick<Grinder, "tier" | "paidThisPeriod" | "payment" | "paid">;
  },
): Promise<void> {
  const { paymentsChannelId } = await getSetup(deps, serverId);
  if (!paymentsChannelId) return;
  const { grinder } = payment;
  const what =
    payment.action === "add"
      ? `<@${payment.userId}> paid **${amount(payment.amount)}**.`
      : `<@${payment.userId}>'s payments this period were set to **${amount(payment.amount)}**.`;
  await deps.discord
    .sendMessage(paymentsChannelId, {
      embeds: [
        {
          title: "Payment recorded",
          description: what,
          color: grinder.paid ? color : 0xf59e0b,
          timestamp: new Date().toISOString(),
          fields: [
            { name: "Tier", value: grinder.tier.slice(0, 1024) || "—", inline: true },
            {
              name: "This period",
              value: `${amount(grinder.paidThisPeriod)} of ${amount(grinder.payment)}`,
              inline: true,
            },
            { name: "Status", value: grinder.paid ? "Paid" : "Unpaid", inline: true },
            ...(payment.by ? [{ name: "Recorded by", value: `<@${payment.by}>`, inline: true }] : []),
          ],
        },
      ],
      allowedMentions: { users: [] },
    })
    .catch((error: unknown) =>
      deps.logger.warn({ err: error, guildId: serverId }, "could not post a payment to the payments channel"),
    );
}
