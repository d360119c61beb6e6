import { z } from "zod";
import { lotteryLimits, raffleLimits } from "../limits/events.ts";
import { botMessagePreview } from "./bot-message.ts";
import { snowflake } from "./common.ts";
import { tournamentDetail, tournamentLimits } from "./tournaments.ts";

export { lotteryLimits, raffleLimits };

/**
 * The dashboard's Events page: lotteries, raffles and tournaments, with the limits of `/lottery`,
 * `/raffle` and `/tournament` (the same service checks them again).
 */

/** The holders an event's list shows at most (most tickets first); the totals count everyone. */
export const eventHoldersShown = 100;

const ms = z.number().int();

/** A member holding tickets, with their name when Discord could give it. */
export const ticketHolder = z.object({
  userId: snowflake,
  name: z.string().nullable(),
  tickets: z.number().int(),
});
export type TicketHolder = z.infer<typeof ticketHolder>;

export const lotteryView = z.object({
  id: z.number().int(),
  prize: z.string(),
  maxTickets: z.number().int(),
  channelId: snowflake,
  messageId: snowflake.nullable(),
  hostId: snowflake,
  status: z.enum(["running", "ended"]),
  endTime: ms,
  endedAt: ms.nullable(),
  /** `schedule` (at its end time) or `manual` (drawn early); null while it runs. */
  endedBy: z.string().nullable(),
  winnerId: snowflake.nullable(),
  winnerTickets: z.number().int().nullable(),
  createdAt: ms,
});
export type LotteryView = z.infer<typeof lotteryView>;

/** `GET /api/lottery/:serverId`: the running lottery, else the latest, with its ticket holders. */
export const lotteryOverview = z.object({
  lottery: lotteryView.nullable(),
  tickets: z.number().int(),
  entrants: z.number().int(),
  holders: z.array(ticketHolder),
});
export type LotteryOverview = z.infer<typeof lotteryOverview>;

/** `POST /api/lottery/:serverId`: what `/lottery start` takes (the duration in seconds). */
export const lotteryStartBody = z.object({
  prize: z.string().trim().min(1).max(lotteryLimits.prizeMaxLength),
  duration: z.number().int().min(lotteryLimits.minDurationSeconds).max(lotteryLimits.maxDurationSeconds),
  maxTickets: z.number().int().min(lotteryLimits.minTickets).max(lotteryLimits.maxTickets).default(1),
  channelId: snowflake,
});
export type LotteryStartBody = z.input<typeof lotteryStartBody>;

/** `POST /api/lottery/:serverId/preview`: the lottery's post for these values (no channel needed). */
export const lotteryPreviewBody = lotteryStartBody.omit({ channelId: true });

export const raffleView = z.object({
  id: z.number().int(),
  prize: z.string(),
  winnerCount: z.number().int(),
  channelId: snowflake,
  messageId: snowflake.nullable(),
  hostId: snowflake,
  status: z.enum(["open", "drawing", "drawn"]),
  createdAt: ms,
  drawnAt: ms.nullable(),
  drawnBy: snowflake.nullable(),
  winners: z.array(
    z.object({
      userId: snowflake,
      name: z.string().nullable(),
      position: z.number().int(),
      tickets: z.number().int(),
    }),
  ),
});
export type RaffleView = z.infer<typeof raffleView>;

/** `GET /api/raffle/:serverId`: the open raffle, else the latest, with its ticket holders. */
export const raffleOverview = z.object({
  raffle: raffleView.nullable(),
  tickets: z.number().int(),
  holdersCount: z.number().int(),
  holders: z.array(ticketHolder),
});
export type RaffleOverview = z.infer<typeof raffleOverview>;

/** `POST /api/raffle/:serverId`: what `/raffle start` takes. */
export const raffleStartBody = z.object({
  prize: z.string().trim().min(1).max(raffleLimits.prizeMaxLength),
  winnerCount: z.number().int().min(1).max(raffleLimits.maxWinners).default(1),
  channelId: snowflake,
});
export type RaffleStartBody = z.input<typeof raffleStartBody>;

export const rafflePreviewBody = raffleStartBody.omit({ channelId: true });

/** `POST /api/raffle/:serverId/tickets`: what `/raffle add` takes. */
export const raffleTicketsBody = z.object({
  userId: snowflake,
  tickets: z.number().int().min(1).max(raffleLimits.ticketsPerAdd),
});

export const raffleTicketsAdded = z.object({
  held: z.number().int(),
  total: z.number().int(),
});

/** `POST /api/raffle/:serverId/draw` answers the drawn raffle and who Discord couldn't confirm. */
export const raffleDrawn = z.object({
  raffle: raffleView,
  unverified: z.array(snowflake),
});

/** `GET /api/tournaments/:serverId`: the open or running tournament, else the latest, with its bracket. */
export const tournamentOverview = z.object({
  tournament: tournamentDetail.extend({ channelId: snowflake }).nullable(),
});
export type TournamentOverview = z.infer<typeof tournamentOverview>;

/** `POST /api/tournaments/:serverId`: what `/tournament create` takes. */
export const tournamentCreateBody = z.object({
  name: z.string().trim().min(1).max(tournamentLimits.nameMaxLength),
  size: z
    .number()
    .int()
    .refine((size) => (tournamentLimits.sizes as readonly number[]).includes(size), {
      message: `must be one of ${tournamentLimits.sizes.join(", ")}`,
    }),
  channelId: snowflake,
});
export type TournamentCreateBody = z.infer<typeof tournamentCreateBody>;

export const tournamentPreviewBody = tournamentCreateBody.omit({ channelId: true });

/** `POST /api/tournaments/:serverId/report`: what `/tournament report` takes. */
export const tournamentReportBody = z.object({
  match: z.number().int().positive().max(1000),
  winnerId: snowflake,
});

/** `POST /api/tournaments/:serverId/cancel`: the tournament to cancel (the open or running one). */
export const tournamentCancelBody = z.object({ tournamentId: z.number().int().positive() });

/** An event's preview: its post as the bot sends it, the events ping role included. */
export const eventPreview = botMessagePreview;
