import { type CommandContext, defineCommand } from "../../bot/commands/command.ts";
import type { ButtonInteraction } from "../../discord/port/interaction.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { cacheStats, clearCaches } from "../../lib/cache-registry.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { purgeServerData, resettableFeatures, type TableScope } from "../purge/service.ts";
import { evaluate } from "./eval.ts";
import { startNotice } from "./notify.ts";
import {
  blockEntity,
  isDeveloper,
  liftLockdown,
  listBlocked,
  startLockdown,
  unblockEntity,
} from "./service.ts";

const color = 0xf97316;
const resetPrefix = "dev:reset:";
const cancelId = "dev:reset-cancel";
const unix = (ms: number) => Math.floor(ms / 1000);

const ban = defineCommand("dev ban", async (command) => {
  const { block, left } = await blockEntity(command.ctx, {
    id: command.options.requireString("id"),
    reason: command.options.string("reason") ?? null,
    blockedBy: command.user.id,
  });
  const what = block.kind === "server" ? `Server \`${block.id}\`` : `User <@${block.id}> (\`${block.id}\`)`;
  const leftNote = block.kind === "server" ? (left ? " I left the server." : " I'm not in it.") : "";
  const total = (await listBlocked(command.ctx)).length;
  await command.reply({
    content: `⛔ ${what} is blocked${block.reason ? ` (${block.reason})` : ""}.${leftNote} ${total} on the block list.`,
    allowedMentions: { users: [], roles: [], everyone: false },
  });
});

const unban = defineCommand("dev unban", async (command) => {
  const block = await unblockEntity(command.ctx, command.options.requireString("id"), command.user.id);
  await command.reply(
    `✅ ${block.kind === "server" ? "Server" : "User"} \`${block.id}\` can use Hearth again${block.kind === "server" ? " (invite the bot back to return)" : ""}.`,
  );
});

const cache = defineCommand("dev cache", async (command) => {
  const action = command.options.string("action") ?? "show";
  if (action === "clear") {
    const cleared = clearCaches();
    const total = cleared.reduce((sum, entry) => sum + entry.entries, 0);
    await command.reply(
      `🧹 Cleared ${cleared.length} caches (${total} entries) in this process (pid ${process.pid}). Other processes' caches expire on their own within a minute.`,
    );
    return;
  }
  const stats = cacheStats();
  const lines = stats.map((entry) => `\`${entry.name}\` · ${entry.entries}`);
  const memory = process.memoryUsage();
  await command.reply({
    embeds: [
      {
        title: "🗄️ Caches of this process",
        color,
        description: (lines.join("\n") || "No caches registered.").slice(0, 4000),
        fields: [
          {
            name: "Process",
            value: `pid ${process.pid} · up ${Math.round(process.uptime() / 60)} min`,
            inline: true,
          },
          {
            name: "Memory",
            value: `${Math.round(memory.rss / 1048576)} MB resident, ${Math.round(memory.heapUsed / 1048576)} MB heap`,
            inline: true,
          },
        ],
        footer: { text: "Clear them with /dev cache action:clear" },
      },
    ],
  });
});

const evalCommand = defineCommand("dev eval", async (command) => {
  if (!command.ctx.config.devEval) {
    throw badRequest(
      "Eval is off on this instance: set DEV_EVAL=true in the bot's environment to turn it on.",
    );
  }
  await command.defer();
  const result = await evaluate(command.ctx, command.options.requireString("code"));
  // Redaction tidies the output; the code itself could read or send any secret, so the reply says so.
  await command.reply(
    `${result.ok ? "✅" : "❌"} ${result.ms} ms · Ran with the bot process's full rights: not a sandbox.\n\`\`\`js\n${result.output}\n\`\`\``,
  );
});

const lockdown = defineCommand("dev lockdown", async (command) => {
  const started = await startLockdown(command.ctx, command.options.string("reason") ?? null, command.user.id);
  await command.reply(
    `🔒 Lockdown on since <t:${unix(started.startedAt)}:T>: every command answers with the notice${started.reason ? ` (“${started.reason}”)` : ""} until \`/dev liftlock\`. Developers are not affected.`,
  );
});

