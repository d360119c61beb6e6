import { defineCommand } from "../../bot/commands/command.ts";
import type { AppContext } from "../../context.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { type PurgeResult, purgeOwnServer, type TableScope } from "./service.ts";

const formId = "purge:confirm";
const nameField = "server_name";

/** The reply after a purge: what went, and that the bot itself stays. */
export function purgeSummary(serverName: string, result: PurgeResult): string {
  const tables = result.tables.length;
  return [
    `🗑️ Every piece of Hearth data for **${serverName}** is deleted: ${result.rows} row${result.rows === 1 ? "" : "s"} in ${tables} table${tables === 1 ? "" : "s"}, and ${result.tokensRevoked} dashboard token${result.tokensRevoked === 1 ? "" : "s"} revoked.`,
    "Hearth is still in the server with default settings; remove it in Server Settings → Integrations if you want it gone too.",
  ].join("\n");
}

/**
 * `/purge`: the server owner opens a form and types the server's exact name; submitting it deletes
 * every row of the server (the same walk as the dashboard's Danger zone).
 */
export function purgeBot(scopes: () => readonly TableScope[]): BotFeature {
  const purge = defineCommand("purge", async (command) => {
    const guild = await command.ctx.discord.getGuild(command.serverId);
    if (!guild) throw notFound("I can't see this server right now; please try again in a moment.");
    if (guild.ownerId !== command.user.id) {
      throw forbidden("Only the server's owner can delete all of Hearth's data here.");
    }
    await command.interaction.showModal({
      customId: formId,
      title: "Delete all of Hearth's data here",
      fields: [
        {
          customId: nameField,
          label: "Type the server's name to confirm",
          style: "short",
          required: true,
          maxLength: 100,
          placeholder: guild.name.slice(0, 100),
        },
      ],
    });
  });

  return {
    commands: (_ctx: AppContext) => [purge],
    listeners: (bot, ctx) => {
      bot.onModal(formId, async (interaction) => {
        const { guildId, user, fields } = interaction.data;
        if (!guildId) throw badRequest("This form works inside a server.");
        await interaction.defer({ ephemeral: true });
        const result = await purgeOwnServer(ctx, scopes(), {
          serverId: guildId,
          by: user.id,
          confirmName: fields[nameField] ?? "",
          ownerOnly: true,
        });
        await interaction.reply(purgeSummary(result.serverName, result), { ephemeral: true });
      });
      return undefined;
    },
  };
}
