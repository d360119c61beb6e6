import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import type {
  ButtonInteraction,
  Interaction,
  ModalInteraction,
  SelectInteraction,
} from "../../discord/port/interaction.ts";
import { badRequest } from "../../lib/errors.ts";
import {
  addResponder,
  type Owner,
  overview,
  plural,
  readUserIds,
  removeResponders,
  setEmojis,
  setKeywords,
} from "./member-perks.ts";
import { confirmDeleteMessage, panelIds, panelMessage } from "./panel.ts";
import { panelForm } from "./panel-forms.ts";
import { deletePrivateRole, savePrivateRole, setRoleMembers, toggleListed } from "./private-role.ts";
import { createPrivateChannel, deletePrivateChannel, setChannelMembers } from "./private-spaces.ts";

type Ctx = AppContext;

/** Who clicked, as an owner of perks. */
function interactionOwner(interaction: Interaction): { serverId: string; owner: Owner } {
  const { guildId, member, user } = interaction.data;
  if (!guildId || !member) throw badRequest("Perks work in a server, not in direct messages.");
  return { serverId: guildId, owner: { userId: user.id, roleIds: member.roleIds } };
}

/** Shows the refreshed panel: on the panel's own message when there is one, else as a new private reply. */
async function showPanel(ctx: Ctx, interaction: Interaction, notice: string, targetId?: string) {
  const { serverId, owner } = interactionOwner(interaction);
  const message = panelMessage(await overview(ctx, serverId, owner), {
    notice,
    ...(targetId ? { targetId } : {}),
  });
  const onMessage =
    interaction.data.kind !== "command" && "messageId" in interaction.data && interaction.data.messageId;
  if (onMessage) await interaction.update(message);
  else await interaction.reply(message, { ephemeral: true });
}

async function onForm(ctx: Ctx, interaction: ModalInteraction) {
  const { serverId, owner } = interactionOwner(interaction);
  const kind = interaction.data.customId.slice(panelIds.form.length);
  const field = (name: string) => interaction.data.fields[name] ?? "";
  let notice: string;
  if (kind === "emojis") {
    const keys = await setEmojis(ctx, serverId, owner, field("emojis"));
    notice =
      keys.length > 0
        ? `😀 I'll react to your messages with ${plural(keys.length, "emoji")}.`
        : "😀 Auto-reactions cleared.";
  } else if (kind === "keywords") {
    const keywords = await setKeywords(ctx, serverId, owner, field("keywords"));
    notice = `🔔 ${plural(keywords.length, "highlight keyword")} saved.`;
  } else if (kind === "channel") {
    const ids = readUserIds(field("members"));
    let members: string[];
    if (field("name").trim() !== "") {
      const created = await createPrivateChannel(ctx, serverId, owner, field("name"), ids);
      members = created.members;
      notice = `🔒 Created <#${created.channel.id}>.`;
    } else {
      members = await setChannelMembers(ctx, serverId, owner, ids);
      notice = "🔒 Channel members saved.";
    }
    if (members.length > 0) notice += ` ${plural(members.length, "member")} can see it besides you.`;
  } else if (kind === "role") {
    const ids = readUserIds(field("members"));
    const { role, created } = await savePrivateRole(ctx, serverId, owner, {
      name: field("name"),
      colour: field("colour"),
      members: ids,
    });
    const members = await setRoleMembers(ctx, serverId, owner, ids);
    notice = `🎨 ${created ? "Created" : "Updated"} <@&${role.id}>; ${plural(members.length + 1, "member")} have it.`;
  } else if (kind === "responder") {
    const responder = await addResponder(ctx, serverId, owner, {
      trigger: field("trigger"),
      text: field("text"),
      title: field("title"),
      description: field("description"),
      colour: field("colour"),
    });
    notice = `💬 Added a responder for "${responder.trigger}".`;
  } else {
    throw badRequest("This form is no longer in use.");
  }
  await showPanel(ctx, interaction, notice);
}

