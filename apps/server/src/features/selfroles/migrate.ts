import { badRequest, notFound } from "../../lib/errors.ts";
import type { Deps } from "./access.ts";
import { createPanel, freeName, type PostedPanel } from "./panels.ts";
import * as roleStore from "./role-store.ts";
import { fitLines, parseReactionRoleMessage, refusedIn, selfRoleLimits } from "./rules.ts";

export interface Migration extends PostedPanel {
  imported: number;
  /** Roles found on the message but left out, each with why. */
  skipped: string[];
  /** Imported roles that lost something on the way (an emoji Hearth can't use). */
  notes: string[];
}

/**
 * Discord refuses a button whose custom emoji the bot can't use, which would sink the whole panel:
 * a custom emoji from another server is left off its button (the role stays), and the admin is told.
 */
async function dropForeignEmojis(
  deps: Deps,
  serverId: string,
  kept: { roleId: string; emoji: string | null }[],
  notes: string[],
) {
  const custom = (emoji: string | null) => (emoji ? /^<a?:[\w~]+:(\d+)>$/.exec(emoji)?.[1] : undefined);
  if (!kept.some((pair) => custom(pair.emoji))) return;
  const own = new Set((await deps.discord.listEmojis(serverId)).map((emoji) => emoji.id));
  for (const pair of kept) {
    const id = custom(pair.emoji);
    if (id && !own.has(id)) {
      notes.push(`<@&${pair.roleId}>: kept, without its emoji ${pair.emoji} (it's from another server)`);
      pair.emoji = null;
    }
  }
}

/**
 * Imports a reaction-role message (another bot's, or an old one) into a button panel: pairs its
 * emojis with its roles, keeps the whitelisted ones (saying why each other one was skipped), and
 * posts the new panel in the same channel. The old message is left alone for the admin to delete.
 */
export async function migrateReactionRoles(
  deps: Deps,
  serverId: string,
  actorId: string,
  input: { messageId: string; channelId: string },
): Promise<Migration> {
  const messageId = input.messageId.trim();
  if (!/^\d{17,20}$/.test(messageId)) {
    throw badRequest(
      "A message ID is a long number: right-click the message → Copy Message ID (turn on Developer Mode in Discord's settings).",
      "message_id",
    );
  }
  const message = await deps.discord.getMessage(input.channelId, messageId);
  if (!message || (message.guildId !== null && message.guildId !== serverId)) {
    throw notFound(
      `I can't find message ${messageId} in <#${input.channelId}>. Give the **channel** it's in, and check I can read that channel's history.`,
    );
  }
  const roles = await deps.discord.listRoles(serverId);
  const pairs = parseReactionRoleMessage(message, roles);
  if (pairs.length === 0) {
    throw badRequest(
      "I found no roles on that message. It should mention the roles (`🔴 @Red`, one per line) in its text or embed, or mention them in the same order as its reactions.",
      "message_id",
    );
  }
  const byId = new Map(roles.map((role) => [role.id, role]));
  const listed = new Map((await roleStore.listRoles(deps.storage.db, serverId)).map((r) => [r.roleId, r]));
  const kept: { roleId: string; emoji: string | null }[] = [];
  const skipped: string[] = [];
  for (const pair of pairs) {
    const role = byId.get(pair.roleId);
    const entry = listed.get(pair.roleId);
    if (!role) skipped.push(`<@&${pair.roleId}>: the role no longer exists`);
    else if (role.managed || role.id === serverId) skipped.push(`**@${role.name}**: Discord manages it`);
    else if (refusedIn(role.permissions).length > 0)
      skipped.push(
        `**@${role.name}**: it has dangerous permissions (${refusedIn(role.permissions)
          .map((p) => p.name)
          .join(", ")})`,
      );
    else if (entry?.status === "blacklisted")
      skipped.push(`**@${role.name}**: it's blacklisted (${entry.reason})`);
    else if (!entry) skipped.push(`**@${role.name}**: not on the whitelist`);
    else if (kept.length >= selfRoleLimits.maxRoles)
      skipped.push(`**@${role.name}**: a panel holds 25 roles`);
    else kept.push(pair);
  }
  if (kept.length === 0) {
    throw badRequest(
      `None of the roles on that message can be a self-role yet:\n${fitLines(
        skipped.map((s) => `• ${s}`),
        1700,
      )}\nWhitelist them with \`/selfroles whitelist action:add\`, then run this again.`,
      "message_id",
    );
  }
  const notes: string[] = [];
  await dropForeignEmojis(deps, serverId, kept, notes);
  const title = message.embeds[0]?.title?.trim() || "Pick your roles";
  const posted = await createPanel(deps, serverId, actorId, {
    name: await freeName(deps, serverId, title),
    title,
    description: "Moved here from a reaction-role message: press a button instead of reacting.",
    display: "buttons",
    roles: kept,
    channelId: input.channelId,
  });
  return { ...posted, imported: kept.length, skipped, notes };
}
