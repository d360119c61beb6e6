import type { AppContext } from "../../context.ts";
import type { Storage } from "../../db/database.ts";
import { registerCache } from "../../lib/cache-registry.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { bridgeChannel, type PubSubConnection } from "../../lib/redis-subscription.ts";
import * as store from "./store.ts";

export type { Block, BlockKind, Lockdown } from "./store.ts";

/** What every interaction and gateway event is checked against. */
export interface GlobalState {
  blocks: ReadonlyMap<string, store.Block>;
  lockdown: store.Lockdown | null;
}

/**
 * The block list and lockdown sit in front of every interaction and event, so each process keeps
 * them in memory. A change in this process drops the copy at once; other processes hear of it through
 * `onGlobalStateChanged` → Redis pub/sub (`server.ts`, when REDIS_URL is set) → `forgetGlobalState`,
 * and without Redis within `globalStateTtlMs`.
 */
export const globalStateTtlMs = 15_000;
/** Per database the process opened (tests open many); an entry of an older generation is stale. */
const states = new WeakMap<Storage, { expiresAt: number; generation: number; state: Promise<GlobalState> }>();
let lastStorage: WeakRef<Storage> | null = null;
/** Bumped by every change heard of: every copy read before it is dropped, whatever its database. */
let generation = 0;
const changeListeners: (() => void)[] = [];

registerCache("block list and lockdown", {
  size: () => {
    const storage = lastStorage?.deref();
    const entry = storage ? states.get(storage) : undefined;
    return entry && entry.generation === generation ? 1 : 0;
  },
  clear: () => forgetGlobalState(),
});

/** Drops this process's copies (a change here, or one heard from another process). */
export function forgetGlobalState(): void {
  generation++;
}

/** Lets the server tell other processes about a change (Redis pub/sub); answers the unsubscribe. */
export function onGlobalStateChanged(listener: () => void): () => void {
  changeListeners.push(listener);
  return () => {
    const index = changeListeners.indexOf(listener);
    if (index >= 0) changeListeners.splice(index, 1);
  };
}

function changed(): void {
  forgetGlobalState();
  for (const listener of changeListeners) listener();
}

export function globalState(deps: Pick<AppContext, "storage">): Promise<GlobalState> {
  const now = Date.now();
  const cached = states.get(deps.storage);
  if (cached && cached.generation === generation && cached.expiresAt > now) return cached.state;
  // A change that lands while this read is in flight bumps the generation: the result is not reused.
  const state = load(deps.storage);
  states.set(deps.storage, { expiresAt: now + globalStateTtlMs, generation, state });
  lastStorage = new WeakRef(deps.storage);
  state.catch(() => {
    if (states.get(deps.storage)?.state === state) states.delete(deps.storage);
  });
  return state;
}

async function load(storage: Storage): Promise<GlobalState> {
  const [blocks, lockdown] = await Promise.all([
    store.listBlocks(storage.db),
    store.findLockdown(storage.db),
  ]);
  return { blocks: new Map(blocks.map((block) => [block.id, block])), lockdown };
}

export function isDeveloper(deps: Pick<AppContext, "config">, userId: string): boolean {
  return deps.config.developerIds.includes(userId);
}

const idPattern = /^\d{17,20}$/;

/** Whether an id names a server the bot can see, a user, or nothing Discord knows. */
export async function identify(
  deps: Pick<AppContext, "discord">,
  id: string,
): Promise<store.BlockKind | null> {
  if (await deps.discord.getGuild(id)) return "server";
  if (await deps.discord.getUser(id)) return "user";
  return null;
}

export interface BlockInput {
  id: string;
  /** Found from Discord when omitted (a server the bot can see, else a user). */
  kind?: store.BlockKind;
  reason: string | null;
  blockedBy: string;
}

/**
 * Adds a user or server to the global block list. A blocked server is left at once (when the bot is
 * in it); a blocked user is ignored everywhere. The bot's developers can't be blocked.
 */
