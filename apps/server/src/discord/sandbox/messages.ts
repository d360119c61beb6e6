import { makeSnowflake } from "../../lib/snowflake.ts";
import { sendable } from "../payload-rules/message-limits.ts";
import {
  type Attachment,
  DiscordError,
  type DiscordPort,
  type Embed,
  type MessageInfo,
  type OutgoingMessage,
  type SentMessage,
  type UserInfo,
} from "../port/port.ts";
import { requireChannel, requireMessage, type SandboxContext } from "./context.ts";
import { record } from "./outbox.ts";
import { mentionedRoleIds, parseJson } from "./rows.ts";

// The sandbox's messages: what the bot sends, edits and deletes, and reading a message back.

/** How long Discord keeps a nonce for `enforce_nonce` ("the past few minutes"). */
const nonceWindowMs = 5 * 60_000;

async function postedWithNonce(
  context: SandboxContext,
  channelId: string,
  nonce: string,
): Promise<string | null> {
  const rows = await context.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", "message.send")
    .where("created_at", ">=", Date.now() - nonceWindowMs)
    .where("payload", "like", `%"nonce":${JSON.stringify(nonce)}%`)
    .execute();
  for (const row of rows) {
    const payload = JSON.parse(row.payload) as {
      channelId?: string;
      messageId?: string;
      message?: { nonce?: string };
    };
    if (payload.channelId === channelId && payload.message?.nonce === nonce && payload.messageId) {
      const live = await context.db
        .selectFrom("sandbox_messages")
        .select("id")
        .where("id", "=", payload.messageId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (live) return payload.messageId;
    }
  }
  return null;
}

/** A message's author; the bot's own user when the directory doesn't list it. */
async function authorOf(
  context: SandboxContext,
  port: Pick<DiscordPort, "getUser">,
  userId: string,
): Promise<UserInfo> {
  const user = await port.getUser(userId);
  if (user) return user;
  if (userId === context.botUserId) {
    return { id: userId, username: "Hearth", globalName: null, avatar: null, bot: true, createdAt: 0 };
  }
  return { id: userId, username: "unknown-user", globalName: null, avatar: null, bot: false, createdAt: 0 };
}

export async function storeMessage(
  context: SandboxContext,
  channelId: string,
  guildId: string | null,
  message: OutgoingMessage,
  authorId = context.botUserId,
  attachments: Attachment[] = [],
): Promise<string> {
  const id = makeSnowflake();
  await context.db
    .insertInto("sandbox_messages")
    .values({
      id,
      channel_id: channelId,
      guild_id: guildId,
      author_id: authorId,
      content: message.content ?? "",
      payload: JSON.stringify(message),
      created_at: Date.now(),
      edited_at: null,
      deleted_at: null,
      attachments: JSON.stringify(attachments),
    })
    .execute();
  context.changes.notify(guildId);
  return id;
}

export async function removeMessage(context: SandboxContext, channelId: string, messageId: string) {
  await context.db
    .updateTable("sandbox_messages")
    .set({ deleted_at: Date.now() })
    .where("id", "=", messageId)
    .where("channel_id", "=", channelId)
    .execute();
  await context.db.deleteFrom("sandbox_reactions").where("message_id", "=", messageId).execute();
  context.changes.notify(null);
}

/** The port's message calls over the sandbox's tables, for the directory to assemble with the other parts. */
export function messagesPart(context: SandboxContext, port: DiscordPort) {
  return {
    async sendMessage(channelId: string, unchecked: OutgoingMessage): Promise<SentMessage> {
      // Made to fit, or refused, exactly as on Discord (see payload-rules/message-limits.ts).
      const message = sendable(unchecked, { allowDataImages: true });
      const channel = await requireChannel(context, channelId);
      if (channel.type === 2 || channel.type === 4) {
        throw new DiscordError("unknown_channel", `Channel ${channelId} cannot hold messages`);
      }
      if (message.nonce) {
        // As Discord with enforce_nonce: the same post within a few minutes answers the first message.
        const earlier = await postedWithNonce(context, channelId, message.nonce);
        if (earlier) return { id: earlier, channelId };
      }
      const id = await storeMessage(context, channelId, channel.guild_id, message);
      await record(context, channel.guild_id, "message.send", { channelId, messageId: id, message });
      return { id, channelId };
    },
    async editMessage(channelId: string, messageId: string, unchecked: OutgoingMessage): Promise<void> {
      const message = sendable(unchecked, { allowDataImages: true, edit: true });
      const existing = await requireMessage(context, channelId, messageId);
      await context.db
        .updateTable("sandbox_messages")
        .set({ content: message.content ?? "", payload: JSON.stringify(message), edited_at: Date.now() })
        .where("id", "=", messageId)
        .execute();
      await record(context, existing.guild_id, "message.edit", { channelId, messageId, message });
    },
    async deleteMessage(channelId: string, messageId: string) {
      const existing = await requireMessage(context, channelId, messageId);
      await removeMessage(context, channelId, messageId);
      await record(context, existing.guild_id, "message.delete", { channelId, messageId });
      await context.events.emit("messageDelete", { guildId: existing.guild_id, channelId, messageId });
    },
    async getMessage(channelId: string, messageId: string): Promise<MessageInfo | null> {
      const row = await context.db
        .selectFrom("sandbox_messages")
        .selectAll()
        .where("id", "=", messageId)
        .where("channel_id", "=", channelId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!row) return null;
      const payload = parseJson<OutgoingMessage>(row.payload, {});
      const reactions = await context.db
        .selectFrom("sandbox_reactions")
        .select((eb) => [
          "emoji_key",
          eb.fn.max("emoji_id").as("emoji_id"),
          eb.fn.max("emoji_name").as("emoji_name"),
          eb.fn.max("animated").as("animated"),
          eb.fn.countAll<number>().as("count"),
          eb.fn.min("created_at").as("first"),
        ])
        .where("message_id", "=", messageId)
        .groupBy("emoji_key")
        .orderBy("first")
        .orderBy("emoji_key")
        .execute();
      return {
        id: row.id,
        channelId: row.channel_id,
        guildId: row.guild_id,
        author: await authorOf(context, port, row.author_id),
        content: row.content,
        embeds: (payload.embeds ?? []) as Embed[],
        ...(payload.components?.length ? { components: payload.components } : {}),
        attachments: parseJson<Attachment[]>(row.attachments, []),
        reactions: reactions.map((reaction) => ({
          emoji: {
            id: reaction.emoji_id ?? null,
            name: reaction.emoji_name ?? reaction.emoji_key,
            ...(reaction.emoji_id ? { animated: Number(reaction.animated) === 1 } : {}),
          },
          count: Number(reaction.count),
        })),
        mentionRoleIds: mentionedRoleIds(row.content),
        webhookId: null,
        createdAt: Number(row.created_at),
      };
    },
  } satisfies Partial<DiscordPort>;
}
