import {
  cleanDraft,
  draftHasTags,
  draftToEmbed,
  type EmbedDraft,
  embedLength,
  embedLimits,
  embedToDraft,
  type LinkButtonDraft,
  renderDraft,
  renderTemplate,
  type TemplateContext,
  validateDraft,
  validateEmbed,
  validateTemplate,
  withoutTagLinks,
} from "@hearth/core";
import { templateContextFor } from "../../discord/people/template-context.ts";
import type { ChannelInfo, Embed, MemberInfo, OutgoingMessage } from "../../discord/port/port.ts";
import { channelPermissions, Permission } from "../../discord/roles/permissions.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { editedMessageRows, linkButtonRow, splitMessageRows } from "./link-buttons.ts";
import { type EmbedsDeps, embedBuilderLimits, openSession, problemsError } from "./service.ts";
import type { DraftSession, TargetRest } from "./store.ts";

/**
 * The builder's embed in Discord: the preview with tags filled in, posting it in a channel the
 * sender may post in, and opening a message Hearth posted to edit it in place.
 */

/** Channel types the builder posts in: text and announcement. */
const postableTypes = new Set([0, 5]);

/** The template context for a member (what `{user.…}` and `{server.…}` read). */
export function contextFor(deps: Pick<EmbedsDeps, "discord">, serverId: string, member: MemberInfo) {
  return templateContextFor(deps, serverId, member);
}

/** The draft with its tags filled in for a member. */
export function renderFor(draft: EmbedDraft, context: TemplateContext | null): EmbedDraft {
  if (!context || !draftHasTags(draft)) return draft;
  return renderDraft(draft, (text) => renderTemplate(text, context));
}

/**
 * The preview: the embed and its link buttons as the member would send them (tags filled in for
 * them), or as written when the filled-in version would break a limit (sending then explains).
 */
export async function previewMessage(
  deps: Pick<EmbedsDeps, "discord">,
  serverId: string,
  member: MemberInfo | null,
  draft: EmbedDraft,
): Promise<{ embed: Embed; buttons: LinkButtonDraft[] }> {
  if (member && draftHasTags(draft)) {
    try {
      const rendered = renderFor(draft, await contextFor(deps, serverId, member));
      if (validateEmbed(rendered).length === 0) {
        return { embed: draftToEmbed(rendered), buttons: rendered.buttons ?? [] };
      }
    } catch {
      // The preview falls back to the text as written.
    }
  }
  return { embed: draftToEmbed(withoutTagLinks(draft)), buttons: cleanDraft(draft).buttons ?? [] };
}

/**
 * The dashboard's preview of a message: the text above and the embed with its link buttons, as
 * `previewMessage` shows the builder's (tags filled in for the member). Problems answer 400 naming
 * the part, as Send would.
 */
export async function previewDraftMessage(
  deps: Pick<EmbedsDeps, "discord">,
  serverId: string,
  member: MemberInfo,
  draft: EmbedDraft,
  content = "",
): Promise<OutgoingMessage> {
  const problems = validateDraft(draft);
  if (problems.length > 0) throw problemsError(problems, "The embed can't be sent:");
  const text = content.trim();
  const unknown = validateTemplate(text)[0];
  if (unknown) {
    const hint = unknown.suggestion ? ` Did you mean ${unknown.suggestion}?` : "";
    throw badRequest(`${unknown.tag} in the message text isn't a tag Hearth knows.${hint}`, "content");
  }
  const { embed, buttons } = await previewMessage(deps, serverId, member, draft);
  const row = linkButtonRow(buttons);
  const filled = text && renderTemplate(text, await contextFor(deps, serverId, member));
  return {
    ...(filled ? { content: filled.slice(0, embedBuilderLimits.content) } : {}),
    embeds: [embed],
    ...(row.length > 0 ? { components: [row] } : {}),
  };
}

/**
 * A channel as a member names it: `<#id>`, an id, `#name` or `name` (any case). Only text and
 * announcement channels of the server.
 */
