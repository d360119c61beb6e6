import type { BotMessagePreview, SandboxMessage } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { DiscordMessage } from "../../../components/discord-message/discord-message";
import { DiscordLookupProvider, type DiscordLookups } from "../../../components/discord-message/lookups";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery, rolesQuery } from "./api";
import { membersByIdQuery } from "./pickers/picker-data";

/** The author the previews show: the bot, whose posts these are. */
const hearthId = "0";

/** The user ids a message mentions (`<@id>`, `<@!id>`) in its text, embeds' texts and fields. */
export function mentionedUserIds(message: BotMessagePreview): string[] {
  const texts = [
    message.content,
    ...message.embeds.flatMap((embed) => [
      embed.title ?? "",
      embed.description ?? "",
      embed.footer?.text ?? "",
      embed.author?.name ?? "",
      ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
    ]),
  ];
  const ids = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(/<@!?(\d{17,20})>/g)) ids.add(match[1] ?? "");
  ids.delete("");
  return [...ids].slice(0, 100);
}

export interface MessagePreviewProps {
  /** The message as the server renders it (a feature's preview route); null while there is none yet. */
  message: BotMessagePreview | null | undefined;
  /** The preview is being (re)rendered. */
  loading?: boolean;
  /** Why there is no preview (a failed render), shown in its place. */
  error?: string | null;
  /** Shown when there is no message and nothing is loading: "Fill in the prize to see the message." */
  empty?: string;
  /** Replaces the caption's default "Preview — what Hearth will post". */
  caption?: string;
  /** Said under the message (whom it pings, what was changed so Discord accepts it). */
  children?: ReactNode;
  "data-testid"?: string;
}

/**
 * What Hearth will post, drawn by the sandbox playground's Discord renderer: the text with its
 * markdown, embeds, buttons and menus, mentions shown with the server's names (its roles and
 * channels, and the members the text mentions), under the author line "Hearth · BOT". Each
 * feature's form hands it the message its server preview route built with the posting code.
 */
export function MessagePreview({
  message,
  loading = false,
  error,
  empty = "Nothing to preview yet.",
  caption = "Preview — what Hearth will post",
  children,
  "data-testid": testId = "message-preview",
}: MessagePreviewProps) {
  const { serverId } = useDashboardSession();
  const roles = useQuery(rolesQuery(serverId));
  const channels = useQuery(channelsQuery(serverId));
  const userIds = message ? mentionedUserIds(message) : [];
  const members = useQuery({ ...membersByIdQuery(serverId, userIds), enabled: userIds.length > 0 });
  // The preview's own moment: relative times count from when it opened (the render never reads the clock).
  const [now] = useState(() => Date.now());

  const lookups = useMemo<DiscordLookups>(
    () => ({
      user: (id) => {
        if (id === hearthId) return { name: "Hearth", bot: true };
        const member = members.data?.find((candidate) => candidate.id === id);
        return member ? { name: member.displayName, bot: member.bot } : null;
      },
      role: (id) => {
        const role = roles.data?.find((candidate) => candidate.id === id);
        return role ? { name: role.name, color: role.color } : null;
      },
      channel: (id) => {
        const channel = channels.data?.find((candidate) => candidate.id === id);
        return channel ? { name: channel.name } : null;
      },
      now,
    }),
    [members.data, roles.data, channels.data, now],
  );

  const shown: SandboxMessage | null = message
    ? {
        id: "preview",
        channelId: "0",
        authorId: hearthId,
        content: message.content,
        embeds: message.embeds,
        components: message.components,
        files: [],
        reactions: [],
        createdAt: now,
        editedAt: null,
        ephemeral: false,
        command: null,
        replyTo: null,
      }
    : null;

  return (
    <figure
      aria-busy={loading}
      data-testid={testId}
      className="min-w-0 overflow-hidden rounded-xl border border-white/[0.08] bg-[#313338] font-sans text-[15px] leading-snug"
    >
      <figcaption className="flex items-center justify-between gap-2 border-b border-black/20 px-4 py-2 text-xs font-semibold tracking-wide text-[#b5bac1] uppercase">
        <span>{caption}</span>
        {loading && shown && <span className="font-normal normal-case">Updating…</span>}
      </figcaption>
      <div aria-live="polite" className="pt-1 pb-3">
        {shown ? (
          <DiscordLookupProvider value={lookups}>
            <DiscordMessage message={shown} botTag="BOT" />
          </DiscordLookupProvider>
        ) : (
          <p role={error ? "alert" : undefined} className="px-4 py-4 text-sm text-[#b5bac1]">
            {error ?? (loading ? "Rendering the preview…" : empty)}
          </p>
        )}
        {shown && error && (
          <p role="alert" className="px-4 pt-2 text-sm text-amber-200">
            {error}
          </p>
        )}
        {children && <div className="px-4 pt-2 text-sm text-[#dbdee1]">{children}</div>}
      </div>
    </figure>
  );
}
