import type { Config } from "../config.ts";

/**
 * Fastify's `trustProxy` from TRUST_PROXY. Addresses and CIDR ranges go to Fastify as they are (it
 * walks X-Forwarded-For from the right while the hop is one of them). A hop count becomes a
 * function trusting the first `n` hops (the socket peer and the n-1 entries it appended): Fastify
 * itself no longer honours a numeric trustProxy, because a count cannot tell a proxy from a client
 * that connects directly; that is why the README recommends the address list whenever clients can
 * reach the server without passing through the proxies.
 */
export function fastifyTrustProxy(
  setting: Config["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === "number") {
    const hops = setting;
    return (_address, hop) => hop < hops;
  }
  return setting;
}
