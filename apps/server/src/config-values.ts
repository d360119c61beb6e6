import { isIP } from "node:net";
import { z } from "zod";

// The settings whose values have a grammar of their own (config.ts parses the rest with zod alone).

const trustProxyKeywords = new Set(["loopback", "linklocal", "uniquelocal"]);

/** `10.0.0.0/8`, `::1`, `fd00::/8`: an address, or an address with a prefix length that fits it. */
function isAddressOrCidr(value: string): boolean {
  const [address = "", prefix, extra] = value.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (or `0`), a hop count (how many proxies in front append to X-Forwarded-For),
 * or the proxies' addresses: a comma-separated list of addresses, CIDR ranges and proxy-addr's
 * `loopback`, `linklocal`, `uniquelocal`. Fastify reads the client address from X-Forwarded-For
 * only through those hops. `true` (trust the whole chain) is refused: its left-most entry is
 * whatever the client sent.
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "0") return false;
  if (text === "true") {
    ctx.addIssue({
      code: "custom",
      message:
        "true would trust every X-Forwarded-For entry, and clients can forge the left-most ones; " +
        "give the number of proxies in front of Hearth (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !trustProxyKeywords.has(entry) && !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: "custom",
      message:
        "must be false, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas" +
        (bad.length > 0 ? ` (not an address: ${bad.join(", ")})` : ""),
    });
    return z.NEVER;
  }
  return entries;
}

/** "0-2,5" → [0, 1, 2, 5]. */
export function parseShardIds(value: string): number[] {
  const ids = value.split(",").flatMap((part) => {
    const [from, to = from] = part.split("-").map(Number) as [number, number?];
    return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  });
  return [...new Set(ids)];
}