export async function blockEntity(
  deps: Pick<AppContext, "storage" | "discord" | "config" | "logger">,
  input: BlockInput,
): Promise<{ block: store.Block; left: boolean }> {
  const id = input.id.trim();
  if (!idPattern.test(id)) throw badRequest("That isn't a Discord ID (17 to 20 digits).", "id");
  if (isDeveloper(deps, id)) throw badRequest("That ID belongs to one of the bot's developers.", "id");
  const reason = input.reason?.trim().slice(0, 500) || null;
  const kind = input.kind ?? (await identify(deps, id));
  if (!kind) {
    throw notFound(
      `No server the bot is in and no user has the ID ${id}. Block it by kind from the command line: npm run admin -- block server ${id}`,
    );
  }
  const block: store.Block = { id, kind, reason, blockedBy: input.blockedBy, blockedAt: Date.now() };
  await store.upsertBlock(deps.storage.db, block);
  changed();
  deps.logger.warn({ id, kind, reason, by: input.blockedBy }, `blocked ${kind} ${id}`);
  const left = kind === "server" ? await leaveBlockedServer(deps, block) : false;
  return { block, left };
}

export async function unblockEntity(
  deps: Pick<AppContext, "storage" | "logger">,
  id: string,
  by: string,
): Promise<store.Block> {
  const block = await store.findBlock(deps.storage.db, id.trim());
  if (!block || !(await store.deleteBlock(deps.storage.db, block.id))) {
    throw notFound(`${id} is not on the block list.`);
  }
  changed();
  deps.logger.warn({ id: block.id, kind: block.kind, by }, `unblocked ${block.kind} ${block.id}`);
  return block;
}

export function listBlocked(deps: Pick<AppContext, "storage">): Promise<store.Block[]> {
  return store.listBlocks(deps.storage.db);
}

const leaving = new Set<string>();

/**
 * Leaves a blocked server, once at a time per server, logging why. Answers whether the bot was in
 * it. A failure is logged: the next event from that server tries again.
 */
export async function leaveBlockedServer(
  deps: Pick<AppContext, "discord" | "logger">,
  block: store.Block,
): Promise<boolean> {
  if (leaving.has(block.id)) return false;
  leaving.add(block.id);
  try {
    const guild = await deps.discord.getGuild(block.id);
    if (!guild) return false;
    await deps.discord.leaveGuild(block.id);
    deps.logger.warn(
      { guildId: block.id, guildName: guild.name, reason: block.reason, blockedBy: block.blockedBy },
      `left blocked server ${guild.name} (${block.id}): ${block.reason ?? "no reason given"}`,
    );
    return true;
  } catch (error) {
    deps.logger.error({ err: error, guildId: block.id }, "could not leave a blocked server");
    return false;
  } finally {
    leaving.delete(block.id);
  }
}

export async function startLockdown(
  deps: Pick<AppContext, "storage" | "logger">,
  reason: string | null,
  by: string,
): Promise<store.Lockdown> {
  const lockdown = { reason: reason?.trim().slice(0, 500) || null, startedBy: by, startedAt: Date.now() };
  await store.saveLockdown(deps.storage.db, lockdown);
  changed();
  deps.logger.warn({ reason: lockdown.reason, by }, "global lockdown started");
  return lockdown;
}

export async function liftLockdown(
  deps: Pick<AppContext, "storage" | "logger">,
  by: string,
): Promise<store.Lockdown> {
  const current = await store.findLockdown(deps.storage.db);
  if (!current || !(await store.deleteLockdown(deps.storage.db))) {
    throw badRequest("There is no lockdown to lift.");
  }
  changed();
  deps.logger.warn({ by, since: current.startedAt }, "global lockdown lifted");
  return current;
}

/** The notice members see while a lockdown is on. */
export function lockdownNotice(lockdown: store.Lockdown): string {
  const why = lockdown.reason ? ` (${lockdown.reason})` : "";
  return `🔒 Hearth is paused by its developers${why}. Commands answer again as soon as the pause is lifted; please try again later.`;
}

export const blockedUserNotice = "You can't use Hearth: your account is blocked by the bot's developers.";
export const blockedServerNotice =
  "Hearth is not available in this server: it is blocked by the bot's developers.";

export const globalStateChannel = "hearth:devtools-changed";

/**
 * Shares block-list and lockdown changes between processes through Redis pub/sub: this process
 * publishes its changes and drops its copy when another (a bot, an API process, the operator CLI)
 * publishes one. Answers the function that stops both directions.
 */
export function shareGlobalStateChanges(
  publisher: PubSubConnection,
  subscriber: PubSubConnection,
  onError: (error: unknown) => void,
): Promise<() => void> {
  return bridgeChannel({
    publisher,
    subscriber,
    channel: globalStateChannel,
    announce: (publish) => onGlobalStateChanged(() => publish(String(Date.now()))),
    hear: () => forgetGlobalState(),
    onError,
  });
}
