import { useSyncExternalStore } from "react";
import { readSession, subscribeSession } from "./session";

// The snapshot is the token string (compared by value), so React re-renders only when it changes.
const getToken = () => readSession()?.token ?? null;
const getServerToken = () => null;

/** The current dashboard token, or null when signed out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, getServerToken);
}