const liftlock = defineCommand("dev liftlock", async (command) => {
  const lifted = await liftLockdown(command.ctx, command.user.id);
  await command.reply(
    `🔓 Lockdown lifted; it had been on since <t:${unix(lifted.startedAt)}:R>. Commands answer again.`,
  );
});

const notifyusers = defineCommand("dev notifyusers", async (command) => {
  const progress = await startNotice(command.ctx, command.options.requireString("message"), command.user.id);
  await command.reply(
    `📣 Notice #${progress.id} is on its way to ${progress.total} server owner${progress.total === 1 ? "" : "s"} (each once), paced for Discord's limits. It carries on after a restart; I'll DM you the counts of sent and failed when it's done.`,
  );
});

function resetPanel(serverId: string, feature: string | null, guildName: string | null): OutgoingMessage {
  const target = guildName ? `**${guildName}** (\`${serverId}\`)` : `server \`${serverId}\``;
  const scope = feature ? `the **${feature}** data of ${target}` : `**all** of Hearth's data for ${target}`;
  return {
    embeds: [
      {
        title: "⚠️ Reset server data",
        color: 0xdc2626,
        description: `This deletes ${scope}${feature ? "" : " and revokes every dashboard token"}. It can't be undone.`,
      },
    ],
    components: [
      [
        {
          type: "button",
          style: "danger",
          label: feature ? `Delete ${feature} data` : "Delete all data",
          customId: `${resetPrefix}${serverId}:${feature ?? "*"}`,
        },
        { type: "button", style: "secondary", label: "Cancel", customId: cancelId },
      ],
    ],
  };
}

export function devtoolsBot(scopes: () => readonly TableScope[]): BotFeature {
  const reset = defineCommand("dev reset", async (command: CommandContext) => {
    const serverId = command.options.requireString("server_id").trim();
    if (!/^\d{17,20}$/.test(serverId))
      throw badRequest("server_id must be a Discord server ID.", "server_id");
    const feature = command.options.string("feature")?.trim().toLowerCase() || null;
    const names = resettableFeatures(scopes());
    if (feature && !names.includes(feature)) {
      throw badRequest(`There is no feature called "${feature}". Features: ${names.join(", ")}.`, "feature");
    }
    const guild = await command.ctx.discord.getGuild(serverId).catch(() => null);
    await command.reply(resetPanel(serverId, feature, guild?.name ?? null));
  });

  return {
    commands: () => [ban, unban, cache, evalCommand, lockdown, liftlock, notifyusers, reset],
    listeners: (bot, ctx) => {
      const developerOnly = (interaction: ButtonInteraction) => {
        if (!isDeveloper(ctx, interaction.data.user.id))
          throw forbidden("This button is for the bot's developers.");
      };
      bot.onButton(resetPrefix, async (interaction) => {
        developerOnly(interaction);
        const [serverId = "", feature = "*"] = interaction.data.customId.slice(resetPrefix.length).split(":");
        await interaction.defer();
        const result = await purgeServerData(ctx, scopes(), serverId, {
          feature: feature === "*" ? undefined : feature,
          by: interaction.data.user.id,
          reason: "reset by the bot's developers",
        });
        await interaction.update({
          content: `🗑️ Reset done for \`${serverId}\`${feature === "*" ? "" : ` (${feature})`}: ${result.rows} rows in ${result.tables.length} tables, ${result.tokensRevoked} dashboard tokens revoked, ${result.jobs} jobs removed.`,
          embeds: [],
          components: [],
        });
      });
      bot.onButton(cancelId, async (interaction) => {
        developerOnly(interaction);
        await interaction.update({
          content: "Reset cancelled; nothing was deleted.",
          embeds: [],
          components: [],
        });
      });
      return undefined;
    },
  };
}
