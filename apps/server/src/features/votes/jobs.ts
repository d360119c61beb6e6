import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { deliverJob } from "./batch.ts";
import { deliverTestVote, deliverVote } from "./delivery.ts";
import { expireReward, monthlyResetJob, rewardExpireJob, runMonthlyReset } from "./rewards.ts";

export const deliverTestJob = "votes.deliver-test";

const deliverPayload = z.object({ voteRowId: z.number().int().positive() });
const testPayload = z.object({
  serverId: z.string(),
  userId: z.string(),
  platform: z.string(),
  at: z.number(),
});
const expirePayload = z.object({ serverId: z.string(), userId: z.string() });
const monthPayload = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/) });

/** Registers the vote tracker's job handlers on the queue. */
export function registerVoteJobs(ctx: AppContext): void {
  ctx.jobs.register(deliverJob, async (payload) => {
    await deliverVote(ctx, deliverPayload.parse(payload).voteRowId);
  });
  ctx.jobs.register(deliverTestJob, async (payload) => {
    const { serverId, ...vote } = testPayload.parse(payload);
    await deliverTestVote(ctx, serverId, vote);
  });
  ctx.jobs.register(rewardExpireJob, async (payload) => {
    const { serverId, userId } = expirePayload.parse(payload);
    await expireReward(ctx, serverId, userId);
  });
  ctx.jobs.register(monthlyResetJob, async (payload) => {
    await runMonthlyReset(ctx, monthPayload.parse(payload).month);
  });
}
