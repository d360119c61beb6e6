interface ChannelLike {
  id: string;
  name: string;
}

/** A channel as shown in text: `#name`, or said to be unknown (a deleted channel), or "None". */
export function channelName(channels: readonly ChannelLike[] | undefined, id: string | null): string {
  if (!id) return "None";
  const channel = channels?.find((candidate) => candidate.id === id);
  return channel ? `#${channel.name}` : `Unknown channel (${id.slice(-4)})`;
}
