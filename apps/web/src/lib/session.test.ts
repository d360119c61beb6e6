import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearSession,
  EXPIRY_KEY,
  hasSession,
  readSession,
  SESSION_LIFETIME_MS,
  saveSession,
  subscribeSession,
  TOKEN_KEY,
} from "./session";

const NOW = Date.parse("2025-07-20T12:00:00.000Z");
const TOKEN = "a".repeat(56);

function store(token: string | null, expiry: string | null): void {
  if (token !== null) localStorage.setItem(TOKEN_KEY, token);
  if (expiry !== null) localStorage.setItem(EXPIRY_KEY, expiry);
}

function storedKeys(): (string | null)[] {
  return [localStorage.getItem(TOKEN_KEY), localStorage.getItem(EXPIRY_KEY)];
}

describe("readSession", () => {
  beforeEach(() => localStorage.clear());

  it("returns null when nothing is stored", () => {
    expect(readSession(localStorage, NOW)).toBeNull();
  });

  it("returns the token and expiry when the expiry is in the future", () => {
    const expiry = new Date(NOW + 60_000).toISOString();
    store(TOKEN, expiry);

    expect(readSession(localStorage, NOW)).toEqual({ token: TOKEN, expiresAt: new Date(expiry) });
    expect(storedKeys()).toEqual([TOKEN, expiry]);
  });

  it.each([
    ["in the past", new Date(NOW - 1).toISOString()],
    ["exactly now", new Date(NOW).toISOString()],
    ["not a date", "tomorrow-ish"],
  ])("removes both keys when the expiry is %s", (_label, expiry) => {
    store(TOKEN, expiry);

    expect(readSession(localStorage, NOW)).toBeNull();
    expect(storedKeys()).toEqual([null, null]);
  });

  it("removes a token stored without an expiry", () => {
    store(TOKEN, null);

    expect(readSession(localStorage, NOW)).toBeNull();
    expect(storedKeys()).toEqual([null, null]);
  });

  it("removes an expiry stored without a token", () => {
    store(null, new Date(NOW + 60_000).toISOString());

    expect(readSession(localStorage, NOW)).toBeNull();
    expect(storedKeys()).toEqual([null, null]);
  });

  it("treats unavailable storage as signed out", () => {
    expect(readSession(null, NOW)).toBeNull();
    expect(hasSession(null, NOW)).toBe(false);
  });
});

describe("saveSession and clearSession", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it("stores the token with an expiry seven days ahead", () => {
    const session = saveSession(TOKEN, localStorage, NOW);

    expect(session.expiresAt.getTime()).toBe(NOW + SESSION_LIFETIME_MS);
    expect(storedKeys()).toEqual([TOKEN, new Date(NOW + SESSION_LIFETIME_MS).toISOString()]);
    expect(hasSession(localStorage, NOW)).toBe(true);
    expect(hasSession(localStorage, NOW + SESSION_LIFETIME_MS)).toBe(false);
  });

  it("notifies subscribers on save and clear", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);

    saveSession(TOKEN, localStorage, NOW);
    clearSession(localStorage);
    unsubscribe();
    saveSession(TOKEN, localStorage, NOW);

    expect(listener).toHaveBeenCalledTimes(2);
    expect(storedKeys()).toEqual([TOKEN, expect.any(String)]);
  });

  it("notifies subscribers when another tab changes a session key", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);

    window.dispatchEvent(new StorageEvent("storage", { key: "unrelated" }));
    window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(2);
  });
});
