import type { DiscordPort, InviteInfo } from "../port/port.ts";
import type { SandboxContext } from "./context.ts";

// A sandbox server's invites: members join through them (simulateMemberJoin's `inviteCode`), and
// invite tracking reads them as it would read Discord's.

/** Counts a use of an invite (a member joined through it); a used-up invite is deleted, as on Discord. */
export async function useInvite(context: SandboxContext, guildId: string, code: string): Promise<void> {
  const row = await context.db
    .selectFrom("sandbox_invites")
    .selectAll()
    .where("guild_id", "=", guildId)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!row) throw new Error(`Unknown sandbox invite ${code}`);
  if (row.max_uses > 0 && row.uses + 1 >= row.max_uses) {
    await context.db.deleteFrom("sandbox_invites").where("code", "=", code).execute();
    await context.events.emit("inviteDelete", { guildId, code });
    return;
  }
  await context.db
    .updateTable("sandbox_invites")
    .set({ uses: row.uses + 1 })
    .where("code", "=", code)
    .execute();
}

/** The port's invite calls over the sandbox's tables, for the directory to assemble with the other parts. */
export function invitesPart(context: SandboxContext) {
  return {
    async listInvites(guildId: string): Promise<InviteInfo[] | null> {
      const rows = await context.db
        .selectFrom("sandbox_invites")
        .selectAll()
        .where("guild_id", "=", guildId)
        .orderBy("code")
        .execute();
      return rows.map((row) => ({
        code: row.code,
        inviterId: row.inviter_id,
        uses: row.uses,
        maxUses: row.max_uses,
      }));
    },
  } satisfies Partial<DiscordPort>;
}

/** Members making invites, for SandboxAdapter to assemble with the other parts. */
export function inviteSimulation(context: SandboxContext) {
  return {
    /** An invite a member of the server made. */
    async simulateInviteCreate(input: {
      guildId: string;
      channelId: string;
      inviterId: string | null;
      code: string;
      maxUses?: number;
    }): Promise<InviteInfo> {
      await context.db
        .insertInto("sandbox_invites")
        .values({
          code: input.code,
          guild_id: input.guildId,
          channel_id: input.channelId,
          inviter_id: input.inviterId,
          uses: 0,
          max_uses: input.maxUses ?? 0,
          created_at: Date.now(),
        })
        .execute();
      const invite = { code: input.code, inviterId: input.inviterId, uses: 0, maxUses: input.maxUses ?? 0 };
      await context.events.emit("inviteCreate", { guildId: input.guildId, invite });
      return invite;
    },
  };
}
