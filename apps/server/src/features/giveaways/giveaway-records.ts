import type { Selectable } from "kysely";
import type { Database } from "../../db/schema.ts";

// A giveaway and its winners as the stores hand them out, read from their rows.

type GiveawayRow = Selectable<Database["giveaways"]>;

export interface Giveaway {
  id: number;
  serverId: string;
  channelId: string;
  messageId: string;
  guildName: string;
  prize: string;
  description: string | null;
  winnerCount: number;
  hostId: string;
  donorId: string | null;
  minAccountAge: number;
  minMemberAge: number;
  minInvites: number;
  requiredRoles: string[];
  status: "active" | "ended";
  endTime: number;
  endedAt: number | null;
  createdAt: number;
  scheduleId: number | null;
  runNumber: number | null;
  pingRoleId: string | null;
  winnersChannelId: string | null;
  dmWinners: boolean;
  claimWindowMs: number | null;
  endAfterEntries: number | null;
  reminderBeforeMs: number | null;
  remindedAt: number | null;
  pausedAt: number | null;
}

/** A giveaway with what the lists show beside it. */
export interface GiveawaySummary extends Giveaway {
  entryCount: number;
  drawnWinners: number;
  inviteUrl: string | null;
}

export interface Winner {
  giveawayId: number;
  userId: string;
  username: string;
  entries: number;
  draw: number;
  wonAt: number;
  replacesUserId?: string | null;
  replacedAt?: number | null;
  claimedAt?: number | null;
  claimDeadline?: number | null;
}

export const toGiveaway = (row: GiveawayRow): Giveaway => ({
  id: row.id,
  serverId: row.server_id,
  channelId: row.channel_id,
  messageId: row.message_id,
  guildName: row.guild_name,
  prize: row.prize,
  description: row.description,
  winnerCount: row.winner_count,
  hostId: row.host_id,
  donorId: row.donor_id,
  minAccountAge: row.min_account_age,
  minMemberAge: row.min_member_age,
  minInvites: row.min_invites,
  requiredRoles: JSON.parse(row.required_roles) as string[],
  status: row.status,
  endTime: Number(row.end_time),
  endedAt: row.ended_at === null ? null : Number(row.ended_at),
  createdAt: Number(row.created_at),
  scheduleId: row.schedule_id ?? null,
  runNumber: row.run_number ?? null,
  pingRoleId: row.ping_role_id ?? null,
  winnersChannelId: row.winners_channel_id ?? null,
  dmWinners: Number(row.dm_winners ?? 0) === 1,
  claimWindowMs: nullableNumber(row.claim_window_ms),
  endAfterEntries: row.end_after_entries ?? null,
  reminderBeforeMs: nullableNumber(row.reminder_before_ms),
  remindedAt: nullableNumber(row.reminded_at),
  pausedAt: nullableNumber(row.paused_at),
});

const nullableNumber = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

export const toWinner = (row: Selectable<Database["giveaway_winners"]>): Winner => ({
  giveawayId: row.giveaway_id,
  userId: row.user_id,
  username: row.username,
  entries: row.entries,
  draw: row.draw,
  wonAt: Number(row.won_at),
  replacesUserId: row.replaces_user_id ?? null,
  replacedAt: nullableNumber(row.replaced_at),
  claimedAt: nullableNumber(row.claimed_at),
  claimDeadline: nullableNumber(row.claim_deadline),
});
