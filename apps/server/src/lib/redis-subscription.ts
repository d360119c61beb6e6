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

/** A connection that can publish and, as a subscriber, hear messages (ioredis's `Redis`). */
export interface PubSubConnection extends SubscriberConnection {
  publish(channel: string, message: string): Promise<unknown>;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
  on(event: "ready", listener: () => void): unknown;
  off(event: "message", listener: (channel: string, message: string) => void): unknown;
  off(event: "ready", listener: () => void): unknown;
}

/**
 * Carries one kind of change between processes over a Redis channel: what this process announces
 * (`announce` registers the listener for its own changes and answers its removal) is published,
 * and what another process publishes is handed to `hear`. A failed publish or subscribe goes to
 * `onError` (the caches' expiries carry the change meanwhile); the subscription is kept as
 * `keepSubscribed` keeps it. Answers the function that stops both directions.
 */
export async function bridgeChannel(options: {
  publisher: Pick<PubSubConnection, "publish">;
  subscriber: PubSubConnection;
  channel: string;
  announce: (publish: (message: string) => void) => () => void;
  hear: (message: string) => void;
  onError: (error: unknown) => void;
}): Promise<() => void> {
  const { publisher, subscriber, channel, onError } = options;
  const stopAnnouncing = options.announce((message) => {
    publisher.publish(channel, message).catch(onError);
  });
  const onMessage = (from: string, message: string) => {
    if (from === channel) options.hear(message);
  };
  subscriber.on("message", onMessage);
  const unsubscribe = await keepSubscribed(subscriber, channel, onError);
  return () => {
    stopAnnouncing();
    subscriber.off("message", onMessage);
    unsubscribe();
  };
}
