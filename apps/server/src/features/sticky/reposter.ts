import type { AppContext } from "../../context.ts";
import { countStickyMessage, repostSticky } from "./service.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

interface ChannelState {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
}

/**
 * Turns a channel's messages into sticky reposts. A burst causes one repost: when the count is due,
 * the repost waits `debounceMs` for the burst to settle, one repost runs at a time per channel, and
 * the database claim (count reset in the statement that checks it) keeps other processes out.
 */
export class StickyReposter {
  private readonly channels = new Map<string, ChannelState>();
  private stopped = false;

  constructor(
    private readonly deps: Deps,
    private readonly debounceMs = 1500,
  ) {}

  /** Counts a message from a member; schedules a repost when the sticky is due. */
  async onMessage(serverId: string, channelId: string): Promise<void> {
    if (await countStickyMessage(this.deps, serverId, channelId)) this.schedule(channelId);
  }

  private schedule(channelId: string): void {
    if (this.stopped) return;
    const state = this.channels.get(channelId) ?? { timer: null, running: null };
    this.channels.set(channelId, state);
    if (state.timer) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      void this.run(channelId, state);
    }, this.debounceMs);
  }

  private async run(channelId: string, state: ChannelState): Promise<void> {
    // A repost still in flight finishes first; the counter it reset decides whether another is due.
    if (state.running) await state.running;
    const running = repostSticky(this.deps, channelId)
      .then(() => undefined)
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error, channelId }, "sticky: repost failed");
      });
    state.running = running;
    await running;
    state.running = null;
    if (!state.timer) this.channels.delete(channelId);
  }

  /** Drops pending reposts (the count stays in the database; the next message schedules again). */
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
