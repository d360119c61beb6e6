import type { Community, Prepared } from "./harness.ts";
import { sleep } from "./harness.ts";

// A steady write load of the three kinds the crash tests watch, recording every write the program
// acknowledged (answered 2xx, or a button answered "You're in") so the test can look for each one
// afterwards. Unanswered requests (the process was killed under them) are counted, not recorded.

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

export interface Acknowledged {
  timers: { id: number; text: string }[];
  giveaways: { messageId: string; prize: string }[];
  entries: { messageId: string; userId: string }[];
  votes: { key: string; userId: string }[];
  /** Votes sent again after they were acknowledged (a listing site's retry): must not count twice. */
  voteRetries: number;
}

export class WriteLoad {
  readonly acknowledged: Acknowledged = { timers: [], giveaways: [], entries: [], votes: [], voteRetries: 0 };
  /** Answers by status code. */
  readonly statuses = new Map<number, number>();
  /** Every 5xx answer, whole. */
  readonly serverErrors: Answer[] = [];
  /** Requests that got no answer (connection refused or dropped). */
  unanswered = 0;
  /** Button presses that got no "You're in" (the bot was down or the press was in flight). */
  unansweredPresses = 0;
  private running = false;
  private loops: Promise<void>[] = [];
  private timerCount = 0;
  private voteCount = 0;
  private pressCount = 0;

  constructor(
    private readonly community: Community,
    private readonly prepared: Prepared,
    /** The program's current address (it changes across a restart). */
    private readonly baseUrl: () => string,
    private readonly options: { timerSeconds: [number, number]; pauseMs: number } = {
      timerSeconds: [2, 5],
      pauseMs: 150,
    },
  ) {}

  get serverId(): string {
    return this.community.guild.id;
  }

  /** One request to the program; null when it didn't answer. */
  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { authorization: this.prepared.token },
  ): Promise<Answer | null> {
    try {
      const response = await fetch(`${this.baseUrl()}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      const answer = { status: response.status, text, body: text ? safeJson(text) : null };
      this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) this.serverErrors.push(answer);
      return answer;
    } catch {
      this.unanswered++;
      return null;
    }
  }

  /** Creates `count` giveaways of 60 s (the shortest a giveaway may run), one after another. */
  async createGiveaways(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const prize = `Crash prize ${i} ${Date.now()}`;
      const answer = await this.request("POST", "/api/giveaways/create", {
        channelId: this.community.channelId,
        prize,
        winnerCount: 2,
        duration: 60,
      });
      if (answer?.status === 201) {
        this.acknowledged.giveaways.push({
          messageId: (answer.body as { messageId: string }).messageId,
          prize,
        });
      }
    }
  }

  /** Schedules `count` giveaways of 60 s to start a little over a minute from now (the soonest allowed). */
  async scheduleGiveaways(count: number): Promise<{ scheduleId: number; prize: string }[]> {
    const scheduled: { scheduleId: number; prize: string }[] = [];
    for (let i = 0; i < count; i++) {
      const prize = `Crash scheduled ${i} ${Date.now()}`;
      const answer = await this.request("POST", "/api/giveaways/create", {
        channelId: this.community.channelId,
        prize,
        winnerCount: 1,
        duration: 60,
        startsAt: Date.now() + 62_000,
        pingRoleId: null,
      });
      if (answer?.status === 202)
        scheduled.push({ scheduleId: Number((answer.body as { id: string }).id), prize });
    }
    return scheduled;
  }

  start(): void {
    this.running = true;
    this.loops = [
      this.loop(() => this.createTimer()),
      this.loop(() => this.vote()),
      this.loop(() => this.press()),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(step: () => Promise<void>): Promise<void> {
    while (this.running) {
      await step();
      await sleep(this.options.pauseMs);
    }
  }

  private async createTimer(): Promise<void> {
    const [min, max] = this.options.timerSeconds;
    const text = `crash timer ${++this.timerCount} ${Math.random().toString(36).slice(2, 8)}`;
    const answer = await this.request("POST", `/api/timers/${this.serverId}/timers`, {
      channelId: this.community.channelId,
      duration: min + Math.floor(Math.random() * (max - min + 1)),
      message: text,
    });
    if (answer?.status === 201)
      this.acknowledged.timers.push({ id: (answer.body as { id: number }).id, text });
  }

  /** A vote through the generic webhook form; every fourth one re-sends an acknowledged vote. */
  private async vote(): Promise<void> {
    const { memberIds } = this.community;
    const retry = this.voteCount % 4 === 3 ? this.acknowledged.votes.at(-1) : undefined;
    const voteId = retry ? retry.key.split(":")[1] : `v${++this.voteCount}`;
    const userId = retry?.userId ?? (memberIds[this.voteCount % memberIds.length] as string);
    if (retry) this.voteCount++;
    const answer = await this.request(
      "POST",
      `/api/votes/${this.prepared.webhookId}`,
      { userId, platform: "crashsite", voteId },
      { authorization: this.prepared.webhookSecret },
    );
    if (answer?.status !== 204) return;
    if (retry) this.acknowledged.voteRetries++;
    else this.acknowledged.votes.push({ key: `crashsite:${voteId}`, userId });
  }

  /** A member presses Enter on a running giveaway, each member once per giveaway. */
  private async press(): Promise<void> {
    const { giveaways } = this.acknowledged;
    if (giveaways.length === 0) return;
    const n = this.pressCount++;
    const giveaway = giveaways[n % giveaways.length];
    const userId = this.community.memberIds[Math.floor(n / giveaways.length)];
    if (!giveaway || !userId) return;
    const { standIn, guild } = this.community;
    try {
      const payload = standIn.buttonClick({
        guildId: guild.id,
        userId,
        messageId: giveaway.messageId,
        customId: "giveaway:enter",
      });
      const result = await standIn.interact(payload, 4000);
      const body = result.callback.body as { type: number; data?: { content?: string } };
      if (body.type === 4 && body.data?.content?.startsWith("🎉 You're in")) {
        this.acknowledged.entries.push({ messageId: giveaway.messageId, userId });
      } else {
        this.unansweredPresses++;
      }
    } catch {
      this.unansweredPresses++;
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
