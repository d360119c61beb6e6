import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import type { ButtonInteraction } from "../../discord/interaction.ts";
import type { Embed, OutgoingMessage } from "../../discord/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { cleanupBoards } from "./cleanup.ts";
import { BoardCounter } from "./counter.ts";
import { boardColours, descriptionLimit, jumpLink } from "./post.ts";
import { boardStats, checkMessage, describeStanding, recentMessages, topMessages } from "./queries.ts";
import {
  type Board,
  type BoardMessage,
  createBoard,
  deleteBoard,
  editBoard,
  listBoards,
  requireBoard,
} from "./service.ts";

const deletePrefix = "boards:delete:";
const cancelId = "boards:cancel";
const colour = boardColours.starboard;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const yesNo = (value: boolean) => (value ? "yes" : "no");
const preview = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat === "") return "*(no text)*";
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function describeBoard(board: Board): string {
  const status = board.enabled
    ? "✅ enabled"
    : board.disabledReason
      ? `⚠️ disabled: ${board.disabledReason}`
      : "⏸️ disabled";
  return [
    `<#${board.channelId}> · ${plural(board.minReactions, "reaction")} needed · ${board.type} · ${status}`,
    `Self-reactions: ${yesNo(board.allowSelf)} · Bot messages: ${yesNo(board.allowBots)} · Below threshold: ${board.removeBelow ? "removed" : "kept"}`,
  ].join("\n");
}

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

/** Reads the option flags a command was given, leaving out those not given. */
const flagOf = (command: CommandContext, name: string) =>
  command.options.has(name) ? (command.options.boolean(name) ?? null) : null;

export const boardCommands = () => [
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
  defineCommand("boards create", async (command) => {
    const board = await createBoard(command.ctx, command.serverId, {
      name: command.options.requireString("name"),
      emoji: command.options.requireString("emoji"),
      channelId: command.options.requireId("channel"),
      minReactions: command.options.number("min_reactions"),
      type: command.options.string("type"),
      allowSelf: flagOf(command, "self_react"),
      allowBots: flagOf(command, "bot_messages"),
      removeBelow: flagOf(command, "remove_below"),
      userId: command.user.id,
    });
    await command.reply({
      content: `${board.emojiMarkup} Created the board **${board.name}**: messages with ${plural(board.minReactions, `${board.emojiMarkup} reaction`)} are posted to <#${board.channelId}>.`,
      embeds: [{ title: board.name, color: boardColours[board.type], description: describeBoard(board) }],
    });
  }),
  defineCommand("boards edit", async (command) => {
    const { board, changed } = await editBoard(
      command.ctx,
      command.serverId,
      command.options.requireString("board"),
      {
        name: command.options.string("name"),
        emoji: command.options.string("emoji"),
        channelId: command.options.id("channel"),
        minReactions: command.options.number("min_reactions"),
        type: command.options.string("type"),
        allowSelf: flagOf(command, "self_react"),
        allowBots: flagOf(command, "bot_messages"),
        removeBelow: flagOf(command, "remove_below"),
        enabled: flagOf(command, "enabled"),
      },
    );
    await command.reply({
      content: `Updated **${board.name}**: ${changed.join(", ")}. The new rules apply to each message at its next reaction.`,
      embeds: [{ title: board.name, color: boardColours[board.type], description: describeBoard(board) }],
    });
  }),
  defineCommand("boards delete", async (command) => {
    const board = await requireBoard(command.ctx, command.serverId, command.options.requireString("board"));
    await command.reply(deleteQuestion(board));
  }),
  defineCommand("boards cleanup", async (command) => {
    await command.defer();
    const report = await cleanupBoards(command.ctx, command.serverId, command.options.string("board"));
    if (report.boards === 0) {
      await command.reply("This server has no boards to clean up.");
      return;
    }
    await command.reply(
      [
        `🧹 Checked ${plural(report.checked, "stored message")} on ${plural(report.boards, "board")}.`,
        `Removed ${plural(report.orphans, "post")} whose original message was deleted.`,
        `Found ${plural(report.missingPosts, "post")} deleted from a board channel; those messages stay off the board.`,
        ...(report.unavailable.length > 0
          ? [
              `⚠️ Board channel unavailable, board disabled: ${report.unavailable.map((name) => `**${name}**`).join(", ")}. Give it a new channel with \`/boards edit\`.`,
            ]
          : []),
      ].join("\n"),
    );
  }),
];

function deleteQuestion(board: Board): OutgoingMessage {
  return {
    content: `⚠️ Delete the board **${board.name}**? Its settings, every message stored for it and its posts in <#${board.channelId}> are removed. This can't be undone.`,
    components: [
      [
        { type: "button", style: "danger", label: "Delete board", customId: `${deletePrefix}${board.id}` },
        { type: "button", style: "secondary", label: "Cancel", customId: cancelId },
      ],
    ],
  };
}

async function onDeleteConfirmed(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, member, customId } = interaction.data;
  if (!guildId || !member) throw badRequest("Boards are managed inside their server.");
  if (!hasPermission(member, "Manage Server")) {
    throw forbidden("You need Manage Server to delete a board.");
  }
  const boardId = Number(customId.slice(deletePrefix.length));
  if (!Number.isInteger(boardId)) throw badRequest("That button is no longer valid.");
  await interaction.defer();
  const result = await deleteBoard(ctx, guildId, boardId);
  await interaction.update({
    content: `🗑️ Deleted the board **${result.board.name}**, ${plural(result.messages, "stored message")} and ${plural(result.posts, "post")} in <#${result.board.channelId}>.`,
    components: [],
  });
}

/** Boards' slash commands, the delete confirmation, and the reaction counting. */
export const boardsBot: BotFeature = {
  commands: () => boardCommands(),
  listeners: (bot, ctx) => {
    const counter = new BoardCounter(ctx);
    bot.onButton(deletePrefix, (interaction) => onDeleteConfirmed(ctx, interaction));
    bot.onButton(cancelId, (interaction) =>
      interaction.update({ content: "Cancelled; the board was kept.", components: [] }),
    );
    const stops = [
      bot.events.on("reactionAdd", (event) => counter.onReaction(event, false)),
      bot.events.on("reactionRemove", (event) => counter.onReaction(event, true)),
      bot.events.on("reactionClear", (event) => counter.onReactionClear(event)),
      bot.events.on("messageDelete", (event) => counter.onMessageDelete(event)),
      bot.events.on("messageUpdate", (event) => counter.onMessageUpdate(event)),
      bot.events.on("channelDelete", (event) => counter.onChannelDelete(event)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  },
};
