import { randomBytes } from "node:crypto";
import type { StandInState } from "./state.ts";

// INTERACTION_CREATE payloads as Discord sends them: a slash command with options, a button click,
// a choice in a string select, a submitted form.

/** A file given to an attachment option (type 11); the stand-in makes up its id and CDN URL. */
export interface AttachmentInput {
  filename: string;
  contentType?: string;
  url?: string;
  size?: number;
}

/** A plain value (string, integer, number, boolean) or a reference, resolved as Discord does. */
export type OptionInput =
  | string
  | number
  | boolean
  | { user: string }
  | { channel: string }
  | { role: string }
  | { attachment: AttachmentInput };

export interface InteractionInput {
  guildId: string;
  userId: string;
  /** Defaults to the guild's first channel. */
  channelId?: string;
  /** The invoking member's permissions; defaults to everything for the owner, else their roles' union. */
  permissions?: string;
}

const allPermissions = ((1n << 51n) - 1n).toString();

function base(state: StandInState, input: InteractionInput) {
  const guild = state.guild(input.guildId);
  const channel = input.channelId
    ? guild.channels.get(input.channelId)
    : guild.channels.values().next().value;
  if (!channel) throw new Error(`No channel ${input.channelId ?? ""} in guild ${guild.id}`);
  const member = guild.members.get(input.userId);
  if (!member) throw new Error(`User ${input.userId} is not a member of guild ${guild.id}`);
  const rolePermissions = [guild.id, ...member.roles].reduce(
    (bits, id) => bits | BigInt(guild.roles.get(id)?.permissions ?? "0"),
    0n,
  );
  const permissions =
    input.permissions ?? (guild.ownerId === input.userId ? allPermissions : rolePermissions.toString());
  return {
    id: state.snowflake(),
    application_id: state.appId,
    token: randomBytes(24).toString("hex"),
    version: 1,
    guild_id: guild.id,
    guild: { id: guild.id, locale: "en-US", features: [] },
    channel_id: channel.id,
    channel,
    member: { ...state.apiMember(member), permissions },
    app_permissions: allPermissions,
    locale: "en-US",
    guild_locale: "en-US",
    entitlements: [],
    authorizing_integration_owners: { "0": guild.id },
    context: 0,
    attachment_size_limit: 8_388_608,
  };
}

export type SlashCommandInput = InteractionInput & {
  name: string;
  subcommand?: string;
  subcommandGroup?: string;
  options?: Record<string, OptionInput>;
};

/** A component of a message the stand-in holds, by the message and the component's custom id. */
export type ComponentInput = InteractionInput & { messageId: string; customId: string };

export type SelectInput = ComponentInput & { values: string[] };

/** A form's `fields`: each text input's value by its custom id. */
export type ModalSubmitInput = InteractionInput & {
  customId: string;
  fields: Record<string, string>;
  messageId?: string;
  layout?: "row" | "label";
};

export function slashCommandPayload(state: StandInState, input: SlashCommandInput) {
  const resolved = {
    users: {} as Record<string, unknown>,
    members: {} as Record<string, unknown>,
    channels: {} as Record<string, unknown>,
    roles: {} as Record<string, unknown>,
    attachments: {} as Record<string, unknown>,
  };
  const guild = state.guild(input.guildId);
  const leaves = Object.entries(input.options ?? {}).map(([name, value]) => {
    if (typeof value === "string") return { name, type: 3, value };
    if (typeof value === "boolean") return { name, type: 5, value };
    if (typeof value === "number") return { name, type: Number.isInteger(value) ? 4 : 10, value };
    if ("user" in value) {
      const { dmClosed: _, ...user } = state.users.get(value.user) ?? { id: value.user, username: "unknown" };
      resolved.users[value.user] = user;
      const member = guild.members.get(value.user);
      if (member) {
        const { user: _user, ...partial } = state.apiMember(member);
        resolved.members[value.user] = { ...partial, permissions: "0" };
      }
      return { name, type: 6, value: value.user };
    }
    if ("attachment" in value) {
      const id = state.snowflake();
      resolved.attachments[id] = attachmentPayload(id, value.attachment);
      return { name, type: 11, value: id };
    }
    if ("channel" in value) {
      resolved.channels[value.channel] = guild.channels.get(value.channel);
      return { name, type: 7, value: value.channel };
    }
    resolved.roles[value.role] = guild.roles.get(value.role);
    return { name, type: 8, value: value.role };
  });
  let options: unknown[] = leaves;
  if (input.subcommand) options = [{ type: 1, name: input.subcommand, options }];
  if (input.subcommandGroup) options = [{ type: 2, name: input.subcommandGroup, options }];
  return {
    ...base(state, input),
    type: 2,
    data: { id: state.snowflake(), name: input.name, type: 1, guild_id: guild.id, options, resolved },
  };
}

