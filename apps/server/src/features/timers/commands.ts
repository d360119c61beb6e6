import { createTimerBody, type Timer, timerLimits } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { truncate } from "./messages.ts";
import { cancelTimer, createTimer, listTimers } from "./service.ts";

const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });
const unix = (ms: number) => Math.floor(ms / 1000);

const create = defineCommand("timer create", async (command) => {
  const { ctx, serverId, options } = command;
  const parsed = createTimerBody.safeParse({
    channelId: options.id("channel") ?? command.channelId,
    duration: options.requireString("duration"),
    message: options.requireString("message"),
  });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    if (field === "duration") {
      throw badRequest("Duration must look like 15m, 2h, 1h30m or 1d, and be at most 30 days.", "duration");
    }
    if (field === "message") {
      throw badRequest(`The message must be 1 to ${timerLimits.messageMax} characters.`, "message");
    }
    throw badRequest("Please choose a text channel for the timer.", "channel");
  }
  const timer = await createTimer(ctx, serverId, actorOf(command), parsed.data);
  await command.reply(
    `⏳ Timer **#${timer.id}** is counting down in <#${timer.channelId}>: it posts your message <t:${unix(timer.endsAt)}:R>. Cancel it with \`/timer cancel timer:${timer.id}\`.`,
  );
});

const line = (timer: Timer) => {
  const text = truncate(timer.message.replace(/\s+/g, " "), 60);
  if (timer.status === "running")
    return `**#${timer.id}** <#${timer.channelId}> · ends <t:${unix(timer.endsAt)}:R> · ${text}`;
  const verb = timer.status === "ended" ? "ended" : "cancelled";
  return `#${timer.id} <#${timer.channelId}> · ${verb} <t:${unix(timer.endedAt ?? timer.endsAt)}:R> · ${text}`;
};

/** As many lines as fit in an embed field (1024), then how many were left out. */
function fitLines(lines: string[], max = 1024): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, text] of lines.entries()) {
    const more = `…and ${lines.length - index} more`;
    const room = index === lines.length - 1 ? max : max - more.length - 1;
    if (length + text.length + 1 > room) {
      kept.push(more);
      break;
    }
    kept.push(text);
    length += text.length + 1;
  }
  return kept.join("\n");
}

const list = defineCommand("timer list", async (command) => {
  const timers = await listTimers(command.ctx, command.serverId);
  const running = timers.filter((timer) => timer.status === "running");
  const finished = timers.filter((timer) => timer.status !== "running").slice(0, 5);
  if (timers.length === 0) {
    await command.reply("No timers in this server yet. Start one with `/timer create`.");
    return;
  }
  await command.reply({
    embeds: [
      {
        title: "⏳ Timers",
        color: 0xf97316,
        fields: [
          {
            name: `Running (${running.length}/${timerLimits.maxRunning})`,
            value: running.length === 0 ? "None right now." : fitLines(running.map(line)),
          },
          ...(finished.length > 0
            ? [{ name: "Recently finished", value: fitLines(finished.map(line)) }]
            : []),
        ],
      },
    ],
  });
});

const cancel = defineCommand("timer cancel", async (command) => {
  const raw = command.options.requireString("timer").trim().replace(/^#/, "");
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
    throw badRequest("timer must be a timer's number from `/timer list`, like 12.", "timer");
  }
  const timer = await cancelTimer(command.ctx, command.serverId, actorOf(command), Number(raw));
  await command.reply(
    `🛑 Timer **#${timer.id}** in <#${timer.channelId}> is cancelled; its message won't be posted.`,
  );
});

/** This feature's slash commands and gateway listeners. */
export const timersBot: BotFeature = {
  commands: () => [create, list, cancel],
};
