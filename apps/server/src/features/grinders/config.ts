import type { PaymentPeriod, TierSwitchCooldown } from "@hearth/core";
import type { Db } from "../../db/schema.ts";
import { readSetup, setupLockScope } from "../setup/service.ts";
import { listTiers, type TierRow } from "./tier-store.ts";

/**
 * The lock scope shared by every write to a server's grinders and tiers (and its setup, which
 * holds the base role and payment period): a hire and a tier removal must not interleave.
 */
export const grinderLockScope = setupLockScope;

/** A server's grinder configuration: its tiers, and the grinder options of its setup. */
export interface GrinderConfig {
  period: PaymentPeriod;
  baseRoleId: string | null;
  tiers: TierRow[];
  /** Whether payments reaching a higher tier's payment move the grinder up, and how often. */
  switchTier: { enabled: boolean; cooldown: TierSwitchCooldown };
}

/** The configuration as `db` sees it (a transaction of the caller's, say). */
export async function getGrinderConfig(db: Db, serverId: string): Promise<GrinderConfig> {
  const [setup, tiers] = await Promise.all([readSetup(db, serverId), listTiers(db, serverId)]);
  return {
    period: setup.grinders.paymentPeriod,
    baseRoleId: setup.grinderBaseRoleId,
    tiers,
    switchTier: { enabled: setup.grinders.switchTierEnabled, cooldown: setup.grinders.switchTierCooldown },
  };
}

/** The payment period of a server's grinders (weekly unless the setup says otherwise). */
export async function paymentPeriodOf(db: Db, serverId: string): Promise<PaymentPeriod> {
  return (await readSetup(db, serverId)).grinders.paymentPeriod;
}
