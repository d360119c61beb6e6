import type { BotMessagePreview, SandboxMessage } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DiscordMessage } from "../../../components/discord-message/discord-message";
import { DiscordLookupProvider, type DiscordLookups } from "../../../components/discord-message/lookups";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery, rolesQuery } from "./api";

const botId = "0";

/**
 * The message the bot will post, drawn by the playground's Discord renderer with the server's
 * channel and role names. `message` comes from a server preview endpoint (the bot's own builder).
 */
export function BotPreview({
  message,
  status,
}: {
  message: BotMessagePreview | null;
  /** Shown instead of the message (nothing to preview yet, loading, the server's refusal). */
  status?: ReactNode;
}) {
  const { serverId } = useDashboardSession();
  const channels = useQuery(channelsQuery(serverId));
  const roles = useQuery(rolesQuery(serverId));
  const lookups: DiscordLookups = {
    user: (id) => (id === botId ? { name: "Hearth", bot: true } : null),
    role: (id) => {
      const role = roles.data?.find((r) => r.id === id);
      return role ? { name: role.name, color: role.color } : null;
    },
    channel: (id) => {
      const channel = channels.data?.find((c) => c.id === id);
      return channel ? { name: channel.name } : null;
    },
    now: 0,
  };
  const shown: SandboxMessage | null = message && {
    id: "preview",
    channelId: "preview",
    authorId: botId,
    ...message,
    files: [],
    reactions: [],
    createdAt: Date.now(),
    editedAt: null,
    ephemeral: false,
    command: null,
    replyTo: null,
  };
  return (
    <section
      aria-label="Message preview"
      aria-live="polite"
      className="min-w-0 overflow-hidden rounded-xl border border-white/[0.08] bg-[#313338] py-3 text-[15px]"
    >
      <p className="px-4 text-xs font-semibold tracking-wide text-stone-400 uppercase">
        Preview — what Hearth will post
      </p>
      {status ? (
        <div className="px-4 pt-2 text-sm">{status}</div>
      ) : (
        shown && (
          <DiscordLookupProvider value={lookups}>
            <DiscordMessage message={shown} />
          </DiscordLookupProvider>
        )
      )}
    </section>
  );
}
