import type { PermissionLevel } from "@hearth/core";
import { siteUrl } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import {
  createAndDeliverDashboardToken,
  type DashboardToken,
  findLiveDashboardToken,
  listDashboardTokens,
  revokeDashboardToken,
  revokeTokensOfMember,
} from "./service.ts";
import { forgetStanding, standingOf } from "./standing.ts";

/*
 * Tokens handed out and taken back in Discord: `/dashboard create` sends the token by DM,
 * `/dashboard revoke` and a member leaving tell the member by DM. Each owns its whole effect, the
 * token row, its audit entry and the DM.
 */

const tokenColour = 0xf97316;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** Where members sign in with their token. */
export function dashboardUrl(config: AppContext["config"]): string {
  return siteUrl(config, "/dashboard");
}

/**
 * `/dashboard create`: a member's token for the server, sent to them by DM, at the level they hold
 * now (owner; admin for Administrator or Manage Server; manager for the grinder manager role).
 * Refused for anyone else, and while they hold a live one; when their DMs are closed
 * no token is left behind and they're told how to open them.
 */
export async function createDashboardTokenByDm(
  deps: Pick<AppContext, "storage" | "discord" | "config">,
  serverId: string,
  userId: string,
): Promise<DashboardToken> {
  const existing = await findLiveDashboardToken(deps, serverId, userId);
  if (existing) {
    throw conflict(
      `You already have a dashboard token for this server (id \`${existing.id}\`, created <t:${seconds(existing.createdAt)}:R>). ` +
        "See it with `/dashboard token`. A token must be revoked before a new one is made: ask another administrator to run `/dashboard revoke` for you.",
    );
  }
  const guild = await deps.discord.getGuild(serverId);
  // The level is what the member is now: the owner, Administrator or Manage Server (admin), or the
  // manager role (manager); it follows Discord afterwards too (follow-discord.ts).
  forgetStanding(serverId, userId);
  const standing = await standingOf(deps, serverId, userId);
  const permission: PermissionLevel | null =
    standing === undefined ? (guild?.ownerId === userId ? "owner" : null) : standing;
  if (!permission) {
    throw forbidden(
      "A dashboard token needs the server's owner, Administrator or Manage Server, or the grinder manager role.",
    );
  }
  try {
    return await createAndDeliverDashboardToken(deps, { serverId, userId, permission }, async (token) => {
      await deps.discord.sendDirectMessage(userId, {
        embeds: [
          {
            title: `Your dashboard token for ${guild?.name ?? "this server"}`,
            description:
              `\`\`\`\n${token}\n\`\`\`\nOpen the dashboard at ${dashboardUrl(deps.config)} and paste this token to sign in.\n\n` +
              "**Keep it secret.** Anyone with this token can change this server's Hearth settings. " +
              "If it leaks, ask another administrator to run `/dashboard revoke`.",
            color: tokenColour,
            fields: [{ name: "Permission", value: permission, inline: true }],
          },
        ],
      });
    });
  } catch (error) {
    if (error instanceof DiscordError && error.code === "dm_closed") {
      throw badRequest(
        "I couldn't DM you, so no token was created. Allow direct messages from this server's members " +
          "(Privacy Settings → Direct Messages), then run `/dashboard create` again.",
      );
    }
    throw error;
  }
}

/**
 * `/dashboard revoke`: an administrator revokes another member's token (never their own: another
 * administrator does that), and the member is told by DM when their DMs are open.
 */
export async function revokeMemberDashboardToken(
  deps: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  revoker: { id: string; username: string },
  targetId: string,
): Promise<DashboardToken> {
  if (targetId === revoker.id) {
    throw badRequest(
      "You can't revoke your own token with `/dashboard revoke`. Ask another administrator to revoke it; " +
        "then run `/dashboard create` for a new one.",
    );
  }
  const live = await findLiveDashboardToken(deps, serverId, targetId);
  if (!live) throw notFound(`<@${targetId}> has no dashboard token for this server.`);
  if (live.permission === "owner") {
    // Only the owner manages the owner's token (from the dashboard's Tokens panel).
    throw forbidden(
      "The server owner's dashboard token can't be revoked by an administrator. The owner can revoke it " +
        "from the dashboard (Settings → Dashboard tokens).",
    );
  }
  const revoked = await revokeDashboardToken(
    deps,
    live.id,
    `revoked by ${revoker.username} with /dashboard revoke`,
    { tokenId: null, userId: revoker.id },
  );
  const guild = await deps.discord.getGuild(serverId);
  await deps.discord
    .sendDirectMessage(targetId, {
      embeds: [
        {
          title: "Dashboard token revoked",
          description: `Your Hearth dashboard token for ${guild?.name ?? "a server"} was revoked by an administrator. It no longer works.`,
          color: tokenColour,
        },
      ],
    })
    .catch(() => undefined);
  return revoked;
}

