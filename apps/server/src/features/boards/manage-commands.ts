import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { hasPermission } from "../../bot/commands/permissions.ts";
import type { AppContext } from "../../context.ts";
import type { ButtonInteraction } from "../../discord/port/interaction.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { cleanupBoards } from "./cleanup.ts";
import { describeBoard, plural } from "./command-text.ts";
import { boardColours } from "./post.ts";
import { type Board, createBoard, deleteBoard, editBoard, requireBoard } from "./service.ts";

/** The commands that change boards (create, edit, delete with its confirmation, cleanup). */

export const deletePrefix = "boards:delete:";
export const cancelId = "boards:cancel";

/** Reads the option flags a command was given, leaving out those not given. */
const flagOf = (command: CommandContext, name: string) =>
  command.options.has(name) ? (command.options.boolean(name) ?? null) : null;

export const boardManageCommands = () => [
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
      { tokenId: null, userId: command.user.id },
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

/** The delete confirmation's button: deletes the board. */
export async function onDeleteConfirmed(ctx: AppContext, interaction: ButtonInteraction): Promise<void> {
  const { guildId, member, customId } = interaction.data;
  if (!guildId || !member) throw badRequest("Boards are managed inside their server.");
  if (!hasPermission(member, "Manage Server")) {
    throw forbidden("You need Manage Server to delete a board.");
  }
  const boardId = Number(customId.slice(deletePrefix.length));
  if (!Number.isInteger(boardId)) throw badRequest("That button is no longer valid.");
  await interaction.defer();
  const result = await deleteBoard(ctx, guildId, boardId, { tokenId: null, userId: member.user.id });
  await interaction.update({
    content: `🗑️ Deleted the board **${result.board.name}**, ${plural(result.messages, "stored message")} and ${plural(result.posts, "post")} in <#${result.board.channelId}>.`,
    components: [],
  });
}
