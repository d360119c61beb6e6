import { type GrindersQuery, readAmount } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import { displayName } from "../../discord/people/display-name.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { getSetup } from "../setup/service.ts";
import { listenForHistoryButtons, profileWithHistory } from "./bot-history.ts";
import { amount, listEmbed, seconds, statusLine, summaryEmbed } from "./bot-views.ts";
import { requireBreakDuration } from "./break-duration.ts";
import { type DmTarget, dmGrinders } from "./dm.ts";
import {
  findGrinderByUser,
  getServerSetup,
  hireGrinder,
  listGrinders,
  openTicket,
  recordPayment,
  removeGrinder,
  setBreak,
} from "./service.ts";

const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });

async function requireGrinder(command: CommandContext, userId: string) {
  const grinder = await findGrinderByUser(command.ctx, command.serverId, userId);
  if (!grinder) {
    throw notFound(
      userId === command.user.id
        ? "You aren't on the grinder team."
        : `<@${userId}> isn't an active grinder.`,
    );
  }
  return grinder;
}

function requireAmount(text: string, option: string): number {
  const reading = readAmount(text);
  if (!reading.ok && reading.misreadable) throw badRequest(`**${option}**: ${reading.reason}.`, option);
  if (!reading.ok || reading.value <= 0) {
    throw badRequest(`**${option}** must be a number like 250k or 1.5m ("${text}" isn't one).`, option);
  }
  return reading.value;
}

/** A tier filter must name a tier of the setup. */
async function checkTier(command: CommandContext, tier: string | undefined) {
  const setup = await getServerSetup(command.ctx, command.serverId);
  if (tier && !setup.tiers.some((name) => name.toLowerCase() === tier.trim().toLowerCase())) {
    throw badRequest(
      setup.tiers.length > 0
        ? `No tier named "${tier}". Tiers: ${setup.tiers.join(", ")}.`
        : "No tiers are configured yet; add them with `/setup` or the dashboard.",
    );
  }
  return setup;
}

const sorts: Record<string, GrindersQuery["sort"]> = { payment: "payment", hired: "hiredAt", tier: "tier" };

const profile = defineCommand("grinder profile", async (command) => {
  const userId = command.options.id("user") ?? command.user.id;
  if (userId !== command.user.id) {
    const setup = await getSetup(command.ctx, command.serverId);
    const manager = setup.managerRoleId !== null && command.member.roleIds.includes(setup.managerRoleId);
    if (!manager && !hasPermission(command.member, "Manage Server")) {
      throw forbidden(
        "Only grinder managers can see another grinder's profile; `/grinder profile` shows yours.",
      );
    }
  }
  const grinder = await requireGrinder(command, userId);
  const name = grinder.displayName ?? grinder.username ?? "Grinder";
  // The profile with the first page of payments; buttons switch to breaks and page (history.ts).
  await command.reply(
    await profileWithHistory(command.ctx, command.serverId, grinder, name, {
      kind: "payments",
      page: 1,
      viewerId: command.user.id,
    }),
  );
});

const resign = defineCommand("grinder resign", async (command) => {
  const grinder = await requireGrinder(command, command.user.id);
  await removeGrinder(command.ctx, command.serverId, grinder._id, actorOf(command), "resigned");
  await command.reply(
    `You've left the grinder team (${grinder.tier}). Your grinder roles were removed; a manager can hire you again any time.`,
  );
});

const list = defineCommand("grinder list", async (command) => {
  const tier = command.options.string("tier");
  await checkTier(command, tier);
  const sort = sorts[command.options.string("sort") ?? "hired"];
  const grinders = await listGrinders(command.ctx, command.serverId, { tier, sort });
  await command.reply({ embeds: [listEmbed(grinders, tier ? `Grinders · ${tier}` : "Grinders")] });
});

const add = defineCommand("grinder add", async (command) => {
  const userId = command.options.requireId("user");
  const tier = command.options.requireString("tier");
  const paymentText = command.options.string("payment");
  const payment = paymentText ? requireAmount(paymentText, "payment") : null;
  const grinder = await hireGrinder(
    command.ctx,
    command.serverId,
    { userId, tier: tier.trim() },
    { ...actorOf(command), name: displayName(command.user) },
    payment ? { firstPayment: payment } : {},
  );
  await command.reply(
    `<@${userId}> is now a **${grinder.tier}** grinder; their roles were given.${payment ? ` First payment of ${amount(payment)} recorded: ${statusLine(grinder)}.` : ""}`,
  );
});

