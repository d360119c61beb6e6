import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { TcpProxy, throughProxy } from "../../test/crash/harness.ts";
import { keepSubscribed } from "./redis-subscription.ts";

// Needs a real Redis (CI provides one: TEST_REDIS_URL); a TCP proxy in front of it plays the outage.
const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)("a kept subscription", () => {
  const clients: Redis[] = [];
  const proxies: TcpProxy[] = [];
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    for (const proxy of proxies) await proxy.close();
  });

  /** A subscriber behind a proxy, set as the server sets its own (a few retries, quick reconnects). */
  async function subscriberBehindProxy() {
    const direct = new URL(url ?? "");
    const proxy = await TcpProxy.start(direct.hostname, Number(direct.port || 6379));
    proxies.push(proxy);
    const subscriber = new Redis(throughProxy(url ?? "", proxy), {
      maxRetriesPerRequest: 2,
      retryStrategy: () => 50,
    });
    subscriber.on("error", () => {});
    clients.push(subscriber);
    const publisher = new Redis(url ?? "", { maxRetriesPerRequest: 1 });
    clients.push(publisher);
    const heard: string[] = [];
    subscriber.on("message", (_channel: string, message: string) => heard.push(message));
    return { proxy, subscriber, publisher, heard };
  }

  /** Publishes until the subscriber hears it (a subscription takes a moment after reconnecting). */
  async function heardWithin(ms: number, publisher: Redis, channel: string, heard: string[]) {
    const message = randomBytes(4).toString("hex");
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      await publisher.publish(channel, message);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (heard.includes(message)) return true;
    }
    return false;
  }

  it("starts while Redis is down, and hears the channel once Redis is back", async () => {
    const { proxy, subscriber, publisher, heard } = await subscriberBehindProxy();
    proxy.cut();
    const channel = `hearth:test:${randomBytes(4).toString("hex")}`;
    const errors: unknown[] = [];
    const started = Date.now();
    const unsubscribe = await keepSubscribed(subscriber, channel, (error) => errors.push(error));
    // It did not wait for Redis, and said why it could not subscribe.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(errors.length).toBeGreaterThan(0);
    expect(await heardWithin(300, publisher, channel, heard)).toBe(false);

    proxy.restore();
    expect(await heardWithin(5000, publisher, channel, heard)).toBe(true);

    // Lost again and back again: still subscribed (ioredis resubscribes; so do we, harmlessly).
    proxy.cut();
    proxy.restore();
    expect(await heardWithin(5000, publisher, channel, heard)).toBe(true);

    unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await heardWithin(300, publisher, channel, heard)).toBe(false);
  });
});
