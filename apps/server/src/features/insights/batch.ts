/** The counters of a bucket, in the order of the tables' columns (see `counterColumns`). */
export const counterColumns = [
  "joins",
  "leaves",
  "messages",
  "active_members",
  "commands",
  "giveaway_entries",
  "votes",
  "trigger_replies",
  "grinder_payments",
  "grinder_revenue",
] as const;
export type CounterColumn = (typeof counterColumns)[number];
const column = Object.fromEntries(counterColumns.map((name, index) => [name, index])) as Record<
  CounterColumn,
  number
>;

/** What a breakdown row counts: messages by channel, uses by command, entries by giveaway. */
export type KeyKind = "channel" | "command" | "giveaway";

export const dayMs = 86_400_000;
export const hourMs = 3_600_000;

/** One bucket's counters for one server. */
export interface BucketCounts {
  serverId: string;
  bucket: number;
  values: number[];
}

/** A breakdown count: one channel's, command's or giveaway's, in one bucket. */
export interface KeyCount {
  serverId: string;
  kind: KeyKind;
  bucket: number;
  key: string;
  count: number;
}

/** Members seen writing in one bucket. */
export interface BucketAuthors {
  serverId: string;
  resolution: "day" | "hour";
  bucket: number;
  userIds: Set<string>;
}

const sep = "\u0000";
const messagesColumn = column.messages;

/** A server's entries for the current day and hour, so a message finds them without building keys. */
interface CurrentBuckets {
  day: number;
  hour: number;
  dayValues: number[];
  hourValues: number[];
  dayChannels: Map<string, KeyCount>;
  hourChannels: Map<string, KeyCount>;
}

/**
 * Counts held in memory until the next write: per server, per UTC day and hour. Counting is a few
 * map updates and never awaits; `InsightsCollector` swaps the batch out and writes it as a whole.
 */
export class InsightsBatch {
  readonly days = new Map<string, BucketCounts>();
  readonly hours = new Map<string, BucketCounts>();
  readonly dayKeys = new Map<string, KeyCount>();
  readonly hourKeys = new Map<string, KeyCount>();
  readonly authors = new Map<string, BucketAuthors>();
  /** How many things were counted (a cheap emptiness and size check). */
  size = 0;
  private readonly current = new Map<string, CurrentBuckets>();

  /** A message in a channel: the hot path, a few map lookups and no string building once warm. */
  addMessage(serverId: string, channelId: string, at: number): void {
    const day = Math.floor(at / dayMs);
    const hour = Math.floor(at / hourMs);
    let current = this.current.get(serverId);
    if (!current || current.hour !== hour || current.day !== day) {
      current = {
        day,
        hour,
        dayValues: this.bucket(this.days, serverId, day).values,
        hourValues: this.bucket(this.hours, serverId, hour).values,
        dayChannels: new Map(),
        hourChannels: new Map(),
      };
      this.current.set(serverId, current);
    }
    current.dayValues[messagesColumn] = (current.dayValues[messagesColumn] ?? 0) + 1;
    current.hourValues[messagesColumn] = (current.hourValues[messagesColumn] ?? 0) + 1;
    let dayChannel = current.dayChannels.get(channelId);
    let hourChannel = current.hourChannels.get(channelId);
    if (!dayChannel || !hourChannel) {
      dayChannel = this.keyCount(this.dayKeys, serverId, "channel", day, channelId);
      hourChannel = this.keyCount(this.hourKeys, serverId, "channel", hour, channelId);
      current.dayChannels.set(channelId, dayChannel);
      current.hourChannels.set(channelId, hourChannel);
    }
    dayChannel.count++;
    hourChannel.count++;
    this.size++;
  }

  add(serverId: string, name: CounterColumn, amount: number, at: number): void {
    const day = Math.floor(at / dayMs);
    const hour = Math.floor(at / hourMs);
    const index = column[name];
    const daily = this.bucket(this.days, serverId, day).values;
    const hourly = this.bucket(this.hours, serverId, hour).values;
    daily[index] = (daily[index] ?? 0) + amount;
    hourly[index] = (hourly[index] ?? 0) + amount;
    this.size++;
  }

  addKey(serverId: string, kind: KeyKind, key: string, amount: number, at: number, hourly: boolean): void {
    this.keyCount(this.dayKeys, serverId, kind, Math.floor(at / dayMs), key).count += amount;
    if (hourly) this.keyCount(this.hourKeys, serverId, kind, Math.floor(at / hourMs), key).count += amount;
  }

  addAuthor(serverId: string, resolution: "day" | "hour", bucket: number, userId: string): void {
    const id = serverId + sep + resolution + sep + bucket;
    let entry = this.authors.get(id);
    if (!entry) {
      entry = { serverId, resolution, bucket, userIds: new Set() };
      this.authors.set(id, entry);
    }
    entry.userIds.add(userId);
    this.size++;
  }

  /** Drops everything counted for one server (its data was just purged). */
  forget(serverId: string): void {
    for (const map of [this.days, this.hours, this.dayKeys, this.hourKeys, this.authors] as Map<
      string,
      { serverId: string }
    >[]) {
      for (const [key, entry] of map) if (entry.serverId === serverId) map.delete(key);
    }
    this.current.delete(serverId);
  }

  /** Adds another batch's counts to this one (a failed write's, kept for the next attempt). */
  merge(other: InsightsBatch): void {
    for (const [target, source] of [
      [this.days, other.days],
      [this.hours, other.hours],
    ] as const) {
      for (const entry of source.values()) {
        const values = this.bucket(target, entry.serverId, entry.bucket).values;
        entry.values.forEach((value, index) => {
          values[index] = (values[index] ?? 0) + value;
        });
      }
    }
    for (const [target, source] of [
      [this.dayKeys, other.dayKeys],
      [this.hourKeys, other.hourKeys],
    ] as const) {
      for (const entry of source.values()) {
        this.keyCount(target, entry.serverId, entry.kind, entry.bucket, entry.key).count += entry.count;
      }
    }
    for (const entry of other.authors.values()) {
      for (const userId of entry.userIds)
        this.addAuthor(entry.serverId, entry.resolution, entry.bucket, userId);
    }
    this.size += other.size;
  }

  private bucket(map: Map<string, BucketCounts>, serverId: string, bucket: number): BucketCounts {
    const id = serverId + sep + bucket;
    let entry = map.get(id);
    if (!entry) {
      entry = { serverId, bucket, values: counterColumns.map(() => 0) };
      map.set(id, entry);
    }
    return entry;
  }

  private keyCount(
    map: Map<string, KeyCount>,
    serverId: string,
    kind: KeyKind,
    bucket: number,
    key: string,
  ): KeyCount {
    const id = serverId + sep + kind + sep + bucket + sep + key;
    let entry = map.get(id);
    if (!entry) {
      entry = { serverId, kind, bucket, key, count: 0 };
      map.set(id, entry);
    }
    return entry;
  }
}
