import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ComponentType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  type REST,
  Routes,
} from "discord.js";
import { sendable } from "../payload-rules/message-limits.ts";
import type { CommandData, InteractionData, InteractionTransport, OptionValue } from "../port/interaction.ts";
import type { Attachment, MemberInfo, UserInfo } from "../port/port.ts";
import { toDiscordError } from "./errors.ts";
import { modalBody } from "./mapping-components.ts";
import { attachmentFromApi, filesOf, messageBody } from "./mapping-messages.ts";
import { memberFromApi, userFromApi } from "./mapping-users.ts";

/**
 * A slash command, a button click, a string select or a submitted form as the router's data; other
 * interactions (autocomplete, context menus, other select kinds) are not handled.
 */
export function interactionFromApi(raw: APIInteraction): InteractionData | null {
  if (raw.type === InteractionType.Ping) return null;
  const apiUser = raw.member?.user ?? raw.user;
  if (!apiUser) return null;
  const guildId = raw.guild_id ?? null;
  const base = {
    id: raw.id,
    guildId,
    channelId: raw.channel?.id ?? raw.channel_id ?? null,
    user: userFromApi(apiUser),
    member:
      raw.member && guildId
        ? { ...memberFromApi(guildId, raw.member), permissions: raw.member.permissions }
        : null,
    botPermissions: raw.app_permissions ?? null,
    locale: raw.locale ?? null,
  };
  if (raw.type === InteractionType.ApplicationCommand && raw.data.type === ApplicationCommandType.ChatInput) {
    const users: Record<string, UserInfo> = {};
    const members: Record<string, MemberInfo> = {};
    for (const [id, user] of Object.entries(raw.data.resolved?.users ?? {})) users[id] = userFromApi(user);
    for (const [id, member] of Object.entries(raw.data.resolved?.members ?? {})) {
      const user = raw.data.resolved?.users?.[id];
      if (user && guildId) members[id] = memberFromApi(guildId, member, user);
    }
    const attachments: Record<string, Attachment> = {};
    for (const [id, attachment] of Object.entries(raw.data.resolved?.attachments ?? {})) {
      attachments[id] = attachmentFromApi(attachment);
    }
    return {
      kind: "command",
      ...base,
      name: raw.data.name,
      ...flattenOptions(raw.data.options ?? []),
      resolved: { users, members, attachments },
    };
  }
  if (raw.type === InteractionType.MessageComponent && raw.data.component_type === ComponentType.Button) {
    return { kind: "button", ...base, customId: raw.data.custom_id, messageId: raw.message.id };
  }
  if (
    raw.type === InteractionType.MessageComponent &&
    raw.data.component_type === ComponentType.StringSelect
  ) {
    return {
      kind: "select",
      ...base,
      customId: raw.data.custom_id,
      messageId: raw.message.id,
      values: raw.data.values,
    };
  }
  if (raw.type === InteractionType.ModalSubmit) {
    return {
      kind: "modal",
      ...base,
      customId: raw.data.custom_id,
      messageId: raw.message?.id ?? null,
      fields: modalFields(raw.data.components),
    };
  }
  return null;
}

/**
 * The text fields of a submitted form by custom id: inside action rows (the classic layout) or
 * inside label components (the newer one). Other inputs are not used by any form of ours.
 */
export function modalFields(components: readonly unknown[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const read = (component: unknown) => {
    const input = component as { type?: number; custom_id?: string; value?: unknown };
    if (input.type === ComponentType.TextInput && input.custom_id && typeof input.value === "string") {
      fields[input.custom_id] = input.value;
    }
  };
  for (const component of components) {
    const row = component as { type?: number; components?: unknown[]; component?: unknown };
    if (row.type === ComponentType.ActionRow) for (const child of row.components ?? []) read(child);
    else if (row.type === ComponentType.Label) read(row.component);
  }
  return fields;
}

function flattenOptions(
  options: APIApplicationCommandInteractionDataOption[],
): Pick<CommandData, "subcommandGroup" | "subcommand" | "options"> {
  let subcommandGroup: string | null = null;
  let subcommand: string | null = null;
  let leaves = options;
  const first = leaves[0];
  if (first?.type === ApplicationCommandOptionType.SubcommandGroup) {
    subcommandGroup = first.name;
    leaves = first.options;
  }
  const next = leaves[0];
  if (next?.type === ApplicationCommandOptionType.Subcommand) {
    subcommand = next.name;
    leaves = next.options ?? [];
  }
  const values: Record<string, OptionValue> = {};
  for (const option of leaves) {
    if ("value" in option) values[option.name] = option.value;
  }
  return { subcommandGroup, subcommand, options: values };
}

/** Answers an interaction over REST: its callback first, then its webhook (no bot token needed). */
export function restTransport(
  rest: REST,
  raw: { id: string; token: string; application_id: string },
): InteractionTransport {
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw toDiscordError(error);
    }
  };
  const flags = (ephemeral: boolean) => (ephemeral ? MessageFlags.Ephemeral : undefined);
  const original = Routes.webhookMessage(raw.application_id, raw.token, "@original");
  return {
    async respond(response) {
      const body =
        response.type === "reply"
          ? {
              type: InteractionResponseType.ChannelMessageWithSource,
              data: { ...messageBody(sendable(response.message)), flags: flags(response.ephemeral) },
            }
          : response.type === "defer"
            ? {
                type: InteractionResponseType.DeferredChannelMessageWithSource,
                data: { flags: flags(response.ephemeral) },
              }
            : response.type === "deferUpdate"
              ? { type: InteractionResponseType.DeferredMessageUpdate }
              : response.type === "modal"
                ? { type: InteractionResponseType.Modal, data: modalBody(response.modal) }
                : {
                    type: InteractionResponseType.UpdateMessage,
                    data: messageBody(sendable(response.message, { edit: true }), { replace: true }),
                  };
      const files =
        response.type === "reply" || response.type === "update" ? filesOf(response.message) : undefined;
      await call(() =>
        rest.post(Routes.interactionCallback(raw.id, raw.token), { body, files, auth: false }),
      );
    },
    async editOriginal(message) {
      await call(() =>
        rest.patch(original, {
          body: messageBody(sendable(message, { edit: true }), { replace: true }),
          files: filesOf(message),
          auth: false,
        }),
      );
    },
    async deleteOriginal() {
      await call(() => rest.delete(original, { auth: false }));
    },
    async followUp(message, ephemeral) {
      const sent = (await call(() =>
        rest.post(Routes.webhook(raw.application_id, raw.token), {
          body: { ...messageBody(sendable(message)), flags: flags(ephemeral) },
          files: filesOf(message),
          query: new URLSearchParams({ wait: "true" }),
          auth: false,
        }),
      )) as { id: string; channel_id: string };
      return { id: sent.id, channelId: sent.channel_id };
    },
  };
}