/** A member left a server: their token for it is revoked, and they're told by DM. */
export async function revokeTokensOnLeave(
  deps: Pick<AppContext, "storage" | "discord" | "logger">,
  serverId: string,
  userId: string,
): Promise<void> {
  const revoked = await revokeTokensOfMember(deps, serverId, userId);
  if (revoked === 0) return;
  const guild = await deps.discord.getGuild(serverId).catch(() => null);
  const server = guild?.name ?? "a server";
  try {
    await deps.discord.sendDirectMessage(userId, {
      content: `Your Hearth dashboard token for ${server} was revoked because you left the server.`,
    });
  } catch (error) {
    // Telling them is a courtesy; a closed DM (or a deleted account) is not a failure.
    if (error instanceof DiscordError && (error.code === "dm_closed" || error.code === "unknown_user"))
      return;
    deps.logger.warn(
      { err: error, guildId: serverId, userId },
      "could not DM a member about their revoked token",
    );
  }
}

/**
 * A token was used suspiciously (see http/activity-monitor.ts): it is revoked at once (the revocation's
 * audit entry gives the reason) and its holder is told by DM how to get a new one. Another process may
 * have revoked it a moment earlier: then nothing more happens, so the holder gets one DM.
 */
export async function revokeForSuspiciousActivity(
  deps: Pick<AppContext, "storage" | "discord" | "logger">,
  token: { id: string; serverId: string; userId: string },
  reason: string,
): Promise<boolean> {
  try {
    await revokeDashboardToken(deps, token.id, `suspicious activity: ${reason}`);
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) return false;
    throw error;
  }
  deps.logger.warn({ guildId: token.serverId, tokenId: token.id, reason }, "dashboard token revoked");
  const guild = await deps.discord.getGuild(token.serverId).catch(() => null);
  await deps.discord
    .sendDirectMessage(token.userId, {
      embeds: [
        {
          title: "Dashboard token revoked: suspicious activity",
          description:
            `Your Hearth dashboard token for ${guild?.name ?? "a server"} was revoked because it was ${reason}. ` +
            "If that wasn't you, someone else may have your token: it no longer works. Run `/dashboard create` " +
            "in the server for a new one, and keep it to yourself.",
          color: tokenColour,
        },
      ],
    })
    .catch((error: unknown) =>
      deps.logger.info(
        { err: error, userId: token.userId },
        "could not DM a member about their revoked token",
      ),
    );
  return true;
}

/**
 * The owner's token panel on the dashboard: revokes any token of the server (their own too, when it
 * leaked) and tells the holder by DM when it is someone else's. A token of another server is "not found".
 */
export async function revokeTokenFromDashboard(
  deps: Pick<AppContext, "storage" | "discord">,
  serverId: string,
  tokenId: string,
  actor: { tokenId: string; userId: string; address?: string | null; name: string },
): Promise<DashboardToken> {
  const target = (await listDashboardTokens(deps, serverId)).find((token) => token.id === tokenId);
  if (!target) throw notFound(`No dashboard token with id ${tokenId} on this server`);
  const revoked = await revokeDashboardToken(
    deps,
    tokenId,
    `revoked by ${actor.name} from the dashboard`,
    actor,
  );
  if (target.userId !== actor.userId) {
    const guild = await deps.discord.getGuild(serverId).catch(() => null);
    await deps.discord
      .sendDirectMessage(target.userId, {
        embeds: [
          {
            title: "Dashboard token revoked",
            description: `Your Hearth dashboard token for ${guild?.name ?? "a server"} was revoked by the server owner. It no longer works.`,
            color: tokenColour,
          },
        ],
      })
      .catch(() => undefined);
  }
  return revoked;
}
