import type { CommandContext } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";

// What the giveaway commands share: who acts, the message id option, and fitting lines in an embed.

export const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });

export const messageIdOf = (command: CommandContext) => {
  const id = command.options.requireString("message_id").trim();
  if (!/^\d{17,20}$/.test(id)) {
    throw badRequest(
      "message_id must be the giveaway message's ID (17 to 20 digits; see `/giveaway list`).",
      "message_id",
    );
  }
  return id;
};

/** As many lines as fit in an embed field (1024), then how many were left out. */
export function fitLines(lines: string[], max = 1024): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const more = `…and ${lines.length - index} more`;
    const room = index === lines.length - 1 ? max : max - more.length - 1;
    if (length + line.length + 1 > room) {
      kept.push(more);
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return kept.join("\n");
}
