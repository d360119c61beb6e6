import type { AppContext } from "../../context.ts";
import { Permission } from "../../discord/roles/permissions.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { getSetup } from "../setup/service.ts";
import { statusLine } from "./bot-views.ts";
import { findGrinderByUser } from "./roster.ts";

const ticketAccess =
  Permission.ViewChannel | Permission.SendMessages | Permission.ReadMessageHistory | Permission.AttachFiles;

/** The ticket channel's name for a member: `ticket-<username>`, kept to what channel names allow. */
function ticketName(user: { id: string; username: string }): string {
  const slug = user.username
    .toLowerCase()
    .replace(/[^a-z0-9-_]/g, "")
    .slice(0, 80);
  return `ticket-${slug || user.id}`;
}

/**
 * `/grinder ticket`: opens a private channel under the setup's ticket category for a grinder and
 * the grinder managers, and pings them there. One open ticket per grinder. Answers the channel.
 */
export async function openTicket(
  deps: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  user: { id: string; username: string },
): Promise<{ channelId: string }> {
  const setup = await getSetup(deps, serverId);
  if (!setup.ticketCategoryId) {
    throw badRequest(
      "Grinder tickets aren't set up yet: an admin can pick a category with `/setup ticket_category`.",
    );
  }
  const grinder = await findGrinderByUser(deps, serverId, user.id);
  if (!grinder) throw notFound("You aren't on the grinder team.");
  const name = ticketName(user);
  const channels = await deps.discord.listChannels(serverId);
  const open = channels.find((c) => c.parentId === setup.ticketCategoryId && c.name === name);
  if (open) throw conflict(`You already have a ticket open: <#${open.id}>.`);
  const managers = setup.managerRoleId ? [setup.managerRoleId] : [];
  const bot = await deps.discord.getBotMember(serverId);
  const participant = (id: string, type: "role" | "member") => ({
    id,
    type,
    allow: String(ticketAccess),
    deny: "0",
  });
  // Private: hidden from @everyone, open to the grinder, the grinder managers and the bot itself.
  const channel = await deps.discord.createChannel(
    serverId,
    {
      name,
      type: 0,
      parentId: setup.ticketCategoryId,
      topic: `Grinder ticket of ${user.username} (${user.id})`,
      permissionOverwrites: [
        { id: serverId, type: "role", allow: "0", deny: String(Permission.ViewChannel) },
        participant(user.id, "member"),
        ...managers.map((id) => participant(id, "role")),
        ...(bot ? [participant(bot.user.id, "member")] : []),
      ],
    },
    `Grinder ticket for ${user.username}`,
  );
  await deps.discord.sendMessage(channel.id, {
    content: `<@${user.id}>${managers.map((id) => ` <@&${id}>`).join("")}`,
    embeds: [
      {
        title: "Grinder ticket",
        description: `<@${user.id}> (${grinder.tier}, ${statusLine(grinder)}) opened a ticket. Describe what you need and a grinder manager will answer here.`,
        color: 0x10b981,
      },
    ],
    allowedMentions: { users: [user.id], roles: managers },
  });
  return { channelId: channel.id };
}
