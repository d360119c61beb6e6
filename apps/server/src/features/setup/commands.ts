import {
  abbreviateNumber,
  type PaymentPeriod,
  readAmount,
  type ServerSetup,
  type SetupUpdateBody,
  tierName,
} from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { fitText } from "../../discord/payload-rules/message-limits.ts";
import type { Embed } from "../../discord/port/port.ts";
import { judgeRole, loadActor, loadRoleScene } from "../../discord/roles/role-safety.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { addTier, getServerSetup, saveSetupForm } from "../grinders/service.ts";

/** `/setup` option → the setup field it writes (service errors name fields; replies name options). */
const optionOfField: Record<string, string> = {
  managerRoleId: "manager_role",
  grinderBaseRoleId: "grinder_role",
  paymentsChannelId: "payments_channel",
  logChannelId: "log_channel",
  ticketCategoryId: "ticket_category",
  "events.manager": "event_manager_role",
  "events.pingRole": "events_ping_role",
  tierName: "tier_name",
  tierPayment: "tier_payment",
  tierRoleId: "tier_role",
};

/** Re-words a service refusal so it names the option the user typed, not the API field. */
async function asOptions<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || !error.field) throw error;
    const option = optionOfField[error.field];
    if (!option) throw error;
    const text = error.message.startsWith(`${error.field}: `)
      ? error.message.slice(error.field.length + 2)
      : error.message;
    throw new AppError(error.statusCode, `**${option}**: ${text}`, option);
  }
}

const mentionRole = (id: string | null) => (id ? `<@&${id}>` : null);
const mentionChannel = (id: string | null) => (id ? `<#${id}>` : null);

/**
 * The roles of a setup that Hearth gives (the grinder base role, tier roles) and the role-safety
 * rule refuses for `actorId`, one line each: a setup saved before the rule is flagged, not hidden.
 */
export async function unsafeSetupLines(
  ctx: CommandContext["ctx"],
  serverId: string,
  setup: ServerSetup,
  actorId: string,
): Promise<string[]> {
  const uses: [string, string][] = [
    ...(setup.grinderBaseRoleId ? [["Grinder base role", setup.grinderBaseRoleId] as [string, string]] : []),
    ...setup.tiers.flatMap((name): [string, string][] => {
      const roleId = setup.tierRoles[name];
      return roleId ? [[`Tier ${name}`, roleId]] : [];
    }),
  ];
  if (uses.length === 0) return [];
  const scene = await loadRoleScene(ctx, serverId);
  const actor = await loadActor(ctx, serverId, actorId);
  return uses.flatMap(([use, roleId]) => {
    const verdict = judgeRole(scene, roleId, actor);
    return verdict.safe ? [] : [`**${use}** <@&${roleId}>: ${verdict.reason}.`];
  });
}

