import { makeSnowflake } from "../../lib/snowflake.ts";
import {
  type ButtonData,
  type CommandData,
  Interaction,
  type InteractionData,
  type InteractionMember,
  type ModalData,
  type OptionValue,
  type SelectData,
} from "../port/interaction.ts";
import { type Attachment, DiscordError, type DiscordPort, type MemberInfo } from "../port/port.ts";
import { basePermissions, channelPermissions } from "../roles/permissions.ts";
import type { SandboxContext } from "./context.ts";
import { interactionTransport, type SandboxInteractionResponse } from "./interaction-answers.ts";

// Members using the bot in the sandbox: slash commands, buttons, menus and forms, dispatched as the
// gateway's interactions with the permissions Discord would compute; their answers are kept by
// interaction-answers.ts.

export interface SimulatedCommand {
  guildId: string;
  userId: string;
  name: string;
  channelId?: string;
  subcommandGroup?: string;
  subcommand?: string;
  options?: Record<string, OptionValue>;
  attachments?: Record<string, Attachment>;
}

export interface SimulatedButton {
  guildId: string;
  userId: string;
  messageId: string;
  customId: string;
}

export interface SimulatedSelect {
  guildId: string;
  userId: string;
  messageId: string;
  customId: string;
  values: string[];
}

export interface SimulatedModal {
  guildId: string;
  userId: string;
  customId: string;
  fields: Record<string, string>;
  messageId?: string;
  channelId?: string;
}

async function channelOfMessage(context: SandboxContext, messageId: string): Promise<string> {
  const message = await context.db
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
async function interactionBase(port: DiscordPort, guildId: string, userId: string, channelId?: string) {
  const member = await port.getMember(guildId, userId);
  if (!member) throw new DiscordError("unknown_member", `Unknown member ${userId}`);
  const guild = await port.getGuild(guildId);
  const roles = await port.listRoles(guildId);
  const channels = await port.listChannels(guildId);
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
  const bot = await port.getBotMember(guildId);
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

async function dispatchInteraction(
  context: SandboxContext,
  data: InteractionData,
  originalId: string | null,
) {
  const responses: SandboxInteractionResponse[] = [];
  const interaction = new Interaction(data, interactionTransport(context, data, originalId, responses));
  await context.events.emit("interactionCreate", interaction);
  return responses;
}

/** Members using the bot's commands, buttons, menus and forms; each answers what the bot replied, in order. for SandboxAdapter to assemble with the other parts. */
export function interactionSimulation(context: SandboxContext, port: DiscordPort) {
  return {
    /**
     * A member uses a slash command; answers what the bot replied, in order. Attachment options are
     * given as files by option name (their value becomes the file's id, as Discord resolves them).
     */
    async simulateCommand(input: SimulatedCommand): Promise<SandboxInteractionResponse[]> {
      const base = await interactionBase(port, input.guildId, input.userId, input.channelId);
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
        const member = typeof value === "string" ? await port.getMember(input.guildId, value) : null;
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
      return dispatchInteraction(context, data, null);
    },
    /** A member clicks a button on a message the bot sent. */
    async simulateButton(input: SimulatedButton): Promise<SandboxInteractionResponse[]> {
      const channelId = await channelOfMessage(context, input.messageId);
      const base = await interactionBase(port, input.guildId, input.userId, channelId);
      const data: ButtonData = {
        kind: "button",
        ...base,
        customId: input.customId,
        messageId: input.messageId,
      };
      return dispatchInteraction(context, data, input.messageId);
    },
    /** A member picks options in a select menu on a message the bot sent. */
    async simulateSelect(input: SimulatedSelect): Promise<SandboxInteractionResponse[]> {
      const channelId = await channelOfMessage(context, input.messageId);
      const base = await interactionBase(port, input.guildId, input.userId, channelId);
      const data: SelectData = {
        kind: "select",
        ...base,
        customId: input.customId,
        messageId: input.messageId,
        values: [...input.values],
      };
      return dispatchInteraction(context, data, input.messageId);
    },
    /**
     * A member submits a form the bot opened: from a command (no `messageId`; give `channelId`) or
     * from a button or menu on a message (`messageId`, whose channel is used).
     */
    async simulateModal(input: SimulatedModal): Promise<SandboxInteractionResponse[]> {
      const channelId = input.messageId ? await channelOfMessage(context, input.messageId) : input.channelId;
      const base = await interactionBase(port, input.guildId, input.userId, channelId);
      const data: ModalData = {
        kind: "modal",
        ...base,
        customId: input.customId,
        messageId: input.messageId ?? null,
        fields: { ...input.fields },
      };
      return dispatchInteraction(context, data, input.messageId ?? null);
    },
  };
}
