import { makeSnowflake } from "../lib/snowflake.ts";
import type { PresenceEvent } from "./events.ts";
import {
  type ButtonData,
  type CommandData,
  Interaction,
  type InteractionData,
  type InteractionMember,
  type InteractionTransport,
  type ModalData,
  type OptionValue,
  type SelectData,
} from "./interaction.ts";
import { basePermissions, channelPermissions } from "./permissions.ts";
import {
  type Attachment,
  DiscordError,
  type EmojiInfo,
  emojiKey,
  type MemberInfo,
  type Modal,
  type OutgoingMessage,
  parseEmoji,
  type ReactionEmoji,
  type RoleInfo,
  type SentMessage,
} from "./port.ts";
import { requireChannel, requireGuild, requireMessage } from "./sandbox-context.ts";
import { mentionedUserIds, SandboxDirectory } from "./sandbox-directory.ts";
import { removeChannel } from "./sandbox-guilds.ts";
import { removeRole, updateRole } from "./sandbox-members.ts";
import { removeMessage, storeMessage } from "./sandbox-messages.ts";
import { record } from "./sandbox-outbox.ts";
import { storeReaction } from "./sandbox-reactions.ts";

export { mentionedRoleIds, mentionedUserIds } from "./sandbox-directory.ts";

/** One answer the bot gave to a simulated command, button, menu choice or form. */
export interface SandboxInteractionResponse {
  type: "reply" | "defer" | "deferUpdate" | "update" | "modal" | "edit" | "delete" | "followUp";
  message?: OutgoingMessage;
  ephemeral?: boolean;
  /** The form the bot opened (`type: "modal"`). */
  modal?: Modal;
}

/**
 * Discord without Discord: guilds, channels, roles and members live in `sandbox_*` tables (seeded
 * with a demo server), and every outgoing action is applied there, recorded in `sandbox_outbox`
 * and logged, so the dashboard shows real effects and tests can assert on them. The port itself is
 * `SandboxDirectory`; this class adds what Discord's gateway would deliver: the bot's start, and
 * the `simulate…` methods (members posting, reacting, clicking, submitting forms; admins editing
 * roles and channels) that tests and the sandbox UI use.
 */
export class SandboxAdapter extends SandboxDirectory {
  // The bot's events. Discord's gateway would deliver these; here the bot role's start and the
  // `simulate…` methods (for tests and the sandbox UI) write the sandbox tables and emit them.
  // Each resolves once every listener has finished.

  /** The sandbox's READY: the bot "joins" every guild of the directory. */
  async start(): Promise<void> {
    for (const guild of await this.listGuilds()) await this.events.emit("guildCreate", guild);
  }

  async stop(): Promise<void> {
    await this.events.idle();
  }

