import type { SandboxButton, SandboxEmoji, SandboxMessage, SandboxSelect } from "@hearth/core";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { DiscordMessage } from "../../components/discord-message/discord-message";

const quickEmojis = ["👍", "🎉", "❤️", "😂", "🔥", "👀"];
const groupWithinMs = 7 * 60_000;

function ReactionPicker({
  serverEmojis,
  onPick,
}: {
  serverEmojis: { id: string; name: string; animated: boolean }[];
  onPick: (emoji: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    // Escape closes the picker, as it closes every other pop-up of the page.
    // biome-ignore lint/a11y/noStaticElementInteractions: the key handler only closes the picker its buttons live in.
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-label="Add reaction"
        title="Add reaction"
        className="px-2 py-1 text-sm hover:bg-white/10"
        onClick={() => setOpen((value) => !value)}
      >
        😀+
      </button>
      {open && (
        <div className="absolute top-full right-0 z-10 mt-1 flex w-56 flex-wrap gap-1 rounded border border-[#1e1f22] bg-[#2b2d31] p-2 shadow-xl">
          {[
            ...quickEmojis.map((emoji) => ({ key: emoji, text: emoji, label: emoji })),
            ...serverEmojis.map((emoji) => ({
              key: emoji.id,
              text: `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>`,
              label: `:${emoji.name}:`,
            })),
          ].map((emoji) => (
            <button
              key={emoji.key}
              type="button"
              aria-label={`React with ${emoji.label}`}
              className="rounded px-1.5 py-0.5 text-sm hover:bg-white/10"
              onClick={() => {
                setOpen(false);
                onPick(emoji.text);
              }}
            >
              {emoji.text.startsWith("<") ? emoji.label : emoji.text}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export interface MessageHandlers {
  onButton: (message: SandboxMessage, button: SandboxButton) => void;
  onSelect: (message: SandboxMessage, select: SandboxSelect, values: string[]) => void;
  onReact: (message: SandboxMessage, emoji: string, remove: boolean) => void;
}

const emojiText = (emoji: SandboxEmoji) =>
  emoji.id ? `<${emoji.animated ? "a" : ""}:${emoji.name}:${emoji.id}>` : emoji.name;

/**
 * The open channel's messages, oldest first, as a log screen readers follow. It stays at the bottom
 * while new messages arrive unless the reader has scrolled up.
 */
export function MessageList({
  label,
  messages,
  hasMore,
  loading,
  interactive,
  serverEmojis,
  handlers,
  onLoadEarlier,
  emptyText = "No messages here yet. Say something!",
}: {
  emptyText?: string;
  label: string;
  messages: SandboxMessage[];
  hasMore: boolean;
  loading: boolean;
  interactive: boolean;
  serverEmojis: { id: string; name: string; animated: boolean }[];
  handlers: MessageHandlers;
  onLoadEarlier: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const shown = messages.filter((message) => !dismissed.has(message.id));
  const lastId = shown.at(-1)?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && pinned.current && lastId !== undefined) element.scrollTop = element.scrollHeight;
  }, [lastId]);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      aria-busy={loading}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log must be reachable to scroll with the keyboard.
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto pb-4 focus-visible:outline-2 focus-visible:-outline-offset-2"
    >
      {hasMore && (
        <div className="py-2 text-center">
          <button type="button" className="text-sm text-[#00a8fc] hover:underline" onClick={onLoadEarlier}>
            Load earlier messages
          </button>
        </div>
      )}
      {!loading && shown.length === 0 && <p className="px-4 pt-10 text-center text-[#949ba4]">{emptyText}</p>}
      {shown.map((message, index) => {
        const previous = shown[index - 1];
        const grouped =
          previous !== undefined &&
          previous.authorId === message.authorId &&
          previous.ephemeral === message.ephemeral &&
          message.createdAt - previous.createdAt < groupWithinMs &&
          message.command === null;
        const usable = interactive && !message.ephemeral;
        return (
          <DiscordMessage
            key={message.id}
            message={message}
            withHeader={!grouped}
            actions={{
              onButton: (button) => handlers.onButton(message, button),
              onSelect: (select, values) => handlers.onSelect(message, select, values),
              unavailable: !interactive
                ? "Not available here"
                : message.ephemeral
                  ? "Buttons on an answer only you can see can't be pressed in the sandbox"
                  : undefined,
            }}
            onReaction={usable ? (emoji, me) => handlers.onReact(message, emojiText(emoji), me) : undefined}
            onDismiss={
              message.ephemeral ? () => setDismissed((ids) => new Set([...ids, message.id])) : undefined
            }
            toolbar={
              usable ? (
                <ReactionPicker
                  serverEmojis={serverEmojis}
                  onPick={(emoji) => handlers.onReact(message, emoji, false)}
                />
              ) : undefined
            }
          />
        );
      })}
    </div>
  );
}
