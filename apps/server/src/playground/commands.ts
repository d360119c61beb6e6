import type { ManagerRoleResolver } from "../bot/commands/permissions.ts";
import { checkCommandAccess } from "../bot/commands/permissions.ts";
import type { AppContext } from "../context.ts";
import { basePermissions } from "../discord/roles/permissions.ts";
import type { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { demoGuildId } from "../discord/sandbox/demo-seed-data.ts";
import { AppError, notFound } from "../lib/errors.ts";

/** `giveaway start` as Discord's interaction names it: command, group and subcommand. */
export function parseCommandPath(path: string): {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
} {
  const [name = path, second, third] = path.split(" ");
  if (third && second) return { name, subcommandGroup: second, subcommand: third };
  if (second) return { name, subcommand: second };
  return { name };
}

/**
 * Every command the bot handles, with what would stop this member running it: the same rule the
 * bot applies before a handler runs (permissions, the server's manager role, developer tools), so
 * switching who you are changes the list exactly as it changes the bot's answers.
 */
export async function commandRefusals(
  ctx: AppContext,
  sandbox: SandboxAdapter,
  managerRoleOf: ManagerRoleResolver,
  paths: readonly string[],
  userId: string,
): Promise<{ name: string; refusal: string | null }[]> {
  const guild = await sandbox.getGuild(demoGuildId);
  const member = guild ? await sandbox.getMember(guild.id, userId) : null;
  if (!guild || !member) throw notFound(`${userId} is not a member of the demo server`);
  const roles = await sandbox.listRoles(guild.id);
  const held = new Set(member.roleIds);
  const permissions = basePermissions({
    ownerId: guild.ownerId,
    everyone: roles.find((role) => role.id === guild.id) ?? null,
    memberRoles: roles.filter((role) => role.id !== guild.id && held.has(role.id)),
    userId,
  });
  const asInteraction = { ...member, permissions: permissions.toString() };
  const answers: { name: string; refusal: string | null }[] = [];
  for (const path of paths) {
    try {
      await checkCommandAccess(managerRoleOf, guild.id, path, asInteraction, ctx.config.developerIds);
      answers.push({ name: path, refusal: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answers.push({ name: path, refusal: error.message });
    }
  }
  return answers;
}
