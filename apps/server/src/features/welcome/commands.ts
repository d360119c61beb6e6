import { pingOnJoinLimits, validateTemplate } from "@hearth/core";
import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { listenForDesigns, startDesign } from "../message-designer/service.ts";
import { welcomeGuideEmbed } from "./bot-guide.ts";
import { listenForJoins } from "./bot-join.ts";
import { welcomeDesignFlow } from "./design-flow.ts";
import {
  addPingChannel,
  getPingOnJoin,
  pingDeleteDelayMs,
  removePingChannel,
  togglePingOnJoin,
} from "./ping.ts";
import { getWelcomeConfig, sendTestWelcome, toggleWelcome } from "./service.ts";

const actorOf = (command: CommandContext) => ({ tokenId: null, userId: command.user.id });

const setup = defineCommand("welcome setup", async (command) => {
  const { ctx, serverId } = command;
  const instructions = command.options.requireString("instructions");
  const current = await getWelcomeConfig(ctx, serverId);
  const channelId = command.options.id("channel") ?? current.channelId ?? command.channelId;
  if (!channelId) throw badRequest("Please choose a **channel** for welcome messages.", "channel");
  // A channel Hearth can't post in is named now, not after the preview.
  await requireTextChannel(ctx, serverId, channelId, "channel");
  // The model may take a while; the member sees "thinking…" rather than a timeout.
  if (ctx.config.aiBaseUrl && ctx.config.aiApiKey) await command.defer({ ephemeral: true });
  // Nothing is saved yet: the preview's Save button writes the config (welcome/design-flow.ts).
  const preview = await startDesign(ctx, welcomeDesignFlow, {
    serverId,
    user: command.user,
    instructions,
    extra: { channelId },
  });
  await command.reply(preview, { ephemeral: true });
});

const test = defineCommand("welcome test", async (command) => {
  const { ctx, serverId } = command;
  const memberId = command.options.id("user") ?? command.user.id;
  const config = await getWelcomeConfig(ctx, serverId);
  if (config.channelId === null) {
    throw badRequest("There's no welcome channel yet: run `/welcome setup` first.", "channel");
  }
  const sent = await sendTestWelcome(ctx, serverId, actorOf(command), undefined, { memberId });
  const state = config.enabled ? "" : " Welcome messages are **off**: turn them on with `/welcome toggle`.";
  await command.reply(`📨 Test welcome for <@${memberId}> sent to <#${sent.channelId}>.${state}`);
});

const toggle = defineCommand("welcome toggle", async (command) => {
  const { ctx, serverId } = command;
  const current = await getWelcomeConfig(ctx, serverId);
  if (!current.enabled && current.channelId === null) {
    throw badRequest("There's no welcome channel yet: run `/welcome setup` first.", "channel");
  }
  const after = await toggleWelcome(ctx, serverId, actorOf(command), !current.enabled);
  await command.reply(
    after.enabled
      ? `✅ Welcome messages are **on**: new members are greeted in <#${after.channelId}>.`
      : "⏸️ Welcome messages are **off**. Your configuration is kept; `/welcome toggle` turns them back on.",
  );
});

const pingAdd = defineCommand("welcome ping_add", async (command) => {
  const { ctx, serverId } = command;
  const channelId = command.options.requireId("channel");
  const message = command.options.string("message")?.trim() || undefined;
  if (message && message.length > pingOnJoinLimits.message) {
    throw badRequest(
      `The message must be at most ${pingOnJoinLimits.message} characters (it has ${message.length}).`,
      "message",
    );
  }
  const unknown = message
    ? validateTemplate(message).map((problem) =>
        problem.suggestion
          ? `\`${problem.tag}\` (did you mean \`${problem.suggestion}\`?)`
          : `\`${problem.tag}\``,
      )
    : [];
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown tag${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}: see \`/welcome guide\`.`,
      "message",
    );
  }
  let config = await addPingChannel(ctx, serverId, actorOf(command), { channelId, message });
  // Adding a channel from the bot means "ping there": switch the feature on if it was off.
  if (!config.enabled) config = await togglePingOnJoin(ctx, serverId, actorOf(command), true);
  await command.reply(
    `🔔 New members will be pinged in <#${channelId}>${message ? " with your message" : ""}; the ping is deleted after ${pingDeleteDelayMs / 1000} seconds. Ping channels: ${config.channels.map((id) => `<#${id}>`).join(", ")}.`,
  );
});

const pingRemove = defineCommand("welcome ping_remove", async (command) => {
  const { ctx, serverId } = command;
  const channelId = command.options.requireId("channel");
  const listed = await getPingOnJoin(ctx, serverId);
  if (!listed.channels.includes(channelId)) {
    throw badRequest(`<#${channelId}> isn't a ping-on-join channel.`, "channel");
  }
  const config = await removePingChannel(ctx, serverId, actorOf(command), channelId);
  await command.reply(
    config.channels.length === 0
      ? `🔕 New members are no longer pinged in <#${channelId}>. That was the last channel, so ping on join is off.`
      : `🔕 New members are no longer pinged in <#${channelId}>. Still pinging in ${config.channels.map((id) => `<#${id}>`).join(", ")}.`,
  );
});

const guide = defineCommand("welcome guide", async (command) => {
  await command.reply({ embeds: [welcomeGuideEmbed()] });
});

/** This feature's slash commands and gateway listeners. */
export const welcomeBot: BotFeature = {
  commands: () => [setup, test, toggle, pingAdd, pingRemove, guide],
  listeners: (bot, ctx) => {
    listenForDesigns(bot, ctx, welcomeDesignFlow);
    return listenForJoins(bot, ctx);
  },
};