async function openForm(ctx: Ctx, interaction: ButtonInteraction, kind: Parameters<typeof panelForm>[0]) {
  const { serverId, owner } = interactionOwner(interaction);
  const data = await overview(ctx, serverId, owner);
  const roleId = kind === "role" ? data.member?.roleId : null;
  const roleName = roleId
    ? (await ctx.discord.listRoles(serverId)).find((r) => r.id === roleId)?.name
    : undefined;
  await interaction.showModal(panelForm(kind, data, roleName ? { roleName } : {}));
}

async function onTarget(ctx: Ctx, interaction: ButtonInteraction) {
  const { serverId, owner } = interactionOwner(interaction);
  const match = /^(channel|role)-(add|remove):(\d+)$/.exec(
    interaction.data.customId.slice(panelIds.target.length),
  );
  if (!match) throw badRequest("This button no longer does anything.");
  const [, what, action, targetId] = match as unknown as [
    string,
    "channel" | "role",
    "add" | "remove",
    string,
  ];
  await toggleListed(ctx, serverId, owner, what, targetId, action === "add");
  const place = what === "channel" ? "your channel" : "your role";
  await showPanel(
    ctx,
    interaction,
    `${action === "add" ? "Added" : "Removed"} <@${targetId}> ${action === "add" ? "to" : "from"} ${place}.`,
    targetId,
  );
}

async function onRemoveResponders(ctx: Ctx, interaction: SelectInteraction) {
  const { serverId, owner } = interactionOwner(interaction);
  const ids = interaction.data.values.map(Number).filter(Number.isInteger);
  const removed = await removeResponders(ctx, serverId, owner, ids);
  await showPanel(ctx, interaction, `💬 Removed ${plural(removed, "responder")}.`);
}

/** The first click on a Delete button: the panel turns into a question. */
async function askDelete(ctx: Ctx, interaction: ButtonInteraction, what: "channel" | "role") {
  const { serverId, owner } = interactionOwner(interaction);
  const { member } = await overview(ctx, serverId, owner);
  const id = what === "channel" ? member?.channelId : member?.roleId;
  if (!id) throw badRequest(`You don't have a private ${what}.`);
  await interaction.update(confirmDeleteMessage(what, id));
}

/** The `/perks` panel's buttons, menu and forms. */
export function listenPanel(bot: Bot, ctx: Ctx): void {
  bot.onButton(panelIds.emojis, (i) => openForm(ctx, i, "emojis"));
  bot.onButton(panelIds.keywords, (i) => openForm(ctx, i, "keywords"));
  bot.onButton(panelIds.channel, (i) => openForm(ctx, i, "channel"));
  bot.onButton(panelIds.role, (i) => openForm(ctx, i, "role"));
  bot.onButton(panelIds.responderAdd, (i) => openForm(ctx, i, "responder"));
  bot.onButton(panelIds.channelDelete, (i) => askDelete(ctx, i, "channel"));
  bot.onButton(panelIds.roleDelete, (i) => askDelete(ctx, i, "role"));
  bot.onButton(`${panelIds.confirmDelete}channel`, async (i) => {
    const { serverId, owner } = interactionOwner(i);
    await deletePrivateChannel(ctx, serverId, owner);
    await showPanel(ctx, i, "🔒 Deleted your private channel.");
  });
  bot.onButton(`${panelIds.confirmDelete}role`, async (i) => {
    const { serverId, owner } = interactionOwner(i);
    await deletePrivateRole(ctx, serverId, owner);
    await showPanel(ctx, i, "🎨 Deleted your private role.");
  });
  bot.onButton(panelIds.back, (i) => showPanel(ctx, i, "Nothing was deleted."));
  bot.onButton(panelIds.target, (i) => onTarget(ctx, i));
  bot.onSelect(panelIds.responderRemove, (i) => onRemoveResponders(ctx, i));
  bot.onModal(panelIds.form, (i) => onForm(ctx, i));
}
