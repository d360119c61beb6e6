import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { announceBirthday, removeBirthdayRole, scheduleOverdueBirthdays } from "./announce.ts";
import { announceJobKind, roleJobKind } from "./schedule.ts";

const announcePayload = z.object({
  serverId: z.string(),
  userId: z.string(),
  at: z.number().int(),
  year: z.number().int(),
});
const rolePayload = z.object({ serverId: z.string(), userId: z.string(), roleId: z.string() });

/** Registers the birthday jobs: one announcement per member at their midnight, and the role's removal. */
export function registerBirthdayJobs(ctx: AppContext): void {
  ctx.jobs.register(announceJobKind, async (payload) => {
    await announceBirthday(ctx, announcePayload.parse(payload));
  });
  ctx.jobs.register(roleJobKind, async (payload) => {
    await removeBirthdayRole(ctx, rolePayload.parse(payload));
  });
  void scheduleOverdueBirthdays(ctx).catch((error: unknown) =>
    ctx.logger.warn({ err: error }, "could not check for overdue birthdays"),
  );
}