/** A click on a button of a message the stand-in holds (one the bot sent). */
export function buttonClickPayload(state: StandInState, input: ComponentInput) {
  const message = state.messages.get(input.messageId);
  if (!message) throw new Error(`The stand-in has no message ${input.messageId}`);
  return {
    ...base(state, { ...input, channelId: message.channel_id }),
    type: 3,
    message: state.apiMessage(message),
    data: { custom_id: input.customId, component_type: 2 },
  };
}

/**
 * A click on a button of a message the bot sent to a user's DM channel: no guild, no member, the
 * user at the top level and the bot-DM context, as Discord sends it.
 */
export function dmButtonClickPayload(
  state: StandInState,
  input: { userId: string; messageId: string; customId: string },
) {
  const message = state.messages.get(input.messageId);
  if (!message) throw new Error(`The stand-in has no message ${input.messageId}`);
  if (state.dmChannels.get(message.channel_id) !== input.userId)
    throw new Error(`Message ${input.messageId} is not in ${input.userId}'s DM channel`);
  const { dmClosed: _, ...user } = state.users.get(input.userId) ?? { id: input.userId, username: "unknown" };
  return {
    id: state.snowflake(),
    application_id: state.appId,
    token: randomBytes(24).toString("hex"),
    version: 1,
    type: 3,
    channel_id: message.channel_id,
    channel: { id: message.channel_id, type: 1 },
    user,
    app_permissions: allPermissions,
    locale: "en-US",
    entitlements: [],
    authorizing_integration_owners: { "1": input.userId },
    context: 1,
    attachment_size_limit: 8_388_608,
    message: state.apiMessage(message),
    data: { custom_id: input.customId, component_type: 2 },
  };
}

export function attachmentPayload(id: string, input: AttachmentInput) {
  const url =
    input.url ?? `https://cdn.discordapp.com/attachments/0/${id}/${encodeURIComponent(input.filename)}`;
  return {
    id,
    filename: input.filename,
    url,
    proxy_url: url,
    size: input.size ?? 1024,
    ...(input.contentType ? { content_type: input.contentType } : {}),
  };
}

/** A choice in a string select menu of a message the stand-in holds. */
export function selectPayload(state: StandInState, input: SelectInput) {
  const message = state.messages.get(input.messageId);
  if (!message) throw new Error(`The stand-in has no message ${input.messageId}`);
  return {
    ...base(state, { ...input, channelId: message.channel_id }),
    type: 3,
    message: state.apiMessage(message),
    data: { custom_id: input.customId, component_type: 3, values: input.values },
  };
}

/**
 * A submitted form: each field as a text input in its own action row, as Discord sends it, or inside
 * label components (`layout: "label"`, Discord's newer form layout). `messageId` is the message whose
 * button or menu opened the form (absent when a command opened it).
 */
export function modalSubmitPayload(state: StandInState, input: ModalSubmitInput) {
  const message = input.messageId ? state.messages.get(input.messageId) : undefined;
  if (input.messageId && !message) throw new Error(`The stand-in has no message ${input.messageId}`);
  const components = Object.entries(input.fields).map(([customId, value], i) => {
    const field = { type: 4, id: i + 1, custom_id: customId, value };
    return input.layout === "label"
      ? { type: 18, id: 100 + i, component: field }
      : { type: 1, components: [field] };
  });
  return {
    ...base(state, { ...input, channelId: message?.channel_id ?? input.channelId }),
    type: 5,
    ...(message ? { message: state.apiMessage(message) } : {}),
    data: { custom_id: input.customId, components },
  };
}
