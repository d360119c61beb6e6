import { capReachedMessage, type ServerCap } from "@hearth/core";
import { conflict } from "./errors.ts";

/**
 * Refuses one more of a capped thing (409, the message naming the cap) when a server already has
 * `count` of them. Call it in the service, inside the write's per-server transaction with a count
 * read in that transaction (concurrent creates then can't overshoot), and again before any Discord
 * post, so a refused create posts nothing. Caps live in packages/core (`serverCaps`).
 */
export function checkCap(cap: ServerCap, count: number, field?: string): void {
  if (count >= cap.max) throw conflict(capReachedMessage(cap), field);
}
