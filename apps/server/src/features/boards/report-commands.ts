import { defineCommand } from "../../bot/commands/command.ts";
import type { Embed } from "../../discord/port/port.ts";
import { describeBoard, plural } from "./command-text.ts";
import { boardColours, descriptionLimit, jumpLink } from "./post.ts";
import { boardStats, checkMessage, describeStanding, recentMessages, topMessages } from "./queries.ts";
import { type Board, type BoardMessage, listBoards } from "./service.ts";

/** The commands that read boards: list, stats, check, top and recent. */

const colour = boardColours.starboard;

const preview = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat === "") return "*(no text)*";
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function messageLine(row: BoardMessage, board: Board | undefined, index: number, extra = ""): string {
  const link = jumpLink(row.serverId, row.channelId, row.messageId);
  const emoji = board?.emojiMarkup ?? "";
  return `**${index + 1}.** ${emoji} **${row.reactionCount}** · <@${row.authorId}> in <#${row.channelId}>${extra} · [jump](${link})\n${preview(row.content)}`;
}

/**
 * The lines that fit in one embed description (long texts and custom emojis make 25 lines overflow
 * Discord's limit), and how many were left out.
 */
function fitLines(lines: string[]): { text: string; left: number } {
  let text = "";
  let shown = 0;
  for (const line of lines) {
    const next = shown === 0 ? line : `${text}\n${line}`;
    if (next.length > descriptionLimit) break;
    text = next;
    shown++;
  }
  return { text, left: lines.length - shown };
}

export const boardReportCommands = () => [
  defineCommand(
    "boards list",
    async (command) => {
      const boards = await listBoards(command.ctx, command.serverId);
      if (boards.length === 0) {
        await command.reply("This server has no boards yet. An admin can create one with `/boards create`.");
        return;
      }
      const embed: Embed = {
        title: `Boards (${boards.length})`,
        color: colour,
        fields: boards.map((board) => ({
          name: `${board.emojiMarkup} ${board.name}`,
          value: describeBoard(board),
        })),
      };
      await command.reply({ embeds: [embed] });
    },
    { ephemeral: false },
  ),
  defineCommand(
    "boards stats",
    async (command) => {
      const results = await boardStats(command.ctx, command.serverId, command.options.string("board"));
      if (results.length === 0) {
        await command.reply("This server has no boards yet. An admin can create one with `/boards create`.");
        return;
      }
      const embed: Embed = {
        title: results.length === 1 ? `📊 ${results[0]?.board.name} stats` : "📊 Board stats",
        color: colour,
        fields: results.map(({ board, stats }) => ({
          name: `${board.emojiMarkup} ${board.name}`,
          value: [
            `On the board: **${stats.posted}** · Messages with reactions: **${stats.tracked}** · Reactions counted: **${stats.reactions}**`,
            stats.topAuthors.length === 0
              ? "Top authors: nobody yet"
              : `Top authors: ${stats.topAuthors.map((author) => `<@${author.authorId}> (${author.posts})`).join(", ")}`,
          ].join("\n"),
        })),
      };
      await command.reply({ embeds: [embed], allowedMentions: { users: [] } });
    },
    { ephemeral: false },
  ),
  defineCommand(
    "boards check",
    async (command) => {
      const result = await checkMessage(command.ctx, command.serverId, {
        message: command.options.requireString("message_id"),
        channelId: command.options.id("channel"),
      });
      const embed: Embed = {
        title: `🔎 Message ${result.messageId}`,
        color: colour,
        ...(result.channelId
          ? {
              description: `[Jump to message](${jumpLink(command.serverId, result.channelId, result.messageId)})`,
            }
          : {}),
        fields: result.checks.map((check) => ({
          name: `${check.board.emojiMarkup} ${check.board.name}`,
          value: [
            `**${check.count}** / ${check.board.minReactions} · ${describeStanding(check)}`,
            check.posted && check.postChannelId && check.postMessageId
              ? `[Board post](${jumpLink(command.serverId, check.postChannelId, check.postMessageId)})`
              : "",
            check.live ? "*Counted from Discord now: no reaction has reached this board yet.*" : "",
          ]
            .filter(Boolean)
            .join("\n"),
        })),
      };
      await command.reply({ embeds: [embed] });
    },
    { ephemeral: false },
  ),
  defineCommand(
    "boards top",
    async (command) => {
      const { boards, messages, limit } = await topMessages(command.ctx, command.serverId, {
        board: command.options.string("board"),
        limit: command.options.number("limit"),
      });
      const byId = new Map(boards.map((board) => [board.id, board]));
      const title =
        boards.length === 1 ? `🏆 Top ${limit} on ${boards[0]?.name}` : `🏆 Top ${limit} board messages`;
      const shown = fitLines(
        messages.map((row, index) => {
          const board = byId.get(row.boardId);
          return messageLine(row, board, index, boards.length > 1 && board ? ` · ${board.name}` : "");
        }),
      );
      const embed: Embed = {
        title,
        color: colour,
        description: messages.length === 0 ? "No message has reached a board yet." : shown.text,
        ...(shown.left > 0
          ? { footer: { text: `${shown.left} more didn't fit in one message: ask for fewer, or one board.` } }
          : {}),
      };
      await command.reply({ embeds: [embed], allowedMentions: { users: [] } });
    },
    { ephemeral: false },
  ),
  defineCommand(
    "boards recent",
    async (command) => {
      const { boards, hours, messages, total } = await recentMessages(command.ctx, command.serverId, {
        board: command.options.string("board"),
        hours: command.options.number("hours"),
      });
      const byId = new Map(boards.map((board) => [board.id, board]));
      const shown = fitLines(
        messages.map((row, index) =>
          messageLine(
            row,
            byId.get(row.boardId),
            index,
            ` · <t:${Math.floor((row.postedAt ?? 0) / 1000)}:R>`,
          ),
        ),
      );
      const more = total - messages.length + shown.left;
      const embed: Embed = {
        title: `🕒 On the board${boards.length === 1 ? ` ${boards[0]?.name}` : "s"} in the last ${plural(hours, "hour")}`,
        color: colour,
        description: messages.length === 0 ? "Nothing reached a board in that time." : shown.text,
        ...(more > 0 ? { footer: { text: `and ${more} more` } } : {}),
      };
      await command.reply({ embeds: [embed], allowedMentions: { users: [] } });
    },
    { ephemeral: false },
  ),
];
