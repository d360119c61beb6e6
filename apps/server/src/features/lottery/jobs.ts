import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { announceJobKind, announceLottery, drawJobKind, drawLottery, recoverLotteries } from "./service.ts";

const drawPayload = z.object({ serverId: z.string(), lotteryId: z.number().int() });
const announcePayload = drawPayload.extend({ attempt: z.number().int().default(1) });

/** Registers this feature's job handlers on the queue, and catches up on draws missed while down. */
export function registerLotteryJobs(ctx: AppContext): void {
  ctx.jobs.register(drawJobKind, async (payload) => {
    const { serverId, lotteryId } = drawPayload.parse(payload);
    try {
      await drawLottery(ctx, serverId, { by: "schedule", lotteryId });
    } catch (error) {
      // Drawn by hand a moment earlier, or gone: nothing left to do.
      if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) return;
      throw error;
    }
  });
  ctx.jobs.register(announceJobKind, async (payload) => {
    const { serverId, lotteryId, attempt } = announcePayload.parse(payload);
    await announceLottery(ctx, serverId, lotteryId, attempt);
  });
  void recoverLotteries(ctx).catch((error: unknown) =>
    ctx.logger.warn({ err: error }, "could not check for overdue lotteries"),
  );
}