export async function resolveChannel(
  deps: Pick<EmbedsDeps, "discord">,
  serverId: string,
  text: string,
): Promise<ChannelInfo> {
  const wanted = text.trim();
  if (wanted === "") throw badRequest("Name the channel to send to, e.g. #announcements.", "channel");
  const channels = await deps.discord.listChannels(serverId);
  const id = /^<#(\d+)>$/.exec(wanted)?.[1] ?? (/^\d{5,25}$/.test(wanted) ? wanted : null);
  const name = wanted.replace(/^#/, "").toLowerCase();
  const channel = id
    ? channels.find((c) => c.id === id)
    : channels.find((c) => c.name.toLowerCase() === name && postableTypes.has(c.type));
  if (!channel) throw badRequest(`I can't find a channel “${wanted}” in this server.`, "channel");
  if (!postableTypes.has(channel.type)) {
    throw badRequest(`#${channel.name} isn't a text or announcement channel.`, "channel");
  }
  return channel;
}

/** The member's permissions in a channel, from their roles and the channel's overwrites. */
async function memberPermissionsIn(
  deps: Pick<EmbedsDeps, "discord">,
  serverId: string,
  member: MemberInfo,
  channel: ChannelInfo,
): Promise<bigint> {
  const [guild, roles] = await Promise.all([
    deps.discord.getGuild(serverId),
    deps.discord.listRoles(serverId),
  ]);
  return channelPermissions({
    ownerId: guild?.ownerId ?? "",
    roles,
    member: { userId: member.user.id, roleIds: member.roleIds },
    channel,
  });
}

const has = (bits: bigint, flag: bigint) => (bits & flag) === flag;

/** Which mentions in the text may ping: users always; roles, @everyone and @here with Mention Everyone. */
function mentionsFor(content: string, mayMentionAll: boolean): OutgoingMessage["allowedMentions"] {
  const users = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1] as string);
  const roles = mayMentionAll ? [...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1] as string) : [];
  return { users: [...new Set(users)], roles: [...new Set(roles)], everyone: mayMentionAll };
}

export interface SendResult {
  channelId: string;
  messageId: string;
  /** True when an existing message was updated in place. */
  edited: boolean;
}

/**
 * Posts the session's embed (tags filled in for the sender) in a channel the sender can post in,
 * with optional text above it; in an edit session, updates the message in place instead. The
 * filled-in embed is checked against Discord's limits again before anything is sent.
 */
export async function sendSession(
  deps: EmbedsDeps,
  session: DraftSession,
  sender: MemberInfo,
  input: { channel?: string; content?: string } = {},
): Promise<SendResult> {
  const { serverId } = session;
  const content = input.content?.trim() ?? "";
  if (content.length > embedBuilderLimits.content) {
    throw badRequest(
      `The message text is ${content.length} characters; the limit is ${embedBuilderLimits.content}.`,
      "content",
    );
  }
  const contentProblems = validateTemplate(content);
  if (contentProblems.length > 0) {
    const first = contentProblems[0];
    const hint = first?.suggestion ? ` Did you mean ${first.suggestion}?` : "";
    throw badRequest(`${first?.tag} in the message text isn't a tag Hearth knows.${hint}`, "content");
  }
  const channel = session.target
    ? await deps.discord.getChannel(session.target.channelId)
    : await resolveChannel(deps, serverId, input.channel ?? "");
  if (!channel || channel.guildId !== serverId) {
    throw notFound("The channel of that message is gone, so it can't be updated.");
  }
  const permissions = await memberPermissionsIn(deps, serverId, sender, channel);
  if (!has(permissions, Permission.ViewChannel | Permission.SendMessages)) {
    throw forbidden(`You can't post in <#${channel.id}> yourself, so I won't post there for you.`);
  }
  const context = await contextFor(deps, serverId, sender);
  const rendered = renderFor(session.draft, context);
  const problems = validateEmbed(rendered);
  if (problems.length > 0) {
    throw problemsError(problems, "With the tags filled in, the embed breaks Discord's limits:");
  }
  const embed = draftToEmbed(rendered);
  const { buttons } = cleanDraft(rendered);
  const text = content === "" ? "" : renderTemplate(content, context).slice(0, embedBuilderLimits.content);
  if (session.target) {
    const { messageId, rest } = session.target;
    // Discord's 6,000 characters count every embed of a message, and the edit keeps the others.
    const others = rest.embeds.reduce((sum, other) => sum + embedLength(embedToDraft(other)), 0);
    const combined = embedLength(rendered) + others;
    if (others > 0 && combined > embedLimits.total) {
      throw badRequest(
        `With the message's other embeds (${others} characters), it would have ${combined} characters in all; Discord's limit for a message is ${embedLimits.total}.`,
        "embed",
      );
    }
    await deps.discord.editMessage(channel.id, messageId, {
      content: rest.content,
      embeds: [embed, ...rest.embeds],
      components: editedMessageRows(buttons, rest),
    });
    return { channelId: channel.id, messageId, edited: true };
  }
  const mayMentionAll = has(permissions, Permission.MentionEveryone);
  const linkRow = linkButtonRow(buttons);
  const sent = await deps.discord.sendMessage(channel.id, {
    ...(text ? { content: text } : {}),
    embeds: [embed],
    ...(linkRow.length > 0 ? { components: [linkRow] } : {}),
    allowedMentions: mentionsFor(text, mayMentionAll),
  });
  return { channelId: sent.channelId, messageId: sent.id, edited: false };
}

