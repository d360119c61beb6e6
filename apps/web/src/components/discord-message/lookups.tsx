import { createContext, type ReactNode, useContext } from "react";

/** What the renderer needs to show ids as Discord does: names of users, roles and channels. */
export interface DiscordLookups {
  user(id: string): { name: string; color?: number | null; bot?: boolean } | null;
  role(id: string): { name: string; color: number } | null;
  channel(id: string): { name: string } | null;
  /** The time relative timestamps count from (a ticking clock; the render itself never reads it). */
  now: number;
}

const none: DiscordLookups = { user: () => null, role: () => null, channel: () => null, now: 0 };

const LookupContext = createContext<DiscordLookups>(none);

/** Gives every message rendered below the server's names (the playground, a dashboard preview). */
export function DiscordLookupProvider({ value, children }: { value: DiscordLookups; children: ReactNode }) {
  return <LookupContext.Provider value={value}>{children}</LookupContext.Provider>;
}

export function useDiscordLookups(): DiscordLookups {
  return useContext(LookupContext);
}

/** Discord's role colour as CSS (0 means "no colour": the default text colour). */
export function colorOf(color: number | null | undefined): string | undefined {
  return color ? `#${color.toString(16).padStart(6, "0")}` : undefined;
}