  async simulateMemberJoin(
    guildId: string,
    user: { id?: string; username: string; globalName?: string | null; bot?: boolean; dmOpen?: boolean },
    options: { roleIds?: string[]; nick?: string | null } = {},
  ): Promise<MemberInfo> {
    await requireGuild(this.sandbox, guildId);
    const userId = user.id ?? makeSnowflake();
    await this.sandbox.db
      .insertInto("sandbox_users")
      .values({
        id: userId,
        username: user.username,
        global_name: user.globalName ?? null,
        avatar: null,
        bot: user.bot ? 1 : 0,
        created_at: Date.now(),
        dm_open: user.dmOpen === false ? 0 : 1,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    await this.sandbox.db
      .insertInto("sandbox_members")
      .values({
        guild_id: guildId,
        user_id: userId,
        nick: options.nick ?? null,
        roles: JSON.stringify(options.roleIds ?? []),
        joined_at: Date.now(),
        timeout_until: null,
      })
      .execute();
    this.sandbox.guilds.delete(guildId);
    this.sandbox.users.delete(userId);
    const member = await this.getMember(guildId, userId);
    if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
    await this.events.emit("memberAdd", member);
    return member;
  }

  async simulateMemberLeave(guildId: string, userId: string): Promise<void> {
    const member = await this.getMember(guildId, userId);
    if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
    await this.sandbox.db
      .deleteFrom("sandbox_members")
      .where("guild_id", "=", guildId)
      .where("user_id", "=", userId)
      .execute();
    this.sandbox.guilds.delete(guildId);
    await this.events.emit("memberRemove", { guildId, user: member.user });
  }

  async simulatePresence(
    guildId: string,
    userId: string,
    presence: Partial<Omit<PresenceEvent, "guildId" | "userId">> = {},
  ): Promise<void> {
    await this.events.emit("presenceUpdate", {
      status: "online",
      customStatus: null,
      ...presence,
      guildId,
      userId,
    });
  }

  /**
   * A member posts in a channel: stored (attachments too, so `getMessage` returns them) and heard
   * as `messageCreate` with the author's roles and the users the text mentions.
   */
  async simulateMessage(
    channelId: string,
    authorId: string,
    content: string,
    options: { attachments?: Attachment[] } = {},
  ): Promise<SentMessage> {
    const channel = await requireChannel(this.sandbox, channelId);
    const author = await this.getUser(authorId);
    if (!author) throw new DiscordError("unknown_user", `Unknown user ${authorId}`);
    const attachments = options.attachments ?? [];
    const id = await storeMessage(
      this.sandbox,
      channelId,
      channel.guild_id,
      { content },
      authorId,
      attachments,
    );
    const member = await this.getMember(channel.guild_id, authorId);
    await this.events.emit("messageCreate", {
      id,
      channelId,
      guildId: channel.guild_id,
      author,
      content,
      memberRoleIds: member ? member.roleIds : null,
      mentionUserIds: mentionedUserIds(content),
      attachments,
      webhookId: null,
      createdAt: Date.now(),
    });
    return { id, channelId };
  }

  /**
   * A member adds (or, with `remove`, takes back) a reaction. As on Discord, reacting twice with the
   * same emoji changes nothing and is not heard again; answers whether anything changed. Removals
   * carry no `messageAuthorId` (Discord's remove event doesn't either).
   */
  async simulateReaction(input: {
    channelId: string;
    messageId: string;
    userId: string;
    emoji: ReactionEmoji | string;
    remove?: boolean;
  }): Promise<boolean> {
    const emoji = typeof input.emoji === "string" ? parseEmoji(input.emoji) : input.emoji;
    if (!emoji) throw new Error(`Not an emoji: ${String(input.emoji)}`);
    const { channelId, messageId, userId } = input;
    const message = await requireMessage(this.sandbox, channelId, messageId);
    const guildId = message.guild_id;
    if (!guildId)
      throw new DiscordError("unknown_channel", "Reactions are simulated in server channels only");
    if (input.remove) {
      const result = await this.sandbox.db
        .deleteFrom("sandbox_reactions")
        .where("message_id", "=", messageId)
        .where("emoji_key", "=", emojiKey(emoji))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await this.events.emit("reactionRemove", {
        guildId,
        channelId,
        messageId,
        userId,
        emoji,
        messageAuthorId: null,
      });
      return true;
    }
    const added = await storeReaction(this.sandbox, channelId, messageId, userId, emoji);
    if (!added) return false;
    await this.events.emit("reactionAdd", {
      guildId,
      channelId,
      messageId,
      userId,
      emoji,
      messageAuthorId: message.author_id,
    });
    return true;
  }

  /** A moderator clears every reaction of a message, or only those of one emoji. */
  async simulateReactionClear(input: {
    channelId: string;
    messageId: string;
    emoji?: ReactionEmoji | string;
  }): Promise<void> {
    const emoji = typeof input.emoji === "string" ? parseEmoji(input.emoji) : (input.emoji ?? null);
    if (input.emoji !== undefined && !emoji) throw new Error(`Not an emoji: ${String(input.emoji)}`);
    const message = await requireMessage(this.sandbox, input.channelId, input.messageId);
    if (!message.guild_id) {
      throw new DiscordError("unknown_channel", "Reactions are simulated in server channels only");
    }
    let query = this.sandbox.db.deleteFrom("sandbox_reactions").where("message_id", "=", input.messageId);
    if (emoji) query = query.where("emoji_key", "=", emojiKey(emoji));
    await query.execute();
    await this.events.emit("reactionClear", {
      guildId: message.guild_id,
      channelId: input.channelId,
      messageId: input.messageId,
      emoji,
    });
  }

  /** The author edits a message's text (its attachments stay) and the bot hears `messageUpdate`. */
  async simulateMessageEdit(channelId: string, messageId: string, content: string): Promise<void> {
    const message = await requireMessage(this.sandbox, channelId, messageId);
    const row = await this.sandbox.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("id", "=", messageId)
      .executeTakeFirstOrThrow();
    const payload = { ...(JSON.parse(row.payload) as OutgoingMessage), content };
    await this.sandbox.db
      .updateTable("sandbox_messages")
      .set({ content, payload: JSON.stringify(payload), edited_at: Date.now() })
      .where("id", "=", messageId)
      .execute();
    await this.events.emit("messageUpdate", { guildId: message.guild_id, channelId, messageId });
  }

  /** Someone else (the author, a moderator) deletes a message. */
  async simulateMessageDelete(channelId: string, messageId: string): Promise<void> {
    const message = await requireMessage(this.sandbox, channelId, messageId);
    await removeMessage(this.sandbox, channelId, messageId);
    await this.events.emit("messageDelete", { guildId: message.guild_id, channelId, messageId });
  }

  /** An admin edits a role in Discord's settings (e.g. grants it a dangerous permission). */
  async simulateRoleUpdate(
    guildId: string,
    roleId: string,
    changes: { permissions?: string; name?: string; position?: number; color?: number },
  ): Promise<RoleInfo> {
    const role = await updateRole(this.sandbox, guildId, roleId, changes);
    await this.events.emit("roleUpdate", role);
    return role;
  }

  /** An admin deletes a role: it leaves every member and every channel overwrite. */
  async simulateRoleDelete(guildId: string, roleId: string): Promise<void> {
    await removeRole(this.sandbox, guildId, roleId);
    await this.events.emit("roleDelete", { guildId, roleId });
  }

  /** An admin deletes a channel, with its messages. */
  async simulateChannelDelete(channelId: string): Promise<void> {
    const channel = await requireChannel(this.sandbox, channelId);
    await removeChannel(this.sandbox, channel.guild_id, channelId);
    await this.events.emit("channelDelete", { guildId: channel.guild_id, channelId });
  }

  /** An admin uploads a custom emoji to a server (tests, demo). */
  async addEmoji(guildId: string, name: string, animated = false): Promise<EmojiInfo> {
    await requireGuild(this.sandbox, guildId);
    const emoji: EmojiInfo = { id: makeSnowflake(), name, animated };
    await this.sandbox.db
      .insertInto("sandbox_emojis")
      .values({ id: emoji.id, guild_id: guildId, name, animated: animated ? 1 : 0, created_at: Date.now() })
      .execute();
    return emoji;
  }

  /**
   * A member uses a slash command; answers what the bot replied, in order. Attachment options are
   * given as files by option name (their value becomes the file's id, as Discord resolves them).
   */
  async simulateCommand(input: {
    guildId: string;
    userId: string;
    name: string;
    channelId?: string;
    subcommandGroup?: string;
    subcommand?: string;
    options?: Record<string, OptionValue>;
    attachments?: Record<string, Attachment>;
  }): Promise<SandboxInteractionResponse[]> {
    const base = await this.interactionBase(input.guildId, input.userId, input.channelId);
    const data: CommandData = {
      kind: "command",
      ...base,
      name: input.name,
      subcommandGroup: input.subcommandGroup ?? null,
      subcommand: input.subcommand ?? null,
      options: { ...(input.options ?? {}) },
      resolved: { users: {}, members: {} },
    };
    for (const value of Object.values(data.options)) {
      const member = typeof value === "string" ? await this.getMember(input.guildId, value) : null;
      if (member) {
        data.resolved.users[member.user.id] = member.user;
        data.resolved.members[member.user.id] = member;
      }
    }
    const files = Object.entries(input.attachments ?? {});
    if (files.length > 0) {
      const attachments: Record<string, Attachment> = {};
      for (const [name, file] of files) {
        data.options[name] = file.id;
        attachments[file.id] = file;
      }
      data.resolved.attachments = attachments;
    }
    return this.dispatchInteraction(data, null);
  }

  /** A member clicks a button on a message the bot sent. */
  async simulateButton(input: {
    guildId: string;
    userId: string;
    messageId: string;
    customId: string;
  }): Promise<SandboxInteractionResponse[]> {
    const channelId = await this.channelOfMessage(input.messageId);
    const base = await this.interactionBase(input.guildId, input.userId, channelId);
    const data: ButtonData = {
      kind: "button",
      ...base,
      customId: input.customId,
      messageId: input.messageId,
    };
    return this.dispatchInteraction(data, input.messageId);
  }

  /** A member picks options in a select menu on a message the bot sent. */
  async simulateSelect(input: {
    guildId: string;
    userId: string;
    messageId: string;
    customId: string;
    values: string[];
  }): Promise<SandboxInteractionResponse[]> {
    const channelId = await this.channelOfMessage(input.messageId);
    const base = await this.interactionBase(input.guildId, input.userId, channelId);
    const data: SelectData = {
      kind: "select",
      ...base,
      customId: input.customId,
      messageId: input.messageId,
      values: [...input.values],
    };
    return this.dispatchInteraction(data, input.messageId);
  }

  /**
   * A member submits a form the bot opened: from a command (no `messageId`; give `channelId`) or
   * from a button or menu on a message (`messageId`, whose channel is used).
   */
  async simulateModal(input: {
    guildId: string;
    userId: string;
    customId: string;
    fields: Record<string, string>;
    messageId?: string;
    channelId?: string;
  }): Promise<SandboxInteractionResponse[]> {
    const channelId = input.messageId ? await this.channelOfMessage(input.messageId) : input.channelId;
    const base = await this.interactionBase(input.guildId, input.userId, channelId);
    const data: ModalData = {
      kind: "modal",
      ...base,
      customId: input.customId,
      messageId: input.messageId ?? null,
      fields: { ...input.fields },
    };
    return this.dispatchInteraction(data, input.messageId ?? null);
  }

  private async channelOfMessage(messageId: string): Promise<string> {
    const message = await this.sandbox.db
      .selectFrom("sandbox_messages")
      .select("channel_id")
      .where("id", "=", messageId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!message) throw new DiscordError("unknown_message", `Unknown message ${messageId}`);
    return message.channel_id;
  }

  /**
   * Who is interacting, with the permissions Discord would compute for them in the channel (roles
   * and the channel's overwrites), and the bot's own permissions there.
   */
  private async interactionBase(guildId: string, userId: string, channelId?: string) {
    const member = await this.getMember(guildId, userId);
    if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
    const guild = await this.getGuild(guildId);
    const roles = await this.listRoles(guildId);
    const channels = await this.listChannels(guildId);
    const channel =
      (channelId ? channels.find((c) => c.id === channelId) : channels.find((c) => c.type === 0)) ?? null;
    const ownerId = guild?.ownerId ?? "";
    const permissionsOf = (who: MemberInfo) => {
      if (channel) {
        return channelPermissions({
          ownerId,
          roles,
          member: { userId: who.user.id, roleIds: who.roleIds },
          channel,
        });
      }
      const held = new Set(who.roleIds);
      return basePermissions({
        ownerId,
        everyone: roles.find((role) => role.id === guildId) ?? null,
        memberRoles: roles.filter((role) => role.id !== guildId && held.has(role.id)),
        userId: who.user.id,
      });
    };
    const bot = await this.getBotMember(guildId);
    const withPermissions: InteractionMember = { ...member, permissions: permissionsOf(member).toString() };
    return {
      id: makeSnowflake(),
      guildId,
      channelId: channel?.id ?? channelId ?? null,
      user: member.user,
      member: withPermissions,
      botPermissions: bot ? permissionsOf(bot).toString() : null,
      locale: "en-US",
    };
  }

  private async dispatchInteraction(data: InteractionData, originalId: string | null) {
    const responses: SandboxInteractionResponse[] = [];
    const interaction = new Interaction(data, this.interactionTransport(data, originalId, responses));
    await this.events.emit("interactionCreate", interaction);
    return responses;
  }

  /** Answers land in the outbox, and the visible ones in the channel, as the member would see them. */
  private interactionTransport(
    data: InteractionData,
    originalId: string | null,
    responses: SandboxInteractionResponse[],
  ): InteractionTransport {
    const { guildId, channelId } = data;
    let original = originalId;
    let deferredPublicly = false;
    const answer = async (response: SandboxInteractionResponse) => {
      responses.push(response);
      await record(this.sandbox, guildId, `interaction.${response.type}`, {
        interactionId: data.id,
        ...response,
      });
    };
    const post = async (message: OutgoingMessage) =>
      channelId ? storeMessage(this.sandbox, channelId, guildId, message) : makeSnowflake();
    const rewrite = async (message: OutgoingMessage) => {
      if (!original) return;
      await this.sandbox.db
        .updateTable("sandbox_messages")
        .set({ content: message.content ?? "", payload: JSON.stringify(message), edited_at: Date.now() })
        .where("id", "=", original)
        .execute();
    };
    return {
      respond: async (response) => {
        // Discord refuses a form in answer to a submitted form (400 "Interaction has already been acknowledged").
        if (response.type === "modal" && data.kind === "modal") {
          throw new Error("Discord does not allow a form in answer to a form");
        }
        if (response.type === "reply" && !response.ephemeral) original = await post(response.message);
        if (response.type === "update") await rewrite(response.message);
        if (response.type === "defer") deferredPublicly = !response.ephemeral;
        const { type } = response;
        await answer({
          type,
          ...("message" in response ? { message: response.message } : {}),
          ...("ephemeral" in response ? { ephemeral: response.ephemeral } : {}),
          ...("modal" in response ? { modal: response.modal } : {}),
        });
      },
      editOriginal: async (message) => {
        if (!original && deferredPublicly) original = await post(message);
        else await rewrite(message);
        await answer({ type: "edit", message });
      },
      deleteOriginal: async () => {
        if (original && original !== originalId) {
          await this.sandbox.db
            .updateTable("sandbox_messages")
            .set({ deleted_at: Date.now() })
            .where("id", "=", original)
            .execute();
        }
        await answer({ type: "delete" });
      },
      followUp: async (message, ephemeral) => {
        const id = ephemeral ? makeSnowflake() : await post(message);
        await answer({ type: "followUp", message, ephemeral });
        return { id, channelId: channelId ?? "" };
      },
    };
  }
}
