import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import type { Interaction } from "../../discord/port/interaction.ts";
import { isServerAdmin, loadHierarchy } from "../../discord/roles/hierarchy.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { setPanelSelection, toggleRole } from "./clicks.ts";
import {
  cancelDraft,
  changeDraft,
  chooseDraftRoles,
  createIds,
  postDraft,
  submitCreateForm,
} from "./create-flow.ts";
import { forgetDeletedRole, guardRole, restorePrefix, restoreRole, sweepServer } from "./guard.ts";
import { deletePanel } from "./panels.ts";

export const deletePrefix = "sr:del:";
export const cancelDeleteId = "sr:delcancel";

const outsideServer = "Self-roles work inside their server.";

function inServer(interaction: Interaction): { serverId: string; userId: string; roleIds: string[] } {
  const { guildId, member, user } = interaction.data;
  if (!guildId || !member) throw badRequest(outsideServer);
  return { serverId: guildId, userId: user.id, roleIds: member.roleIds };
}

/** Admin-only buttons re-check the clicker's permissions: anyone can see a button on a message. */
async function requireAdmin(ctx: AppContext, interaction: Interaction) {
  const who = inServer(interaction);
  const hierarchy = await loadHierarchy(ctx, who.serverId);
  if (!isServerAdmin(hierarchy, who.serverId, who)) {
    throw forbidden("You need Administrator or Manage Server to do that.");
  }
  return who;
}

/** Every self-role button, menu and form, and the role guard (role updates and deletions). */
export function listenForSelfRoles(bot: Bot, ctx: AppContext): () => void {
  bot.onButton("sr:t:", async (interaction) => {
    const { serverId, userId, roleIds } = inServer(interaction);
    const [, , panelId, roleId] = interaction.data.customId.split(":");
    const { action, role } = await toggleRole(ctx, serverId, {
      panelId: Number(panelId),
      roleId: roleId ?? "",
      member: { userId, roleIds },
    });
    await interaction.reply(
      {
        content: action === "added" ? `Added <@&${role.id}>` : `Removed <@&${role.id}>`,
        allowedMentions: { roles: [] },
      },
      { ephemeral: true },
    );
  });

  bot.onSelect("sr:s:", async (interaction) => {
    const { serverId, userId, roleIds } = inServer(interaction);
    const panelId = Number(interaction.data.customId.split(":")[2]);
    const result = await setPanelSelection(ctx, serverId, {
      panelId,
      values: interaction.data.values,
      member: { userId, roleIds },
    });
    const lines = [
      ...(result.added.length > 0 ? [`Added ${result.added.map((r) => `<@&${r.id}>`).join(", ")}`] : []),
      ...(result.removed.length > 0
        ? [`Removed ${result.removed.map((r) => `<@&${r.id}>`).join(", ")}`]
        : []),
      ...result.refused.map((line) => `⚠️ ${line}`),
    ];
    await interaction.reply(
      {
        content: lines.length > 0 ? lines.join("\n") : "No changes: you already have exactly those roles.",
        allowedMentions: { roles: [] },
      },
      { ephemeral: true },
    );
  });

  bot.onButton(restorePrefix, async (interaction) => {
    const [serverId, roleId] = interaction.data.customId.slice(restorePrefix.length).split(":");
    if (!serverId || !roleId)
      throw badRequest("This button is broken; restore the role with `/selfroles whitelist action:add`.");
    const result = await restoreRole(ctx, serverId, roleId, interaction.data.user.id);
    const where =
      result.panels.length > 0 ? ` and back on ${result.panels.map((name) => `**${name}**`).join(", ")}` : "";
    await interaction.update({
      content: result.already
        ? `**@${result.role.name}** was already restored.`
        : `✅ Restored **@${result.role.name}**: it's back on the whitelist${where}. Restored by <@${interaction.data.user.id}>.`,
      embeds: [],
      components: [],
      allowedMentions: { users: [], roles: [] },
    });
  });

  bot.onButton(deletePrefix, async (interaction) => {
    const { serverId } = await requireAdmin(ctx, interaction);
    const panelId = Number(interaction.data.customId.slice(deletePrefix.length));
    const { panel, messages } = await deletePanel(ctx, serverId, panelId, {
      tokenId: null,
      userId: interaction.data.user.id,
    });
    await interaction.update({
      content: `🗑️ Deleted the **${panel.name}** panel${messages > 0 ? ` and cleaned up ${messages} message${messages === 1 ? "" : "s"}` : ""}.`,
      components: [],
    });
  });
  bot.onButton(cancelDeleteId, (interaction) =>
    interaction.update({ content: "Kept the panel; nothing was deleted.", components: [] }),
  );

  // The /selfroles create conversation.
  bot.onModal(createIds.form, async (interaction) => {
    const { serverId, userId } = await requireAdmin(ctx, interaction);
    const channelId = interaction.data.customId.slice(createIds.form.length);
    const message = await submitCreateForm(ctx, serverId, userId, {
      channelId,
      fields: interaction.data.fields,
    });
    await interaction.reply(message, { ephemeral: true });
  });
  bot.onSelect(createIds.roles, async (interaction) => {
    const { serverId, userId } = inServer(interaction);
    const draftId = interaction.data.customId.slice(createIds.roles.length);
    await interaction.update(await chooseDraftRoles(ctx, serverId, userId, draftId, interaction.data.values));
  });
  bot.onButton(createIds.page, async (interaction) => {
    const { serverId, userId } = inServer(interaction);
    const [draftId, page] = interaction.data.customId.slice(createIds.page.length).split(":");
    await interaction.update(
      await changeDraft(ctx, serverId, userId, draftId ?? "", { page: Number(page) || 0 }),
    );
  });
  bot.onButton(createIds.display, async (interaction) => {
    const { serverId, userId } = inServer(interaction);
    const [draftId, display] = interaction.data.customId.slice(createIds.display.length).split(":");
    const chosen = display === "dropdown" ? "dropdown" : "buttons";
    await interaction.update(await changeDraft(ctx, serverId, userId, draftId ?? "", { display: chosen }));
  });
  bot.onButton(createIds.post, async (interaction) => {
    const { serverId, userId } = await requireAdmin(ctx, interaction);
    const posted = await postDraft(
      ctx,
      serverId,
      userId,
      interaction.data.customId.slice(createIds.post.length),
    );
    const warnings = posted.warnings.map((warning) => `\n⚠️ ${warning}`).join("");
    await interaction.update({
      content: `✅ Posted the **${posted.panel.name}** panel in <#${posted.channelId}>.${warnings}`,
      embeds: [],
      components: [],
    });
  });
  bot.onButton(createIds.cancel, async (interaction) => {
    const { serverId, userId } = inServer(interaction);
    await cancelDraft(ctx, serverId, userId, interaction.data.customId.slice(createIds.cancel.length));
    await interaction.update({ content: "Cancelled: no panel was created.", embeds: [], components: [] });
  });

  const stops = [
    bot.events.on("roleUpdate", (role) => guardRole(ctx, role)),
    bot.events.on("roleDelete", ({ guildId, roleId }) => forgetDeletedRole(ctx, guildId, roleId)),
    // A role may have changed while the bot was offline: check the whitelist on every (re)connect.
    bot.events.on("guildCreate", (guild) => sweepServer(ctx, guild.id)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
