/** The part of a Redis subscriber connection a kept subscription uses (ioredis's `Redis` has it). */
export interface SubscriberConnection {
  subscribe(...channels: string[]): Promise<unknown>;
  unsubscribe(...channels: string[]): Promise<unknown>;
  on(event: "ready", listener: () => void): unknown;
  off(event: "ready", listener: () => void): unknown;
}

/**
 * Subscribes to `channel` now, and again whenever the connection is ready after a reconnection,
 * so a process that starts while Redis is down starts all the same (its caches' expiries carry the
 * other processes' changes meanwhile) and hears the channel once Redis is back. ioredis resubscribes
 * by itself only to channels a SUBSCRIBE succeeded for; a repeated SUBSCRIBE is harmless. Resolves
 * once the first attempt has settled, whether Redis answered it or not; a failure goes to `onError`.
 * Answers the unsubscribe.
 */
export async function keepSubscribed(
  subscriber: SubscriberConnection,
  channel: string,
  onError: (error: unknown) => void,
): Promise<() => void> {
  const attempt = () => subscriber.subscribe(channel).then(() => undefined, onError);
  const onReady = () => void attempt();
  subscriber.on("ready", onReady);
  await attempt();
  return () => {
    subscriber.off("ready", onReady);
    subscriber.unsubscribe(channel).catch(() => {});
  };
}
