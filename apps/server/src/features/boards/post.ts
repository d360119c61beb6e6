import type { Attachment, Embed, MessageInfo, OutgoingMessage } from "../../discord/port/port.ts";
import type { BoardMessage } from "./board-message.ts";
import type { Board, BoardType } from "./store.ts";

/** Each board type's colour on its posts and replies. */
export const boardColours: Record<BoardType, number> = {
  starboard: 0xfacc15,
  skullboard: 0x9ca3af,
  custom: 0xf97316,
};

/** Discord's limit for an embed description. */
export const descriptionLimit = 4096;

export function jumpLink(guildId: string, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;
}

const imageExtensions = /\.(png|jpe?g|gif|webp)(\?.*)?$/i;

/** The first attachment that is an image (by type, or by file name when the type is unknown). */
export function firstImage(attachments: Attachment[]): string | null {
  const image = attachments.find((attachment) =>
    attachment.contentType
      ? attachment.contentType.startsWith("image/")
      : imageExtensions.test(attachment.filename),
  );
  return image?.url ?? null;
}

/** The picture a board shows for a message: its first image attachment, else an embed's image. */
export function messageImage(message: Pick<MessageInfo, "attachments" | "embeds">): string | null {
  return firstImage(message.attachments) ?? message.embeds.find((embed) => embed.image)?.image?.url ?? null;
}

/** The text a board shows for a message: its content, else the first embed's text. */
export function messageText(message: Pick<MessageInfo, "content" | "embeds">): string {
  if (message.content.trim() !== "") return message.content;
  const embed = message.embeds[0];
  return [embed?.title, embed?.description].filter(Boolean).join("\n");
}

/** The board post: count, emoji and origin in the content; the message itself as an embed. */
export function boardPost(board: Board, row: BoardMessage, count: number): OutgoingMessage {
  const link = jumpLink(row.serverId, row.channelId, row.messageId);
  const jump = `[Jump to message](${link})`;
  // The text gives way to the jump link, which must fit in the description too.
  const room = descriptionLimit - jump.length - 2;
  const text = row.content.length > room ? `${row.content.slice(0, room - 1)}…` : row.content;
  const embed: Embed = {
    author: { name: row.authorName, ...(row.authorAvatar ? { iconUrl: row.authorAvatar } : {}) },
    description: [text, jump].filter((part) => part !== "").join("\n\n"),
    color: boardColours[board.type],
    timestamp: new Date(row.messageCreatedAt).toISOString(),
    footer: { text: `${board.name} · ${row.messageId}` },
    ...(row.imageUrl ? { image: { url: row.imageUrl } } : {}),
  };
  return {
    content: `${board.emojiMarkup} **${count}** · <#${row.channelId}>`,
    embeds: [embed],
    components: [[{ type: "button", style: "link", label: "Jump to message", url: link }]],
  };
}
