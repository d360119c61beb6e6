import type { GiveawayConfig } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { MemberInfo } from "../../discord/port/port.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { countGiveawayEntry } from "../insights/service.ts";
import { getInviteStanding } from "../invites/service.ts";
import * as configStore from "./config-store.ts";
import { submitEntry } from "./entry-batch.ts";
import { refusalOfPress } from "./entry-checks.ts";
import * as entryStore from "./entry-store.ts";
import { giveawayListsChanged, giveawayNotFound } from "./queries.ts";
import { endGiveaway, endJobKind } from "./service.ts";
import * as store from "./store.ts";

/**
 * Entering and leaving: what the bot's Enter button calls. Refusals are AppErrors whose messages
 * are written for the member (the bot shows them as an ephemeral reply).
 */

/** With the job queue (and what ending needs), a giveaway that fills up ends at once. */
type Deps = Pick<AppContext, "storage" | "discord"> & Partial<Pick<AppContext, "jobs" | "logger" | "config">>;

const day = 86_400_000;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export interface EntryResult {
  /** Tickets in the draw: the highest multiplier role held, else 1. */
  entries: number;
  /** A bypass role skipped the requirements. */
  hasBypass: boolean;
}

/**
 * What a member may do, by the server's configuration: blacklist refuses (it wins over bypass),
 * bypass skips the requirements, and the highest multiplier role held sets the entries.
 */
export function entitlement(config: GiveawayConfig, roleIds: string[]) {
  const held = new Set(roleIds);
  const multipliers = config.multiplierRoles.filter((role) => held.has(role.roleId));
  return {
    blacklisted: config.blacklistRoles.some((roleId) => held.has(roleId)),
    bypass: config.bypassRoles.some((roleId) => held.has(roleId)),
    entries: Math.max(1, ...multipliers.map((role) => role.multiplier)),
  };
}

/** The first requirement the member misses, as a sentence for them; null when they meet them all. */
async function missedRequirement(
  deps: Deps,
  giveaway: store.Giveaway,
  member: MemberInfo,
  now: number,
): Promise<string | null> {
  const accountDays = Math.floor((now - member.user.createdAt) / day);
  if (accountDays < giveaway.minAccountAge) {
    return `Your Discord account must be at least ${plural(giveaway.minAccountAge, "day")} old to enter (it is ${plural(accountDays, "day")} old).`;
  }
  const memberDays = Math.floor((now - member.joinedAt) / day);
  if (memberDays < giveaway.minMemberAge) {
    return `You must have been in this server for at least ${plural(giveaway.minMemberAge, "day")} to enter (you joined ${plural(memberDays, "day")} ago).`;
  }
  if (giveaway.minInvites > 0) {
    const { invites, tracking } = await getInviteStanding(deps, giveaway.serverId, member.user.id);
    if (invites < giveaway.minInvites) {
      if (tracking?.status !== "active" && invites === 0) {
        return `This giveaway asks for at least ${plural(giveaway.minInvites, "invite")}, but invites can't be counted in this server yet: Hearth needs the Manage Server permission to see its invites. Ask the staff to grant it; invites are counted from then on.`;
      }
      const since = tracking?.since
        ? ` Invites count the members who joined through your invite links since <t:${Math.floor(tracking.since / 1000)}:D> and are still here.`
        : "";
      return `You need at least ${plural(giveaway.minInvites, "invite")} to enter (you have ${invites}).${since}`;
    }
  }
  const roles = new Set(member.roleIds);
  if (giveaway.requiredRoles.length > 0 && !giveaway.requiredRoles.some((roleId) => roles.has(roleId))) {
    const list = giveaway.requiredRoles.map((roleId) => `<@&${roleId}>`).join(", ");
    return giveaway.requiredRoles.length === 1
      ? `You need the role ${list} to enter.`
      : `You need one of these roles to enter: ${list}.`;
  }
  return null;
}

/** The end job of a giveaway that took its last entry (beside its end job at the end time). */
export const fullJobKey = (messageId: string) => `giveaway-full:${messageId}`;

/**
 * Ends a giveaway that took its last entry now, without waiting for its job (which then finds it
 * ended): the member's answer doesn't wait for the draw.
 */
function endFilled(deps: Deps, serverId: string, messageId: string): void {
  const { jobs, logger, config } = deps;
  if (!jobs || !logger || !config) return;
  const ctx = { storage: deps.storage, discord: deps.discord, jobs, logger, config };
  void endGiveaway(ctx, serverId, messageId, { by: "entries" })
    .then(() => jobs.cancel(fullJobKey(messageId)))
    .catch((error: unknown) => {
      if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) return;
      logger.warn({ err: error, messageId }, "could not end a full giveaway now; its job will");
    });
}

