import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createPanel } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import * as store from "./store.ts";
import { addToWhitelist } from "./whitelist.ts";

/** Colour roles of the demo, created just above @everyone (below the bot's role). */
const colours = [
  { name: "Crimson", color: 0xdc2626, emoji: "🔴" },
  { name: "Amber", color: 0xf59e0b, emoji: "🟠" },
  { name: "Jade", color: 0x16a34a, emoji: "🟢" },
  { name: "Azure", color: 0x2563eb, emoji: "🔵" },
  { name: "Violet", color: 0x7c3aed, emoji: "🟣" },
];
const extraPings = [{ name: "Heist Ping", color: 0xfbbf24 }];

/**
 * Seeds Ember Hollow's self-roles: five colour roles and three ping roles on the whitelist, a
 * "Colours" button panel and a "Pings" dropdown panel posted in #self-roles.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  if ((await store.listPanels(ctx.storage.db, demoGuildId)).length > 0) return;
  const channel = (await ctx.discord.listChannels(demoGuildId)).find((c) => c.name === "self-roles");
  if (!channel) return;
  const existing = await ctx.discord.listRoles(demoGuildId);
  const roleId = async (role: { name: string; color: number }) =>
    existing.find((r) => r.name === role.name)?.id ??
    (await ctx.discord.createRole(demoGuildId, role, "Self-roles demo role")).id;

  const colourRoles = [];
  for (const colour of colours) colourRoles.push({ roleId: await roleId(colour), emoji: colour.emoji });
  const pingRoles = [];
  for (const ping of [
    { name: "Giveaway Ping", color: 0 },
    { name: "Events Ping", color: 0 },
    ...extraPings,
  ]) {
    pingRoles.push({ roleId: await roleId(ping), emoji: null });
  }
  const listed = new Set(
    (await roleStore.listRoles(ctx.storage.db, demoGuildId)).map((entry) => entry.roleId),
  );
  for (const { roleId: id } of [...colourRoles, ...pingRoles]) {
    if (!listed.has(id)) await addToWhitelist(ctx, demoGuildId, demoOwnerId, id);
  }
  await createPanel(ctx, demoGuildId, demoOwnerId, {
    name: "Colours",
    title: "🎨 Pick your colour",
    description: "One colour at a time looks best. Press again to take it off.",
    display: "buttons",
    roles: colourRoles,
    channelId: channel.id,
  });
  await createPanel(ctx, demoGuildId, demoOwnerId, {
    name: "Pings",
    title: "🔔 Notification roles",
    description: "Choose what you want to be pinged for; unpick to stop.",
    display: "dropdown",
    roles: pingRoles,
    channelId: channel.id,
  });
}
