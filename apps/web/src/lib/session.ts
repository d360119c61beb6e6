// The dashboard session lives in localStorage under two keys (spec: dashboard-and-api §9).
export const TOKEN_KEY = "dashboardToken";
export const EXPIRY_KEY = "dashboardTokenExpiry";
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

// Same-tab writes don't fire `storage` events, so saves and clears announce themselves with this.
const CHANGE_EVENT = "hearth:session-change";

export interface Session {
  token: string;
  expiresAt: Date;
}

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Access throws when storage is disabled by the browser's privacy settings.
    return null;
  }
}

function notify(): void {
  globalThis.dispatchEvent?.(new Event(CHANGE_EVENT));
}

/** Removes both keys without announcing it; used while reading. */
function removeKeys(storage: Storage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(EXPIRY_KEY);
}

/**
 * The stored session, or null when signed out. An expired (or unreadable) session is
 * removed from storage as it is read, so it never outlives its first look.
 */
export function readSession(
  storage: Storage | null = defaultStorage(),
  now: number = Date.now(),
): Session | null {
  if (!storage) return null;
  const token = storage.getItem(TOKEN_KEY);
  const expiry = storage.getItem(EXPIRY_KEY);
  if (!token && !expiry) return null;

  const expiresAt = new Date(expiry ?? "");
  if (!token || Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now) {
    removeKeys(storage);
    return null;
  }
  return { token, expiresAt };
}

export function hasSession(storage?: Storage | null, now?: number): boolean {
  return readSession(storage, now) !== null;
}

export function saveSession(
  token: string,
  storage: Storage | null = defaultStorage(),
  now: number = Date.now(),
): Session {
  const session = { token, expiresAt: new Date(now + SESSION_LIFETIME_MS) };
  storage?.setItem(TOKEN_KEY, token);
  storage?.setItem(EXPIRY_KEY, session.expiresAt.toISOString());
  notify();
  return session;
}

export function clearSession(storage: Storage | null = defaultStorage()): void {
  if (storage) removeKeys(storage);
  notify();
}

/** Calls `listener` when the session may have changed, in this tab or another. */
export function subscribeSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === EXPIRY_KEY) listener();
  };
  globalThis.addEventListener("storage", onStorage);
  globalThis.addEventListener(CHANGE_EVENT, listener);
  return () => {
    globalThis.removeEventListener("storage", onStorage);
    globalThis.removeEventListener(CHANGE_EVENT, listener);
  };
}
