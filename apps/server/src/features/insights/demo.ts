import { commandCatalogue } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import { listServerGiveaways } from "../giveaways/service.ts";
import { type CounterColumn, counterColumns, dayMs, hourMs, type KeyKind } from "./batch.ts";
import { insertDemoHistory, type StoredBucket } from "./store.ts";

/** Days of generated history, and how many of the latest get hourly rows too. */
const historyDays = 90;
const hourlyDays = 14;

/** A small seeded generator (mulberry32), so every seed draws the same plausible shape. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Share of a day's messages in each UTC hour: quiet mornings, a peak in the evening. */
const hourShape = [
  3.2, 2.2, 1.4, 0.9, 0.6, 0.5, 0.6, 0.9, 1.4, 2.0, 2.6, 3.2, 3.8, 4.2, 4.6, 5.0, 5.6, 6.4, 7.4, 8.2, 8.6,
  8.0, 6.6, 4.8,
];
const hourShapeTotal = hourShape.reduce((sum, share) => sum + share, 0);

/** Splits `total` into whole parts by `weights`, the remainders given to the largest fractions. */
function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => [value - Math.floor(value), index] as const)
    .sort((a, b) => b[0] - a[0]);
  for (const [, index] of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts;
}

function emptyValues(): Record<CounterColumn, number> {
  return Object.fromEntries(counterColumns.map((name) => [name, 0])) as Record<CounterColumn, number>;
}

/** Channels the demo's members chat in, with how busy each is. */
const channelWeights: Record<string, number> = {
  general: 34,
  "grinder-chat": 16,
  memes: 12,
  "bot-commands": 11,
  giveaways: 7,
  events: 6,
  media: 5,
  suggestions: 4,
  payments: 3,
  "staff-chat": 2,
};
const commandWeights: [string, number][] = [
  ["calc", 24],
  ["bankcalc", 14],
  ["market price", 12],
  ["votetracker user", 9],
  ["timer create", 6],
  ["lottery ticket", 8],
  ["raffle tickets", 5],
  ["sticky list", 2],
  ["welcome test", 1],
];

/**
 * Ninety days of plausible history for the sandbox's demo server, generated relative to now (so the
 * charts are alive on first start) and marked as demo history: joins, leaves, messages by channel,
 * active members, commands by command, the demo giveaways' entries, votes, trigger replies and
 * grinder payments, with a weekly rhythm and slow growth; the last 14 days also by hour.
 */
export async function seedDemo(ctx: AppContext, now = Date.now()): Promise<void> {
  const next = random(0x4ea27);
  const channels = (await ctx.discord.listChannels(demoGuildId)).filter(
    (channel) => channel.name in channelWeights,
  );
  const known = new Set(commandCatalogue.map((entry) => entry.name));
  const commands = commandWeights.filter(([name]) => known.has(name));
  const giveaways = await listServerGiveaways(ctx, demoGuildId);

  const today = Math.floor(now / dayMs);
  const currentHour = Math.floor(now / hourMs);
  const days: StoredBucket[] = [];
  const hours: StoredBucket[] = [];
  const dayKeys: { kind: KeyKind; bucket: number; key: string; count: number }[] = [];
  const hourKeys: typeof dayKeys = [];

  for (let day = today - historyDays + 1; day <= today; day++) {
    const age = today - day;
    const weekday = new Date(day * dayMs).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.3 : 1;
    const growth = 1 + (historyDays - age) / historyDays / 2;
    const noise = () => 0.8 + next() * 0.4;
    // Today is only partly over: its counts are those of the hours gone by.
    const hoursSoFar = day === today ? (now - today * dayMs) / hourMs : 24;
    const share =
      day === today
        ? hourShape.slice(0, Math.ceil(hoursSoFar)).reduce((a, b) => a + b, 0) / hourShapeTotal
        : 1;
    const scaled = (base: number) => Math.round(base * weekend * growth * noise() * share);

    const values = emptyValues();
    values.messages = scaled(620);
    values.active_members = Math.min(
      values.messages,
      Math.round((38 + next() * 12) * growth * weekend * Math.sqrt(share)),
    );
    values.joins = scaled(4 + (age % 17 === 3 ? 14 : 0));
    values.leaves = Math.round(values.joins * (0.25 + next() * 0.35));
    values.votes = scaled(11);
    values.trigger_replies = scaled(18);
    values.grinder_payments = scaled(3);
    values.grinder_revenue = values.grinder_payments * (500_000 + Math.round(next() * 8) * 250_000);

    const commandUses = split(
      scaled(70),
      commands.map(([, weight]) => weight * noise()),
    );
    values.commands = commandUses.reduce((a, b) => a + b, 0);
    commands.forEach(([name], index) => {
      if (commandUses[index])
        dayKeys.push({ kind: "command", bucket: day, key: name, count: commandUses[index] });
    });

    // A giveaway gets entries from when it started until it ended, most of them early on.
    for (const giveaway of giveaways) {
      const start = Math.floor(giveaway.createdAt / dayMs);
      const end = Math.min(Math.floor(giveaway.endTime / dayMs), today);
      if (day < start || day > end || giveaway.entries === 0) continue;
      const span = end - start + 1;
      const weights = Array.from({ length: span }, (_, index) => 1 / (index + 1));
      const count = split(giveaway.entries, weights)[day - start] ?? 0;
      if (count === 0) continue;
      values.giveaway_entries += count;
      dayKeys.push({ kind: "giveaway", bucket: day, key: giveaway.messageId, count });
    }

    const perChannel = split(
      values.messages,
      channels.map((channel) => (channelWeights[channel.name] ?? 1) * noise()),
    );
    channels.forEach((channel, index) => {
      if (perChannel[index])
        dayKeys.push({ kind: "channel", bucket: day, key: channel.id, count: perChannel[index] });
    });
    days.push({ bucket: day, values });

    if (age < hourlyDays) {
      const firstHour = day * 24;
      const lastHour = Math.min(firstHour + 23, currentHour);
      const shape = hourShape.slice(0, lastHour - firstHour + 1);
      const hourly = {
        messages: split(values.messages, shape),
        joins: split(values.joins, shape),
        leaves: split(values.leaves, shape),
        commands: split(values.commands, shape),
        votes: split(values.votes, shape),
        trigger_replies: split(values.trigger_replies, shape),
        giveaway_entries: split(values.giveaway_entries, shape),
        grinder_payments: split(values.grinder_payments, shape),
      };
      shape.forEach((_, offset) => {
        const hourValues = emptyValues();
        for (const [name, parts] of Object.entries(hourly))
          hourValues[name as CounterColumn] = parts[offset] ?? 0;
        hourValues.active_members = Math.min(
          hourValues.messages,
          Math.round(Math.sqrt(hourValues.messages) * 2.2),
        );
        hourValues.grinder_revenue =
          values.grinder_payments > 0
            ? Math.round((values.grinder_revenue * hourValues.grinder_payments) / values.grinder_payments)
            : 0;
        hours.push({ bucket: firstHour + offset, values: hourValues });
      });
      channels.forEach((channel, index) => {
        split(perChannel[index] ?? 0, shape).forEach((count, offset) => {
          if (count) hourKeys.push({ kind: "channel", bucket: firstHour + offset, key: channel.id, count });
        });
      });
    }
  }
  await insertDemoHistory(ctx.storage.db, demoGuildId, { days, hours, dayKeys, hourKeys }, now);
}
