import { defineCommand } from "../../bot/commands/command.ts";
import type { AppContext } from "../../context.ts";
import type { EmbedField, RoleInfo } from "../../discord/port/port.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { getServerSetup as getSetup } from "../grinders/service.ts";
import { getStaticaConfig } from "../statica/service.ts";
import { getWelcomeConfig } from "../welcome/service.ts";

/** Discord's permission bits, by the names Discord shows. */
export const botPermissionBits = {
  "Kick Members": 1n << 1n,
  "Ban Members": 1n << 2n,
  Administrator: 1n << 3n,
  "Manage Channels": 1n << 4n,
  "Add Reactions": 1n << 6n,
  "View Channel": 1n << 10n,
  "Send Messages": 1n << 11n,
  "Manage Messages": 1n << 13n,
  "Embed Links": 1n << 14n,
  "Manage Roles": 1n << 28n,
  "Moderate Members": 1n << 40n,
} as const;
type PermissionName = keyof typeof botPermissionBits;

const posting: PermissionName[] = ["View Channel", "Send Messages", "Embed Links"];

/** What the bot may do: its permissions (server-wide, or in one channel) and its highest role. */
export interface BotAccess {
  permissions: bigint;
  highestPosition: number;
  roles: RoleInfo[];
}

export function missingPermissions(bits: bigint, needed: PermissionName[]): PermissionName[] {
  if ((bits & botPermissionBits.Administrator) !== 0n) return [];
  return needed.filter((name) => (bits & botPermissionBits[name]) === 0n);
}

/** Roles the bot can't give or take: at or above its highest role (Discord's hierarchy rule). */
export function rolesOutOfReach(access: BotAccess, roleIds: (string | null | undefined)[]): RoleInfo[] {
  const ids = new Set(roleIds.filter((id): id is string => Boolean(id)));
  return access.roles.filter((role) => ids.has(role.id) && role.position >= access.highestPosition);
}

async function botAccess(ctx: Pick<AppContext, "discord">, serverId: string): Promise<BotAccess> {
  const [bot, roles] = await Promise.all([
    ctx.discord.getBotMember(serverId),
    ctx.discord.listRoles(serverId),
  ]);
  if (!bot) throw badRequest("I can't find my own member in this server; try again in a minute.");
  const held = roles.filter((role) => role.id === serverId || bot.roleIds.includes(role.id));
  return {
    permissions: held.reduce((bits, role) => bits | BigInt(role.permissions), 0n),
    highestPosition: Math.max(0, ...held.filter((role) => role.id !== serverId).map((role) => role.position)),
    roles,
  };
}

function verdict(missing: string[], problems: string[] = []): string {
  const lines = [
    ...(missing.length > 0 ? [`❌ Missing: ${missing.join(", ")}`] : []),
    ...problems.map((problem) => `❌ ${problem}`),
  ];
  return lines.join("\n") || "✅ All good";
}

function reachProblem(out: RoleInfo[], what: string): string[] {
  if (out.length === 0) return [];
  const names = out.map((role) => `<@&${role.id}>`).join(", ");
  return [
    `My highest role must sit above ${what}: ${names}. Move the Hearth role up in Server Settings → Roles.`,
  ];
}

/**
 * `/permissions check [channel]`: what the bot lacks, feature by feature. The port exposes roles,
 * not channel overwrites, so channel checks use the bot's role permissions, except in the channel
 * the command was used in, where Discord tells us the bot's real permissions (overwrites included).
 */
export const permissionsCheckCommand = defineCommand("permissions check", async (command) => {
  const { ctx, serverId } = command;
  const access = await botAccess(ctx, serverId);
  const channelId = command.options.id("channel") ?? command.channelId;
  const here = command.interaction.data.botPermissions;
  const exact = channelId !== null && channelId === command.channelId && here !== null;
  const inChannel = exact && here !== null ? BigInt(here) : access.permissions;
  const roleNote = exact ? "" : " (from my roles; channel overrides not checked)";

  const setup = await getSetup(ctx, serverId);
  const welcome = await getWelcomeConfig(ctx, serverId);
  const statica = await getStaticaConfig(ctx, serverId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  const tierRoles = Object.values(setup.tierRoles);
  const staticaRoles = statica
    ? [...statica.roleConfig.combined, ...statica.roleConfig.serverTag, ...statica.roleConfig.status]
    : [];

  const fields: EmbedField[] = [
    {
      name: "Welcome",
      value: welcome.channelId
        ? `In <#${welcome.channelId}>${welcome.channelId === channelId ? roleNote : " (from my roles)"}\n${verdict(
            missingPermissions(welcome.channelId === channelId ? inChannel : access.permissions, posting),
          )}`
        : "No welcome channel set yet (`/welcome setup`).",
    },
    {
      name: "Grinders",
      value: verdict(
        missingPermissions(access.permissions, ["Manage Roles", "Manage Channels"]),
        reachProblem(
          rolesOutOfReach(access, [...tierRoles, setup.grinderBaseRoleId]),
          "the grinder and tier roles",
        ),
      ),
    },
    {
      name: "Giveaways",
      value: `${channelId ? `In <#${channelId}>${roleNote}` : "Server-wide"}\n${verdict(
        missingPermissions(inChannel, [...posting, "Add Reactions"]),
      )}`,
    },
    {
      name: "Timers",
      value: `${channelId ? `In <#${channelId}>${roleNote}` : "Server-wide"}\n${verdict(
        missingPermissions(inChannel, posting),
      )}`,
    },
    {
      name: "Moderation",
      value: verdict(
        missingPermissions(access.permissions, ["Ban Members", "Kick Members", "Moderate Members"]),
      ),
    },
    {
      name: "Statica",
      value: statica
        ? verdict(
            missingPermissions(access.permissions, ["Manage Roles"]),
            reachProblem(rolesOutOfReach(access, staticaRoles), "the reward roles"),
          )
        : verdict(missingPermissions(access.permissions, ["Manage Roles"])),
    },
  ];
  const problems = fields.filter((field) => field.value.includes("❌")).length;
  await command.reply({
    embeds: [
      {
        title:
          problems === 0
            ? "Hearth has everything it needs"
            : `Hearth is missing something in ${problems} feature${problems === 1 ? "" : "s"}`,
        description:
          (access.permissions & botPermissionBits.Administrator) !== 0n
            ? "I have Administrator, so permissions are covered; role order still matters."
            : "Administrator (recommended) would cover every permission below.",
        color: problems === 0 ? 0x22c55e : 0xef4444,
        fields,
      },
    ],
  });
});
