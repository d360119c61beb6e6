import { randomInt } from "node:crypto";

const discordEpoch = 1_420_070_400_000n;
let increment = 0n;

/** A Discord-shaped id for the sandbox: the timestamp in the high bits, as Discord makes them. */
export function makeSnowflake(at: number = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  const worker = BigInt(randomInt(0, 1024));
  return (((BigInt(at) - discordEpoch) << 22n) | (worker << 12n) | increment).toString();
}

/** When a snowflake was made, ms since the epoch. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + discordEpoch);
}
