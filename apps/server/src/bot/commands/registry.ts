import type { AppContext } from "../../context.ts";
import type { CommandInteraction } from "../../discord/port/interaction.ts";
import type { OutgoingMessage } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Bot } from "../bot.ts";
import { type CommandContext, type CommandDefinition, CommandOptions } from "./command.ts";
import { checkCommandAccess, type ManagerRoleResolver } from "./permissions.ts";

/**
 * Changes the first reply of each command run (the Tips switch adds a line); answers the message to
 * send. A decorator that fails leaves the reply as it was.
 */
export type ReplyDecorator = (
  serverId: string,
  path: string,
  message: OutgoingMessage,
) => Promise<OutgoingMessage>;

/** The full path of a command use: `grinder`, `grinder add`, `votetracker admin setup`. */
export function commandPath(interaction: CommandInteraction): string {
  const { name, subcommandGroup, subcommand } = interaction.data;
  return [name, subcommandGroup, subcommand].filter(Boolean).join(" ");
}

/**
 * Binds command definitions to the bot: one router entry per top-level name, dispatching by full
 * path, with the access rule of the catalogue checked before any handler runs. Answers the paths
 * bound, which are the only ones registered with Discord.
 */
export function bindCommands(
  bot: Pick<Bot, "onCommand" | "commandRan">,
  ctx: AppContext,
  definitions: readonly CommandDefinition[],
  options: {
    developerIds?: readonly string[];
    managerRoleOf?: ManagerRoleResolver;
    decorateReply?: ReplyDecorator;
  } = {},
): string[] {
  const managerRoleOf = options.managerRoleOf ?? (async () => null);
  const byPath = new Map<string, CommandDefinition>();
  for (const definition of definitions) {
    if (byPath.has(definition.path)) throw new Error(`/${definition.path} is defined twice`);
    byPath.set(definition.path, definition);
  }
  const topLevel = new Set([...byPath.keys()].map((path) => path.split(" ")[0] ?? path));
  for (const name of topLevel) {
    // Whether the deferral is private is decided per top-level command; subcommands follow it.
    const ephemeral = [...byPath.values()]
      .filter((d) => d.path.split(" ")[0] === name)
      .every((d) => d.ephemeral !== false);
    bot.onCommand(name, (interaction, { logger }) => dispatch(interaction, logger), { ephemeral });
  }

  async function dispatch(interaction: CommandInteraction, logger: Logger): Promise<void> {
    const path = commandPath(interaction);
    const definition = byPath.get(path);
    const { guildId, member } = interaction.data;
    if (!definition) throw badRequest(`/${path} isn't available on this bot yet.`);
    if (!guildId || !member) throw badRequest("Commands work inside a server, not in direct messages.");
    await checkCommandAccess(managerRoleOf, guildId, path, member, options.developerIds ?? []);
    const privately = definition.ephemeral !== false;
    let decorated = false;
    const decorate = async (reply: string | OutgoingMessage): Promise<string | OutgoingMessage> => {
      if (decorated || !options.decorateReply) return reply;
      decorated = true;
      const message = typeof reply === "string" ? { content: reply } : reply;
      try {
        return await options.decorateReply(guildId, path, message);
      } catch (error) {
        logger.warn({ err: error, path }, "a reply decorator failed; the reply goes as it was");
        return reply;
      }
    };
    const command: CommandContext = {
      ctx,
      interaction,
      path,
      logger,
      serverId: guildId,
      channelId: interaction.data.channelId,
      user: interaction.data.user,
      member,
      options: new CommandOptions(
        interaction.data.options,
        interaction.data.resolved.users,
        interaction.data.resolved.attachments,
      ),
      reply: async (reply, replyOptions) =>
        interaction.reply(await decorate(reply), { ephemeral: replyOptions?.ephemeral ?? privately }),
      defer: (deferOptions) => interaction.defer({ ephemeral: deferOptions?.ephemeral ?? privately }),
    };
    await definition.run(command);
    await bot.commandRan(guildId, path);
  }

  return [...byPath.keys()];
}
