import type { Grinder } from "@hearth/core";

// Test data only; never imported by the app.

let seq = 0;
export function makeGrinder(overrides: Partial<Grinder> = {}): Grinder {
  seq += 1;
  const base: Grinder = {
    _id: `15734645538665${String(seq).padStart(5, "0")}`,
    userId: `3241588760793582${String(seq).padStart(2, "0")}`,
    username: `user${seq}`,
    displayName: null,
    tier: "Bronze",
    payment: 250_000,
    leftoverPayment: 0,
    lastPaymentTimestamp: null,
    paid: false,
    onBreak: false,
    break: false,
    breakSince: null,
    breakUntil: null,
    hiredAt: 1_700_000_000_000 + seq,
    joinedAt: 1_700_000_000_000 + seq,
    hiredBy: null,
    hiredByName: null,
    paidThisPeriod: 0,
    remaining: 250_000,
    carryForward: 0,
    periodStart: 0,
    periodEnd: 0,
  };
  return { ...base, ...overrides };
}
