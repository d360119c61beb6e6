import type { AppContext } from "../../context.ts";

export const announceJobKind = "birthdays.announce";
export const roleJobKind = "birthdays.remove-role";
export const announceJobKey = (serverId: string, userId: string, at: number) =>
  `birthday:${serverId}:${userId}:${at}`;
export const roleJobKey = (serverId: string, userId: string, year: number) =>
  `birthday-role:${serverId}:${userId}:${year}`;

/** The announcement when a server sets none. */
export const defaultBirthdayMessage =
  "🎉 Happy birthday, {user.mention}!{if(birthday.age): Turning {birthday.age} today.} Have a wonderful day! 🎂";

/** The durable job that announces one member's birthday when it starts (local midnight). */
export async function scheduleAnnouncement(
  ctx: Pick<AppContext, "jobs">,
  serverId: string,
  userId: string,
  next: { at: number; year: number },
  runAt = next.at,
): Promise<void> {
  await ctx.jobs.schedule(announceJobKind, { serverId, userId, at: next.at, year: next.year }, runAt, {
    dedupeKey: announceJobKey(serverId, userId, next.at),
    maxAttempts: 8,
  });
}
