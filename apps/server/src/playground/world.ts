import { randomUUID } from "node:crypto";
import type { SandboxEventBody } from "@hearth/core";
import type { AppContext } from "../context.ts";
import type { SandboxAdapter } from "../discord/sandbox/adapter.ts";
import { demoGuildId } from "../discord/sandbox/demo-seed-data.ts";
import { recordVote } from "../features/votes/service.ts";
import { bringForward, listPending } from "../jobs/store.ts";
import { notFound } from "../lib/errors.ts";
import type { Presences } from "./identities.ts";

// What happens to the demo server that no member types: joins and leaves, statuses and server tags,
// boosts, a vote from a listing site, and time passing. Each goes the way Discord (or the listing
// site's webhook) would deliver it, so the bot answers as it would.

export async function simulateServerEvent(
  ctx: AppContext,
  sandbox: SandboxAdapter,
  presences: Presences,
  event: SandboxEventBody,
): Promise<{ message: string; userId: string | null }> {
  const guildId = demoGuildId;
  const requireMember = async (userId: string) => {
    const member = await sandbox.getMember(guildId, userId);
    if (!member) throw notFound(`${userId} is not a member of the demo server`);
    return member;
  };
  switch (event.kind) {
    case "join": {
      const member = await sandbox.simulateMemberJoin(guildId, { username: event.username });
      return { message: `${event.username} joined the server.`, userId: member.user.id };
    }
    case "leave": {
      const member = await requireMember(event.userId);
      if (event.userId === (await sandbox.getGuild(guildId))?.ownerId) {
        throw notFound("The owner can't leave their own server");
      }
      await sandbox.simulateMemberLeave(guildId, event.userId);
      sandbox.noteChange(guildId);
      return { message: `${member.user.username} left the server.`, userId: null };
    }
    case "presence": {
      await requireMember(event.userId);
      presences.set(event.userId, event.status, event.customStatus);
      await sandbox.simulatePresence(guildId, event.userId, {
        status: event.status,
        customStatus: event.customStatus,
      });
      sandbox.noteChange(guildId);
      return { message: `Status set to ${event.status}.`, userId: event.userId };
    }
    case "tag": {
      const member = await requireMember(event.userId);
      const presence = presences.get(event.userId);
      // Discord sends the user's server tag with their presence and member updates.
      const primaryGuild = event.tag ? { guildId, tag: event.tag, enabled: true } : null;
      await sandbox.simulatePresence(guildId, event.userId, {
        status: presence?.status ?? "online",
        customStatus: presence?.customStatus ?? null,
        primaryGuild,
      });
      await sandbox.events.emit("memberUpdate", { ...member, primaryGuild });
      sandbox.noteChange(guildId);
      return {
        message: event.tag ? `Now wearing the server tag ${event.tag}.` : "Server tag taken off.",
        userId: event.userId,
      };
    }
    case "boost": {
      const member = await requireMember(event.userId);
      await sandbox.simulateBoost(guildId, event.userId);
      return { message: `${member.user.username} boosted the server.`, userId: event.userId };
    }
    case "vote": {
      const member = await requireMember(event.userId);
      const { counted } = await recordVote(ctx, guildId, {
        userId: event.userId,
        platform: "top.gg",
        voteId: randomUUID(),
        weight: 1,
        at: Date.now(),
      });
      await runDueJobs(ctx);
      return {
        message: counted
          ? `A vote from ${member.user.username} arrived from top.gg.`
          : "The vote was not counted (already counted).",
        userId: event.userId,
      };
    }
  }
}

export async function pendingJobs(ctx: AppContext) {
  const rows = await listPending(ctx.storage.db, 100);
  return rows.map((row) => ({ id: Number(row.id), kind: row.kind, runAt: Number(row.run_at) }));
}

/** Time passes: one scheduled job (or all of them) falls due now, and runs before the answer. */
export async function fastForward(ctx: AppContext, jobId: number | null): Promise<number> {
  const moved = await bringForward(ctx.storage.db, Date.now(), jobId);
  if (jobId !== null && moved === 0) throw notFound(`No pending job ${jobId}`);
  return runDueJobs(ctx);
}

/** Runs what is due, and what that work scheduled for now (a giveaway's end, then its announcement). */
async function runDueJobs(ctx: AppContext): Promise<number> {
  let ran = 0;
  for (let round = 0; round < 10; round++) {
    const batch = await ctx.jobs.runDue();
    ran += batch;
    if (batch === 0) break;
  }
  return ran;
}
