import { DiscordError, type DiscordPort } from "../port/port.ts";
import { requireGuild, requireMember, type SandboxContext } from "./context.ts";
import { record } from "./outbox.ts";

// Bans, kicks and timeouts in the sandbox.

/** The port's moderation calls over the sandbox's tables, for the directory to assemble with the other parts. */
export function moderationPart(context: SandboxContext) {
  return {
    async banMember(
      guildId: string,
      userId: string,
      options: { reason?: string; deleteMessageSeconds?: number } = {},
    ) {
      await requireGuild(context, guildId);
      await context.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("sandbox_members")
          .where("guild_id", "=", guildId)
          .where("user_id", "=", userId)
          .execute();
        await trx
          .insertInto("sandbox_bans")
          .values({
            guild_id: guildId,
            user_id: userId,
            reason: options.reason ?? null,
            created_at: Date.now(),
          })
          .onConflict((oc) => oc.columns(["guild_id", "user_id"]).doNothing())
          .execute();
      });
      context.guilds.delete(guildId);
      await record(context, guildId, "member.ban", { userId, ...options });
    },
    async unbanMember(guildId: string, userId: string, reason?: string): Promise<void> {
      const result = await context.db
        .deleteFrom("sandbox_bans")
        .where("guild_id", "=", guildId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0)
        throw new DiscordError("unknown_member", `User ${userId} is not banned`);
      await record(context, guildId, "member.unban", { userId, reason });
    },
    async kickMember(guildId: string, userId: string, reason?: string): Promise<void> {
      await requireMember(context, guildId, userId);
      await context.db
        .deleteFrom("sandbox_members")
        .where("guild_id", "=", guildId)
        .where("user_id", "=", userId)
        .execute();
      context.guilds.delete(guildId);
      await record(context, guildId, "member.kick", { userId, reason });
    },
    async timeoutMember(
      guildId: string,
      userId: string,
      until: number | null,
      reason?: string,
    ): Promise<void> {
      await requireMember(context, guildId, userId);
      await context.db
        .updateTable("sandbox_members")
        .set({ timeout_until: until })
        .where("guild_id", "=", guildId)
        .where("user_id", "=", userId)
        .execute();
      await record(context, guildId, "member.timeout", { userId, until, reason });
    },
  } satisfies Partial<DiscordPort>;
}