/** A message Hearth posted, read for editing: its first embed as a draft, and what an edit keeps. */
export interface PostedEmbed {
  channelId: string;
  messageId: string;
  draft: EmbedDraft;
  rest: TargetRest;
}

/**
 * Reads an embed Hearth posted, for `/embed edit` and the dashboard: refuses messages that aren't
 * Hearth's or have no embed, and channels the member can't post in.
 */
export async function readPostedEmbed(
  deps: Pick<EmbedsDeps, "discord">,
  input: { serverId: string; member: MemberInfo; channelId: string; messageId: string },
): Promise<PostedEmbed> {
  const messageId = input.messageId.trim();
  if (!/^\d{5,25}$/.test(messageId)) {
    throw badRequest(
      "**message_id** must be a message ID (turn on Developer Mode, then right-click the message → Copy Message ID).",
      "message_id",
    );
  }
  const channel = await deps.discord.getChannel(input.channelId);
  if (!channel || channel.guildId !== input.serverId) {
    throw badRequest("That channel isn't in this server.", "channel");
  }
  const permissions = await memberPermissionsIn(deps, input.serverId, input.member, channel);
  if (!has(permissions, Permission.ViewChannel | Permission.SendMessages)) {
    throw forbidden(`You can't post in <#${channel.id}>, so you can't edit messages there with Hearth.`);
  }
  const message = await deps.discord.getMessage(channel.id, messageId);
  if (!message) {
    throw notFound(
      `I can't find message ${messageId} in <#${channel.id}>. Check the ID, and give **channel** when it's in another channel.`,
    );
  }
  const bot = await deps.discord.getBotMember(input.serverId);
  if (!bot || message.author.id !== bot.user.id) {
    throw badRequest("I can only edit messages Hearth posted; that one is someone else's.", "message_id");
  }
  const [first, ...others] = message.embeds;
  if (!first) throw badRequest("That message has no embed to edit.", "message_id");
  const rows = splitMessageRows(message.components ?? []);
  const draft: EmbedDraft = {
    ...embedToDraft(first),
    ...(rows.buttons.length > 0 ? { buttons: rows.buttons } : {}),
  };
  return {
    channelId: channel.id,
    messageId,
    draft,
    rest: {
      content: message.content,
      embeds: others,
      components: rows.others,
      buttonRowAt: rows.buttonRowAt,
    },
  };
}

/**
 * Opens an embed Hearth posted in a builder session (see `readPostedEmbed`); Send then updates it
 * in place (its text, other embeds and other rows of buttons and menus are kept; its row of link
 * buttons is the draft's to change).
 */
export async function openEditSession(
  deps: EmbedsDeps,
  input: { serverId: string; userId: string; member: MemberInfo; channelId: string; messageId: string },
): Promise<DraftSession> {
  const posted = await readPostedEmbed(deps, input);
  return openSession(deps, {
    serverId: input.serverId,
    userId: input.userId,
    draft: posted.draft,
    target: { channelId: posted.channelId, messageId: posted.messageId, rest: posted.rest },
  });
}

/**
 * The dashboard's Send and Save: the draft checked as the builder checks it, then sent (or the
 * posted message updated) by `sendSession`, the builder's own Send, for the dashboard's member.
 */
export async function sendDraft(
  deps: EmbedsDeps,
  serverId: string,
  sender: MemberInfo,
  draft: EmbedDraft,
  to: { channelId: string; content?: string } | { posted: PostedEmbed },
): Promise<SendResult> {
  const problems = validateDraft(draft);
  if (problems.length > 0) throw problemsError(problems, "The embed can't be sent:");
  const now = Date.now();
  const session: DraftSession = {
    id: "dashboard",
    serverId,
    userId: sender.user.id,
    draft: cleanDraft(draft),
    target:
      "posted" in to
        ? { channelId: to.posted.channelId, messageId: to.posted.messageId, rest: to.posted.rest }
        : null,
    pendingForm: null,
    createdAt: now,
    updatedAt: now,
    expiresAt: now,
  };
  return sendSession(
    deps,
    session,
    sender,
    "posted" in to
      ? {}
      : { channel: to.channelId, ...(to.content !== undefined ? { content: to.content } : {}) },
  );
}
