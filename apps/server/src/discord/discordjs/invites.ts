import { type APIExtendedInvite, Routes } from "discord.js";
import { DiscordError, type DiscordPort, type InviteInfo } from "../port/port.ts";
import { call, type DiscordJsContext } from "./context.ts";

// A guild's invites over REST (GET /guilds/{id}/invites needs Manage Server).

export const inviteFromApi = (
  invite: Pick<APIExtendedInvite, "code" | "inviter" | "uses" | "max_uses">,
): InviteInfo => ({
  code: invite.code,
  inviterId: invite.inviter?.id ?? null,
  uses: invite.uses ?? 0,
  maxUses: invite.max_uses ?? 0,
});

/** The port's invite calls over discord.js, for the adapter to assemble with the other parts. */
export function invitesPart(context: DiscordJsContext) {
  return {
    async listInvites(guildId: string): Promise<InviteInfo[] | null> {
      try {
        const invites = (await call(() =>
          context.rest.get(Routes.guildInvites(guildId)),
        )) as APIExtendedInvite[];
        return invites.map(inviteFromApi);
      } catch (error) {
        if (
          error instanceof DiscordError &&
          (error.code === "missing_permissions" || error.code === "unknown_guild")
        ) {
          return null;
        }
        throw error;
      }
    },
  } satisfies Partial<DiscordPort>;
}