/** The setup as an embed: every field, what's missing, and what to do next. */
export function setupEmbed(setup: ServerSetup, title: string, unsafe: readonly string[] = []): Embed {
  const rows: [string, string | null, string][] = [
    ["Manager role", mentionRole(setup.managerRoleId), "manager_role"],
    ["Grinder base role", mentionRole(setup.grinderBaseRoleId), "grinder_role"],
    ["Payments channel", mentionChannel(setup.paymentsChannelId), "payments_channel"],
    ["Log channel", mentionChannel(setup.logChannelId), "log_channel"],
    ["Ticket category", mentionChannel(setup.ticketCategoryId), "ticket_category"],
    ["Event manager role", mentionRole(setup.events.manager), "event_manager_role"],
    ["Events ping role", mentionRole(setup.events.pingRole), "events_ping_role"],
  ];
  const missing = rows.filter(([, value]) => value === null);
  const tiers = setup.tiers.map(
    (name, index) =>
      `**${name}**: ${abbreviateNumber(setup.payments[index] ?? 0)} per period, <@&${setup.tierRoles[name]}>`,
  );
  const { grinders } = setup;
  const steps: string[] = [];
  if (unsafe.length > 0) {
    steps.push("Pick safe roles for what's listed under ⚠️: Hearth won't give those roles when hiring.");
  }
  if (missing.length > 0) {
    steps.push(`Run \`/setup\` with ${missing.map(([, , option]) => `\`${option}\``).join(", ")}.`);
  }
  if (tiers.length === 0) {
    steps.push(
      "Add tiers: `/setup tier_name:Bronze tier_payment:250k tier_role:@Bronze`, or on the dashboard.",
    );
  }
  steps.push("Run `/dashboard create` for your dashboard token (sent by DM).");
  steps.push("Run `/permissions check` to see what Hearth may still lack.");
  return {
    title,
    color: missing.length === 0 && tiers.length > 0 && unsafe.length === 0 ? 0x22c55e : 0xf97316,
    fields: [
      ...rows.map(([name, value]) => ({ name, value: value ?? "❌ Not set", inline: true })),
      ...(unsafe.length > 0
        ? [{ name: "⚠️ Roles Hearth won't give", value: fitText(unsafe.join("\n"), 1024), inline: false }]
        : []),
      {
        name: "Payments",
        value: `${grinders.paymentPeriod} · tier switching ${grinders.switchTierEnabled ? `on (cooldown ${grinders.switchTierCooldown})` : "off"}`,
        inline: false,
      },
      { name: `Tiers (${tiers.length})`, value: tiers.join("\n") || "❌ None yet", inline: false },
      { name: "Next steps", value: steps.map((step, index) => `${index + 1}. ${step}`).join("\n") },
    ],
  };
}

function setupChanges(command: CommandContext): SetupUpdateBody {
  const o = command.options;
  const body: SetupUpdateBody = {};
  if (o.has("manager_role")) body.managerRoleId = o.id("manager_role") ?? null;
  if (o.has("grinder_role")) body.grinderBaseRoleId = o.id("grinder_role") ?? null;
  if (o.has("payments_channel")) body.paymentsChannelId = o.id("payments_channel") ?? null;
  if (o.has("log_channel")) body.logChannelId = o.id("log_channel") ?? null;
  if (o.has("ticket_category")) body.ticketCategoryId = o.id("ticket_category") ?? null;
  if (o.has("event_manager_role") || o.has("events_ping_role")) {
    body.events = {};
    if (o.has("event_manager_role")) body.events.manager = o.id("event_manager_role") ?? null;
    if (o.has("events_ping_role")) body.events.pingRole = o.id("events_ping_role") ?? null;
  }
  if (o.has("payment_period") || o.has("tier_switch")) {
    body.grinders = {};
    const period = o.string("payment_period");
    if (period) body.grinders.paymentPeriod = period as PaymentPeriod;
    const switching = o.boolean("tier_switch");
    if (switching !== undefined) body.grinders.switchTierEnabled = switching;
  }
  return body;
}

/** The tier to add, when the tier options are given: all three together. */
function tierToAdd(command: CommandContext) {
  const o = command.options;
  const given = ["tier_name", "tier_payment", "tier_role"].filter((name) => o.has(name));
  if (given.length === 0) return null;
  if (given.length < 3) {
    throw badRequest("To add a tier, give **tier_name**, **tier_payment** and **tier_role** together.");
  }
  const name = tierName.safeParse(o.requireString("tier_name"));
  if (!name.success) throw badRequest(`**tier_name**: ${name.error.issues[0]?.message ?? "is not valid"}`);
  const payment = readAmount(o.requireString("tier_payment"));
  if (!payment.ok && payment.misreadable) {
    throw badRequest(`**tier_payment**: ${payment.reason}.`, "tier_payment");
  }
  if (!payment.ok || payment.value <= 0) {
    throw badRequest("**tier_payment** must be an amount like 250k or 1.5m.", "tier_payment");
  }
  return { tierName: name.data, tierPayment: payment.value, tierRoleId: o.requireId("tier_role") };
}

/**
 * `/setup`: without options, the current setup and the next steps; with options, writes them to the
 * same setup record the dashboard edits (and adds a tier), then shows the result.
 */
export const setupCommand = defineCommand("setup", async (command) => {
  const { ctx, serverId } = command;
  const changes = setupChanges(command);
  const tier = tierToAdd(command);
  const actor = { tokenId: null, userId: command.user.id };
  if (Object.keys(changes).length === 0 && !tier) {
    const current = await getServerSetup(ctx, serverId);
    const unsafe = await unsafeSetupLines(ctx, serverId, current, command.user.id);
    await command.reply({ embeds: [setupEmbed(current, "Hearth setup", unsafe)] });
    return;
  }
  let setup = await getServerSetup(ctx, serverId);
  if (Object.keys(changes).length > 0) {
    setup = await asOptions(() => saveSetupForm(ctx, serverId, changes, actor));
  }
  if (tier) setup = await asOptions(() => addTier(ctx, serverId, tier, actor));
  const saved = [
    ...Object.keys(changes).flatMap((key) =>
      key === "events" || key === "grinders" ? Object.keys(changes[key] ?? {}) : [key],
    ),
    ...(tier ? [`tier ${tier.tierName}`] : []),
  ];
  await command.reply({
    content: `Setup saved (${saved.length} change${saved.length === 1 ? "" : "s"}). The dashboard shows the same setup.`,
    embeds: [
      setupEmbed(setup, "Hearth setup", await unsafeSetupLines(ctx, serverId, setup, command.user.id)),
    ],
  });
});
