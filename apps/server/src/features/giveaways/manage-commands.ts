import { describeRecurrence, type GiveawaySchedule } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";
import { actorOf, fitLines, messageIdOf } from "./command-helpers.ts";
import { blockMember, listEntrants, removeEntrant, unblockMember } from "./entrants.ts";
import { cancelSchedule, listSchedules, pauseGiveaway, resumeGiveaway, updateSchedule } from "./service.ts";

// Managers' giveaway commands beyond start/end/reroll/list: entrants, removals, blocks, schedules.

const unix = (ms: number) => Math.floor(ms / 1000);
const pageSize = 20;
const reasonOf = (command: CommandContext) => {
  const reason = command.options.string("reason")?.trim() ?? "";
  if (!reason) throw badRequest("Please give a **reason** (it is kept in the audit log).", "reason");
  if (reason.length > 200) throw badRequest("The reason must be at most 200 characters.", "reason");
  return reason;
};

const entrants = defineCommand("giveaway entrants", async (command) => {
  const messageId = messageIdOf(command);
  const search = command.options.string("search")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Math.floor(command.options.number("page") ?? 1));
  // Keyset pages: walk to the page asked for (20 a page; each step is one indexed read).
  let cursor: string | undefined;
  let result = await listEntrants(command.ctx, command.serverId, messageId, { q: search, limit: pageSize });
  const first = result;
  const total = first.total ?? 0;
  let shownPage = 1;
  for (let at = 1; at < page && result.nextCursor; at++) {
    cursor = result.nextCursor;
    result = await listEntrants(command.ctx, command.serverId, messageId, {
      q: search,
      limit: pageSize,
      cursor,
    });
    shownPage = at + 1;
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (result.entrants.length === 0) {
    await command.reply(
      search ? `No entrant's name or ID contains "${search}".` : "No one has entered this giveaway yet.",
    );
    return;
  }
  const lines = result.entrants.map((entrant) => {
    const bonus = entrant.bonus ? ` · ${entrant.bonus}` : "";
    return `<@${entrant.userId}> (${entrant.username}) · <t:${unix(entrant.enteredAt)}:R> · ${entrant.entries} entr${entrant.entries === 1 ? "y" : "ies"}${bonus}`;
  });
  const removed = first.removed.slice(0, 5).map((entry) => `<@${entry.userId}>: ${entry.reason}`);
  await command.reply({
    embeds: [
      {
        title: `Entrants${search ? ` matching "${search.slice(0, 40)}"` : ""}`,
        description: fitLines(lines, 4000),
        color: 0xf97316,
        fields: removed.length > 0 ? [{ name: "Removed", value: fitLines(removed) }] : [],
        footer: {
          text: `Page ${shownPage} of ${pages}${first.totalCapped ? "+" : ""} · ${total}${first.totalCapped ? "+" : ""} entrant${total === 1 ? "" : "s"}`,
        },
      },
    ],
    allowedMentions: {},
  });
});

const remove = defineCommand("giveaway remove", async (command) => {
  const messageId = messageIdOf(command);
  const userId = command.options.requireId("member");
  const block = command.options.boolean("block") === true;
  await removeEntrant(command.ctx, command.serverId, messageId, userId, actorOf(command), {
    reason: reasonOf(command),
    block,
  });
  await command.reply({
    content: `Removed <@${userId}> from the giveaway${block ? " and blocked them from this server's giveaways" : ""}. They'll see the reason the next time they press Enter.`,
    allowedMentions: {},
  });
});

const block = defineCommand("giveaway block", async (command) => {
  const userId = command.options.requireId("member");
  if (command.options.boolean("lift")) {
    await unblockMember(command.ctx, command.serverId, userId, actorOf(command));
    await command.reply({
      content: `<@${userId}> can enter this server's giveaways again.`,
      allowedMentions: {},
    });
    return;
  }
  await blockMember(command.ctx, command.serverId, actorOf(command), { userId, reason: reasonOf(command) });
  await command.reply({
    content: `<@${userId}> is blocked from this server's giveaways. Lift it with \`/giveaway block member:… lift:true\`.`,
    allowedMentions: {},
  });
});

function scheduleLine(schedule: GiveawaySchedule): string {
  const prize =
    schedule.settings.prize.length > 40
      ? `${schedule.settings.prize.slice(0, 39)}…`
      : schedule.settings.prize;
  const when =
    schedule.status === "paused"
      ? "paused"
      : schedule.nextRunAt
        ? `starts <t:${unix(schedule.nextRunAt)}:R>`
        : schedule.status === "done"
          ? "stopped"
          : schedule.status;
  const repeat = schedule.recurrence
    ? ` · ${describeRecurrence(schedule.recurrence)} · ${schedule.runs} run${schedule.runs === 1 ? "" : "s"}`
    : "";
  return `\`${schedule.id}\` **${prize}** · ${when}${repeat} · <#${schedule.settings.channelId}>`;
}

const scheduled = defineCommand("giveaway scheduled", async (command) => {
  const id = command.options.string("id")?.trim();
  const action = command.options.string("action");
  if (id || action) {
    if (!id || !/^\d{1,12}$/.test(id))
      throw badRequest("Give the schedule's **id** from `/giveaway scheduled`.", "id");
    if (!action) throw badRequest("Choose an **action**: pause, resume or cancel.", "action");
    if (action === "cancel") {
      await cancelSchedule(command.ctx, command.serverId, Number(id), actorOf(command));
      await command.reply(`Schedule \`${id}\` is cancelled; nothing more will be posted from it.`);
      return;
    }
    const updated = await updateSchedule(command.ctx, command.serverId, Number(id), actorOf(command), {
      paused: action === "pause",
    });
    await command.reply({
      content: `${action === "pause" ? "Paused" : "Resumed"}: ${scheduleLine(updated)}`,
      allowedMentions: {},
    });
    return;
  }
  const schedules = await listSchedules(command.ctx, command.serverId);
  if (schedules.length === 0) {
    await command.reply("No giveaway is scheduled. Use `/giveaway start … start:in 2h` or `repeat:daily`.");
    return;
  }
  await command.reply({
    embeds: [
      {
        title: "🗓️ Scheduled and recurring giveaways",
        description: fitLines(schedules.map(scheduleLine), 4000),
        color: 0xf97316,
        footer: { text: "Act on one with /giveaway scheduled id:<id> action:pause|resume|cancel" },
      },
    ],
    allowedMentions: {},
  });
});

const pause = defineCommand("giveaway pause", async (command) => {
  const messageId = messageIdOf(command);
  const resume = command.options.boolean("resume") === true;
  const detail = resume
    ? await resumeGiveaway(command.ctx, command.serverId, messageId, actorOf(command))
    : await pauseGiveaway(command.ctx, command.serverId, messageId, actorOf(command));
  await command.reply(
    resume
      ? `▶️ **${detail.prize}** is running again and now ends <t:${unix(detail.endTime)}:R>.`
      : `⏸️ **${detail.prize}** is paused: entries are closed until you resume it with \`/giveaway pause message_id:${messageId} resume:true\`; the end moves by the pause.`,
  );
});

export const manageCommands = [entrants, remove, block, scheduled, pause];
