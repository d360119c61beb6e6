import {
  CalcError,
  describeResult,
  evaluateExpression,
  expressionInMessage,
  maxExpressionLength,
} from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { isEnabled } from "../settings/service.ts";

/** An expression as members typed it, safe inside inline code (a backtick would end it). */
const echo = (expression: string) => expression.replaceAll("`", "ˋ").trim();

/** `/calc`: the answer line, or a CalcError's explanation with a caret under the mistake. */
export function calculateForCommand(
  expression: string,
): { ok: true; text: string } | { ok: false; text: string } {
  try {
    const { value } = evaluateExpression(expression);
    return { ok: true, text: `\`${echo(expression)}\` ${describeResult(value)}` };
  } catch (error) {
    if (!(error instanceof CalcError)) throw error;
    const shown = expression.slice(0, maxExpressionLength).replaceAll("`", "ˋ").replace(/\s/g, " ");
    const caret = `${" ".repeat(Math.min(error.position, shown.length + 1) - 1)}^`;
    return {
      ok: false,
      text: `${error.message}.\n\`\`\`\n${shown}\n${caret}\n\`\`\`\nNumbers take k, m, b or t; operators are + - * / ^ % and "of".`,
    };
  }
}

/**
 * The Calculator switch: a message that is only a sum (see `expressionInMessage`) gets its answer
 * as a reply, pinging no one. Bots and webhooks are ignored. Answers whether it replied.
 */
export async function answerExpressionMessage(
  ctx: Pick<AppContext, "storage" | "discord" | "logger">,
  message: MessageEvent,
): Promise<boolean> {
  if (!message.guildId || message.author.bot || message.webhookId) return false;
  const found = expressionInMessage(message.content);
  if (!found) return false;
  if (!(await isEnabled(ctx, message.guildId, "calculatorEnabled"))) return false;
  try {
    await ctx.discord.sendMessage(message.channelId, {
      content: describeResult(found.value),
      replyTo: message.id,
      allowedMentions: {},
    });
    return true;
  } catch (error) {
    // No permission to post there, the channel went away, a rate limit: this one answer is skipped.
    if (!(error instanceof DiscordError)) throw error;
    ctx.logger.debug({ err: error, channelId: message.channelId }, "calculator answer not sent");
    return false;
  }
}
