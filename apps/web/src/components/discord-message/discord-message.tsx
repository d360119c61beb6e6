import type { SandboxEmoji, SandboxFile, SandboxMessage } from "@hearth/core";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { colorOf, useDiscordLookups } from "./lookups";
import { DiscordMarkdown } from "./markdown";
import { type ComponentActions, MessageComponents } from "./message-components";
import { MessageEmbed } from "./message-embed";
import { relativeTime } from "./timestamp";

export interface DiscordMessageProps {
  message: SandboxMessage;
  /** False for a message that follows one of the same author shortly after (Discord groups them). */
  withHeader?: boolean;
  actions?: ComponentActions;
  /** Adds (`me` false) or takes back (`me` true) a reaction; absent, reactions only show. */
  onReaction?: (emoji: SandboxEmoji, me: boolean) => void;
  /** Hides an ephemeral answer ("Dismiss message"). */
  onDismiss?: () => void;
  /** Extra controls shown with the message (the playground's "add reaction"). */
  toolbar?: ReactNode;
  /** The tag after a bot author's name: Discord's "APP" by default (the dashboard's previews say "BOT"). */
  botTag?: string;
}

const avatarColors = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#9b84ec"];

function Avatar({ id, name }: { id: string; name: string }) {
  const color = avatarColors[Number(BigInt(id || "0") % 6n)] ?? avatarColors[0];
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-base font-semibold text-white"
      style={{ backgroundColor: color }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** "Today at 9:33 AM", "Yesterday at 12:33 PM", else the date and time, as Discord labels messages. */
function sentLabel(sentAt: Date, now: number, time: string): string {
  if (now > 0) {
    const day = (at: Date) => at.toDateString();
    if (day(sentAt) === day(new Date(now))) return `Today at ${time}`;
    if (day(sentAt) === day(new Date(now - 86_400_000))) return `Yesterday at ${time}`;
  }
  return sentAt.toLocaleString("en-US", { dateStyle: "short", timeStyle: "short" });
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

function download(file: SandboxFile) {
  if (file.text === null) return;
  const url = URL.createObjectURL(new Blob([file.text], { type: file.contentType ?? "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Attachment({ file }: { file: SandboxFile }) {
  const isImage = file.contentType?.startsWith("image/") && file.url?.startsWith("data:");
  if (isImage && file.url) return <img src={file.url} alt={file.name} className="mt-1 max-h-72 rounded" />;
  return (
    <div className="mt-1 flex max-w-[432px] items-center gap-3 rounded border border-[#1e1f22] bg-[#2b2d31] p-3">
      <span aria-hidden="true" className="text-3xl">
        📄
      </span>
      <div className="min-w-0">
        {file.text !== null ? (
          <button
            type="button"
            className="block truncate text-left text-[#00a8fc] hover:underline"
            onClick={() => download(file)}
          >
            {file.name}
          </button>
        ) : file.url && /^(https:|data:)/.test(file.url) ? (
          <a href={file.url} className="block truncate text-[#00a8fc] hover:underline" download={file.name}>
            {file.name}
          </a>
        ) : (
          <span className="block truncate text-[#dbdee1]">{file.name}</span>
        )}
        <span className="text-xs text-[#949ba4]">{file.size > 0 ? sizeText(file.size) : "attachment"}</span>
      </div>
    </div>
  );
}

function Reactions({
  reactions,
  onReaction,
}: {
  reactions: SandboxMessage["reactions"];
  onReaction?: DiscordMessageProps["onReaction"];
}) {
  if (reactions.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {reactions.map((reaction) => {
        const label = reaction.emoji.id ? `:${reaction.emoji.name}:` : reaction.emoji.name;
        const text = reaction.emoji.id
          ? `<${reaction.emoji.animated ? "a" : ""}:${reaction.emoji.name}:${reaction.emoji.id}>`
          : reaction.emoji.name;
        return (
          <button
            key={`${reaction.emoji.id ?? ""}${reaction.emoji.name}`}
            type="button"
            aria-pressed={reaction.me}
            aria-label={`${label}: ${reaction.count} ${reaction.count === 1 ? "reaction" : "reactions"}${reaction.me ? ", including yours" : ""}`}
            disabled={!onReaction}
            onClick={() => onReaction?.(reaction.emoji, reaction.me)}
            className={cn(
              "flex items-center gap-1 rounded-lg border px-1.5 py-0.5 text-sm",
              reaction.me
                ? "border-[#5865f2] bg-[#5865f2]/25 text-white"
                : "border-transparent bg-[#2b2d31] text-[#b5bac1] hover:border-[#4e5058]",
            )}
          >
            <DiscordMarkdown text={text} />
            <span className="font-semibold">{reaction.count}</span>
          </button>
        );
      })}
    </div>
  );
}

/**
 * One Discord message as Discord's client shows it: author, time, "(edited)", markdown with names for
 * mentions, embeds, buttons and menus, files, reactions, and for an ephemeral answer the line
 * "Only you can see this". Shared by the sandbox playground and the dashboard's previews.
 */
export function DiscordMessage({
  message,
  withHeader = true,
  actions = {},
  onReaction,
  onDismiss,
  toolbar,
  botTag = "APP",
}: DiscordMessageProps) {
  const lookups = useDiscordLookups();
  const author = lookups.user(message.authorId);
  const name = author?.name ?? "unknown-user";
  const command = message.command ? lookups.user(message.command.userId) : null;
  const sentAt = new Date(message.createdAt);
  const time = sentAt.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  return (
    <article
      aria-label={`${name}${author?.bot ? " (app)" : ""}, ${time}`}
      data-message-id={message.id}
      data-ephemeral={message.ephemeral || undefined}
      className={cn(
        "group relative flex gap-4 px-4 hover:bg-black/10",
        withHeader || message.command ? "mt-3 pt-0.5" : "",
        message.ephemeral && "bg-[#5865f2]/10 hover:bg-[#5865f2]/15",
      )}
    >
      <div className="w-10 shrink-0">
        {(withHeader || message.command) && <Avatar id={message.authorId} name={name} />}
      </div>
      <div className="min-w-0 flex-1 pb-0.5">
        {message.command && (
          <p className="text-xs text-[#949ba4]">
            <span className="text-[#c9cdfb]">@{command?.name ?? "someone"}</span> used{" "}
            <span className="text-[#00a8fc]">/{message.command.name}</span>
          </p>
        )}
        {(withHeader || message.command) && (
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium" style={{ color: colorOf(author?.color) ?? "#f2f3f5" }}>
              {name}
            </span>
            {author?.bot && (
              <span className="rounded bg-[#5865f2] px-1 text-[10px] leading-4 font-semibold text-white">
                {botTag}
              </span>
            )}
            <time
              className="text-xs text-[#949ba4]"
              dateTime={sentAt.toISOString()}
              title={sentAt.toLocaleString("en-US", { dateStyle: "full", timeStyle: "short" })}
            >
              {sentLabel(sentAt, lookups.now, time)}
            </time>
          </p>
        )}
        {message.content && (
          <div className="break-words whitespace-pre-wrap text-[#dbdee1]">
            <DiscordMarkdown text={message.content} />
            {message.editedAt !== null && (
              <span
                className="ml-1 text-[10px] text-[#949ba4]"
                title={lookups.now > 0 ? `Edited ${relativeTime(message.editedAt, lookups.now)}` : "Edited"}
              >
                (edited)
              </span>
            )}
          </div>
        )}
        {!message.content && message.editedAt !== null && (
          <span className="text-[10px] text-[#949ba4]">(edited)</span>
        )}
        {message.embeds.map((embed, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: embeds have no identity beyond their place.
          <MessageEmbed key={index} embed={embed} />
        ))}
        {message.files.map((file, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name.
          <Attachment key={index} file={file} />
        ))}
        <MessageComponents rows={message.components} actions={actions} />
        <Reactions reactions={message.reactions} onReaction={onReaction} />
        {message.ephemeral && (
          <p className="mt-1 flex items-center gap-1 text-xs text-[#949ba4]">
            <span aria-hidden="true">👁</span> Only you can see this
            {onDismiss && (
              <>
                {" • "}
                <button type="button" className="text-[#00a8fc] hover:underline" onClick={onDismiss}>
                  Dismiss message
                </button>
              </>
            )}
          </p>
        )}
      </div>
      {toolbar && (
        <div className="absolute -top-3 right-4 hidden rounded border border-[#1e1f22] bg-[#313338] shadow group-focus-within:flex group-hover:flex">
          {toolbar}
        </div>
      )}
    </article>
  );
}