const reading = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * One read for everyone asking the same while it runs: a burst of Enter presses on one giveaway
 * reads the giveaway and the server's configuration once per round trip, not once per press. A
 * caller gets the answer of a read that was under way when it asked (as a read of its own, racing
 * with a change, could have answered), and the giveaway is checked again inside the transaction
 * that stores the entry. The answer is shared: callers only read it.
 */
function shared<T>(storage: object, key: string, read: () => Promise<T>): Promise<T> {
  let running = reading.get(storage);
  if (!running) {
    running = new Map();
    reading.set(storage, running);
  }
  const pending = running.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const started = read().finally(() => running.delete(key));
  running.set(key, started);
  return started;
}

/**
 * Enters a member: requirements checked unless a bypass role is held, blacklist refused, entries
 * from the highest multiplier role. A second entry is refused (409), as is entering after the end.
 * The bot passes the member it already has from the interaction; otherwise it is fetched.
 */
export async function enterGiveaway(
  deps: Deps,
  serverId: string,
  messageId: string,
  userId: string,
  options: { member?: MemberInfo; now?: number } = {},
): Promise<EntryResult> {
  const now = options.now ?? Date.now();
  const { db } = deps.storage;
  const giveaway = await shared(deps.storage, `giveaway:${serverId}:${messageId}`, () =>
    store.findGiveaway(db, serverId, messageId),
  );
  if (!giveaway) throw notFound("This giveaway doesn't exist any more.");
  if (giveaway.status !== "active" || giveaway.endTime <= now) throw conflict("This giveaway has ended.");
  if (giveaway.pausedAt !== null) {
    throw conflict("This giveaway is paused: entries are closed until the staff resume it.");
  }

  const refusal = await refusalOfPress(deps.storage, serverId, giveaway.id, userId, now);
  if (refusal?.kind === "blocked") {
    throw forbidden(`You can't enter giveaways in this server: a manager blocked you (${refusal.reason}).`);
  }
  if (refusal?.kind === "removed") {
    throw forbidden(
      `A manager removed you from this giveaway, so you can't enter it again. Reason: ${refusal.reason}`,
    );
  }
  const member = options.member ?? (await deps.discord.getMember(serverId, userId));
  if (!member) throw forbidden("Only members of this server can enter its giveaways.");
  if (member.user.bot) throw forbidden("Bots can't enter giveaways.");
  const config = await shared(deps.storage, `config:${serverId}`, () => configStore.getConfig(db, serverId));
  const rights = entitlement(config, member.roleIds);
  if (rights.blacklisted)
    throw forbidden("One of your roles is not allowed to enter giveaways in this server.");
  if (!rights.bypass) {
    const missed = await missedRequirement(deps, giveaway, member, now);
    if (missed) throw forbidden(missed);
  }

  // Written with the other presses arriving at the same time (group commit), answered once committed.
  const { jobs } = deps;
  const outcome = await submitEntry(
    deps.storage,
    serverId,
    messageId,
    {
      userId,
      username: member.user.username,
      entries: rights.entries,
      hasBypass: rights.bypass,
      enteredAt: now,
    },
    {
      capped: giveaway.endAfterEntries !== null,
      // The end is due now, in the transaction that stored the last entry: a crash right after
      // the commit still ends it (once: the end's own gate decides between this and any other).
      ...(jobs
        ? {
            onFilled: async (trx) => {
              await jobs.schedule(endJobKind, { serverId, giveawayId: messageId, by: "entries" }, now, {
                dedupeKey: fullJobKey(messageId),
                maxAttempts: 10,
                within: trx,
              });
            },
          }
        : {}),
    },
  );
  if (outcome === "duplicate") throw conflict("You have already entered this giveaway.");
  giveawayListsChanged();
  if (outcome === "filled") endFilled(deps, serverId, messageId);
  countGiveawayEntry(deps, serverId, messageId);
  return { entries: rights.entries, hasBypass: rights.bypass };
}

/** Withdraws a member's entry while the giveaway runs. */
export async function leaveGiveaway(
  deps: Pick<AppContext, "storage">,
  serverId: string,
  messageId: string,
  userId: string,
): Promise<void> {
  const { db, dialect } = deps.storage;
  await db.transaction().execute(async (trx) => {
    const giveaway = await store.findGiveaway(trx, serverId, messageId, { dialect, lock: "share" });
    if (!giveaway) throw giveawayNotFound();
    if (giveaway.status !== "active") throw conflict("This giveaway has ended; entries can't be withdrawn.");
    if (!(await entryStore.deleteEntry(trx, giveaway.id, userId))) {
      throw notFound("You haven't entered this giveaway.");
    }
  });
  giveawayListsChanged();
}
