import type { BotMessagePreview } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { DiscordMessage } from "../../../components/discord-message/discord-message";
import { DiscordLookupProvider, type DiscordLookups } from "../../../components/discord-message/lookups";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery, rolesQuery } from "../shared/api";

const botId = "1";

/** A payload from a feature's preview route, rendered as Discord shows it, with the server's names. */
export function BotPreview({ message }: { message: BotMessagePreview }) {
  const { serverId } = useDashboardSession();
  const channels = useQuery(channelsQuery(serverId)).data ?? [];
  const roles = useQuery(rolesQuery(serverId)).data ?? [];
  const lookups: DiscordLookups = {
    user: (id) => (id === botId ? { name: "Hearth", bot: true } : null),
    role: (id) => {
      const role = roles.find((r) => r.id === id);
      return role ? { name: role.name, color: role.color } : null;
    },
    channel: (id) => {
      const channel = channels.find((c) => c.id === id);
      return channel ? { name: channel.name } : null;
    },
    now: 0,
  };
  return (
    <figure className="overflow-hidden rounded-xl border border-white/[0.08] bg-[#313338] py-3">
      <figcaption className="px-4 pb-1 text-xs text-[#b5bac1]">Preview — what Hearth will post</figcaption>
      <DiscordLookupProvider value={lookups}>
        <DiscordMessage
          message={{
            id: "preview",
            channelId: "0",
            authorId: botId,
            ...message,
            files: [],
            reactions: [],
            createdAt: Date.now(),
            editedAt: null,
            ephemeral: false,
            command: null,
            replyTo: null,
          }}
        />
      </DiscordLookupProvider>
    </figure>
  );
}