const remove = defineCommand("grinder remove", async (command) => {
  const userId = command.options.requireId("user");
  const grinder = await requireGrinder(command, userId);
  await removeGrinder(command.ctx, command.serverId, grinder._id, actorOf(command), "removed");
  await command.reply(
    `Removed <@${userId}> from the grinder team: roles taken away, record archived and logged.`,
  );
});

const breakCommand = defineCommand("grinder break", async (command) => {
  const userId = command.options.requireId("user");
  const duration = requireBreakDuration(command.options.requireString("duration"));
  const grinder = await requireGrinder(command, userId);
  if (grinder.onBreak) throw conflict(`<@${userId}> is already on a break.`);
  const until = Date.now() + duration;
  await setBreak(command.ctx, command.serverId, grinder._id, true, actorOf(command), { until });
  await command.reply(
    `<@${userId}> is on a break until <t:${seconds(until)}:F> (<t:${seconds(until)}:R>). Their ${grinder.tier} role was taken off and comes back by itself then; nothing is owed meanwhile.`,
  );
});

const payments = defineCommand("grinder payments", async (command) => {
  const action = command.options.requireString("action");
  if (action !== "add" && action !== "set") throw badRequest("**action** must be add or set.");
  const userId = command.options.requireId("user");
  const value = requireAmount(command.options.requireString("amount"), "amount");
  const grinder = await recordPayment(command.ctx, command.serverId, userId, value, {
    action,
    by: command.user.id,
  });
  const promoted = grinder.promotedFrom
    ? `\n⬆️ Moved up from ${grinder.promotedFrom} to **${grinder.tier}**.`
    : "";
  const verb = action === "add" ? `Added ${amount(value)} to` : `Set to ${amount(value)}`;
  await command.reply(
    `${verb} <@${userId}>'s payments: **${amount(grinder.paidThisPeriod)}** this period of ${amount(grinder.payment)} owed (${grinder.tier}). ${statusLine(grinder)}.${promoted}`,
  );
});

const summary = defineCommand("grinder summary", async (command) => {
  const requested = command.options.string("tier");
  const tier = requested && requested.trim().toLowerCase() !== "all" ? requested : undefined;
  const setup = await checkTier(command, tier);
  const grinders = await listGrinders(command.ctx, command.serverId);
  await command.reply({
    embeds: [summaryEmbed(grinders, setup, { tier, sort: command.options.string("sort") })],
  });
});

const dm = defineCommand("grinder dm", async (command) => {
  const target = command.options.requireString("target");
  const message = command.options.requireString("message");
  let group: DmTarget;
  if (target === "tier") {
    const tier = command.options.string("tier");
    if (!tier) throw badRequest("With **target:tier**, give the **tier** to message too.");
    await checkTier(command, tier);
    group = { tier };
  } else if (target === "all" || target === "paid" || target === "unpaid") {
    group = target;
  } else {
    throw badRequest("**target** must be all, paid, unpaid or tier.");
  }
  const result = await dmGrinders(command.ctx, command.serverId, group, message, actorOf(command));
  if (result.total === 0) {
    await command.reply("No grinders match that target, so nobody was messaged.");
    return;
  }
  await command.reply(
    `Sent to ${result.sent} of ${result.total} grinder${result.total === 1 ? "" : "s"}.${result.failed > 0 ? ` ${result.failed} couldn't be reached (DMs closed or left the server).` : ""}`,
  );
});

const ticket = defineCommand("grinder ticket", async (command) => {
  const { channelId } = await openTicket(command.ctx, command.serverId, command.user);
  await command.reply(`Your ticket is open: <#${channelId}>.`);
});

/** This feature's slash commands and gateway listeners. */
export const grindersBot: BotFeature = {
  commands: () => [profile, resign, list, add, remove, breakCommand, payments, summary, dm, ticket],
  listeners: (bot, ctx) => listenForHistoryButtons(bot, ctx),
};
