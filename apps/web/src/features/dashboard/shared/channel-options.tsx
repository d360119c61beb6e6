interface ChannelLike {
  id: string;
  name: string;
  parentName: string | null;
}

/**
 * `<option>`s of channels grouped by category (`<optgroup>`), in the order given; channels
 * outside any category come first.
 */
export function ChannelOptions({
  channels,
  prefix = "#",
}: {
  channels: readonly ChannelLike[];
  prefix?: string;
}) {
  const groups: { category: string | null; channels: ChannelLike[] }[] = [];
  for (const channel of channels) {
    const last = groups.at(-1);
    if (last && last.category === channel.parentName) last.channels.push(channel);
    else groups.push({ category: channel.parentName, channels: [channel] });
  }
  groups.sort((a, b) => Number(a.category !== null) - Number(b.category !== null));
  return (
    <>
      {groups.map((group) =>
        group.category === null ? (
          group.channels.map((channel) => (
            <option key={channel.id} value={channel.id}>
              {prefix}
              {channel.name}
            </option>
          ))
        ) : (
          <optgroup key={group.channels[0]?.id} label={group.category}>
            {group.channels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {prefix}
                {channel.name}
              </option>
            ))}
          </optgroup>
        ),
      )}
    </>
  );
}

export function channelName(channels: readonly ChannelLike[] | undefined, id: string | null): string {
  if (!id) return "None";
  const channel = channels?.find((candidate) => candidate.id === id);
  return channel ? `#${channel.name}` : `Unknown channel (${id.slice(-4)})`;
}
