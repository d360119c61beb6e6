import { cn } from "../../lib/cn";
import type { Server } from "./world";

const categoryType = 4;
const voiceTypes = new Set([2, 13]);

/** The channel list by category, as the member sees it (channels they can't view are left out). */
export function ChannelSidebar({
  server,
  current,
  onOpen,
}: {
  server: Server;
  current: string;
  onOpen: (channelId: string) => void;
}) {
  const visible = server.channels.filter((channel) => channel.canView);
  const categories = visible
    .filter((channel) => channel.type === categoryType)
    .sort((a, b) => a.position - b.position);
  const childrenOf = (parentId: string | null) =>
    visible
      .filter((channel) => channel.type !== categoryType && channel.parentId === parentId)
      .sort((a, b) => a.position - b.position);
  const groups = [
    { id: "none", name: null as string | null, channels: childrenOf(null) },
    ...categories.map((category) => ({
      id: category.id,
      name: category.name,
      channels: childrenOf(category.id),
    })),
  ].filter((group) => group.channels.length > 0);

  const entry = (channel: Server["channels"][number]) => {
    const voice = voiceTypes.has(channel.type);
    const selected = channel.id === current;
    return (
      <li key={channel.id}>
        <button
          type="button"
          disabled={voice}
          title={voice ? "Voice channels aren't simulated" : (channel.topic ?? undefined)}
          aria-current={selected ? "page" : undefined}
          onClick={() => onOpen(channel.id)}
          className={cn(
            "flex w-full items-center gap-1.5 rounded px-2 py-1 text-left text-[15px]",
            selected ? "bg-[#404249] text-white" : "text-[#949ba4] hover:bg-[#35373c] hover:text-[#dbdee1]",
            voice && "cursor-default opacity-60 hover:bg-transparent",
          )}
        >
          <span aria-hidden="true" className="w-5 shrink-0 text-center text-lg leading-none">
            {voice ? "🔊" : channel.type === 5 ? "📣" : "#"}
          </span>
          <span className="truncate">{channel.name}</span>
          {!voice && !channel.canSend && (
            <span className="ml-auto text-xs" title="You can read but not post here">
              <span aria-hidden="true">🔒</span>
              <span className="sr-only">(read only)</span>
            </span>
          )}
        </button>
      </li>
    );
  };

  return (
    <nav aria-label="Channels" className="flex min-h-0 flex-1 flex-col overflow-y-auto px-2 pb-4">
      <ul className="mt-3">
        <li>
          <button
            type="button"
            aria-current={current === "dm" ? "page" : undefined}
            onClick={() => onOpen("dm")}
            className={cn(
              "flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-[15px]",
              current === "dm"
                ? "bg-[#404249] text-white"
                : "text-[#949ba4] hover:bg-[#35373c] hover:text-[#dbdee1]",
            )}
          >
            <span aria-hidden="true">✉️</span> Direct messages
          </button>
        </li>
      </ul>
      {groups.map((group) => (
        <section key={group.id} aria-label={group.name ?? "Channels"} className="mt-4">
          {group.name && (
            <h3 className="px-1 text-xs font-semibold tracking-wide text-[#949ba4] uppercase">
              {group.name}
            </h3>
          )}
          <ul className="mt-1 space-y-0.5">{group.channels.map(entry)}</ul>
        </section>
      ))}
    </nav>
  );
}
