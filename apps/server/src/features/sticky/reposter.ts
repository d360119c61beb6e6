import type { AppContext } from "../../context.ts";
import { countStickyMessages, isStickyChannel, repostSticky } from "./service.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

interface ChannelState {
  serverId: string;
  /** Messages seen here and not yet added to the stored count. */
  pending: number;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
}

/**
 * Turns a channel's messages into sticky reposts. Messages in a channel without a sticky cost
 * nothing (the set of sticky channels is in memory). In a sticky's channel, messages are counted in
 * memory and added to the stored count together `debounceMs` after the first of them (one write per
 * channel per burst, not one per message); when that makes the sticky due, it is reposted. One
 * flush runs at a time per channel, and the database claim (count reset in the statement that
 * checks it) keeps other processes out. Counts not yet added when the process stops are lost: the
 * next repost comes that many messages later.
 */
export class StickyReposter {
  private readonly channels = new Map<string, ChannelState>();
  private stopped = false;

  constructor(
    private readonly deps: Deps,
    private readonly debounceMs = 1500,
  ) {}

  /** Counts a message from a member; schedules the count's write (and a repost when due). */
  async onMessage(serverId: string, channelId: string): Promise<void> {
    if (this.stopped || !(await isStickyChannel(this.deps, serverId, channelId))) return;
    const state = this.channels.get(channelId) ?? { serverId, pending: 0, timer: null, running: null };
    this.channels.set(channelId, state);
    state.pending++;
    if (state.timer) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      void this.run(channelId, state);
    }, this.debounceMs);
  }

  private async run(channelId: string, state: ChannelState): Promise<void> {
    // A flush still in flight finishes first; the counter it reset decides whether another is due.
    if (state.running) await state.running;
    const count = state.pending;
    state.pending = 0;
    const running = (async () => {
      if (count > 0 && !(await countStickyMessages(this.deps, state.serverId, channelId, count))) return;
      await repostSticky(this.deps, channelId);
    })().catch((error: unknown) => {
      this.deps.logger.warn({ err: error, channelId }, "sticky: repost failed");
    });
    state.running = running;
    await running;
    state.running = null;
    if (!state.timer && state.pending === 0) this.channels.delete(channelId);
  }

  /** Drops pending counts and reposts (the next message schedules again). */
  stop(): void {
    this.stopped = true;
    for (const state of this.channels.values()) if (state.timer) clearTimeout(state.timer);
    this.channels.clear();
  }

  /** Resolves when nothing is pending or in flight (tests). */
  async idle(): Promise<void> {
    while ([...this.channels.values()].some((state) => state.timer || state.running)) {
      await Promise.all([...this.channels.values()].map((state) => state.running));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
