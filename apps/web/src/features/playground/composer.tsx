import type { CommandEntry } from "@hearth/core";
import { commandCatalogue } from "@hearth/core";
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { cn } from "../../lib/cn";

export interface ComposerCommand {
  entry: CommandEntry;
  refusal: string | null;
}

/**
 * The message box. Typing `/` opens the bot's commands as a list to pick from (arrow keys, Enter or
 * Tab; Escape closes it), each marked when the member may not run it; anything else is sent as a
 * message with Enter (Shift+Enter for a new line).
 */
export function Composer({
  channelName,
  disabledReason,
  commands,
  busy,
  onSend,
  onCommand,
}: {
  channelName: string;
  disabledReason: string | null;
  commands: { name: string; refusal: string | null }[];
  busy: boolean;
  onSend: (content: string) => Promise<boolean>;
  onCommand: (command: ComposerCommand) => void;
}) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const listId = useId();
  const available = useMemo(() => {
    const byName = new Map(commandCatalogue.map((entry) => [entry.name, entry]));
    return commands.flatMap((command) => {
      const entry = byName.get(command.name);
      return entry ? [{ entry, refusal: command.refusal }] : [];
    });
  }, [commands]);
  const query = text.startsWith("/") ? text.slice(1).trim().toLowerCase() : null;
  const matches =
    query === null
      ? []
      : available
          .filter(
            ({ entry }) => entry.name.startsWith(query) || (query.length > 1 && entry.name.includes(query)),
          )
          .slice(0, 50);
  const open = matches.length > 0 && !dismissed && !disabledReason;
  const current = matches[Math.min(active, matches.length - 1)];

  const pick = (command: ComposerCommand) => {
    setText("");
    setActive(0);
    onCommand(command);
  };
  const send = async () => {
    const content = text.trim();
    if (!content || busy) return;
    if (await onSend(content)) setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && current) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((index) => (index + step + matches.length) % matches.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        pick(current);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissed(true);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="relative px-4 pb-4">
      {open && (
        <div className="absolute right-4 bottom-full left-4 mb-1 max-h-72 overflow-y-auto rounded-lg border border-[#1e1f22] bg-[#2b2d31] py-1 shadow-xl">
          <p className="px-3 py-1 text-xs font-semibold text-[#949ba4] uppercase">
            Commands matching /{query}
          </p>
          <div id={listId} role="listbox" aria-label="Slash commands">
            {matches.map((command, index) => (
              <div
                key={command.entry.name}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                aria-disabled={command.refusal !== null}
                // Picked with the pointer too; the keyboard path is the text box's arrows and Enter.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(command);
                }}
                className={cn(
                  "cursor-pointer px-3 py-1.5",
                  index === active ? "bg-[#404249]" : "hover:bg-[#35373c]",
                )}
              >
                <span className={cn("font-mono text-sm", command.refusal ? "text-[#949ba4]" : "text-white")}>
                  /{command.entry.name}
                </span>
                {command.refusal && " "}
                {command.refusal && (
                  <span className="ml-1 text-xs text-amber-300">
                    <span aria-hidden="true">🔒 </span>
                    {command.refusal}
                  </span>
                )}{" "}
                <span className="block truncate text-xs text-[#949ba4]">{command.entry.description}</span>
              </div>
            ))}
          </div>
        </div>
      )}
      <div className="flex items-end gap-2 rounded-lg bg-[#383a40] px-3 py-2 focus-within:ring-2 focus-within:ring-ember-300">
        <textarea
          role="combobox"
          aria-label={`Message #${channelName}`}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined}
          rows={1}
          value={text}
          disabled={disabledReason !== null}
          placeholder={disabledReason ?? `Message #${channelName} — type / for commands`}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setDismissed(false);
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-6 flex-1 resize-none bg-transparent text-[15px] text-[#dbdee1] placeholder:text-[#6d6f78] focus-visible:outline-none disabled:cursor-not-allowed"
        />
        <button
          type="button"
          onClick={() => void send()}
          disabled={disabledReason !== null || busy || text.trim() === ""}
          className="rounded px-2 py-0.5 text-sm font-semibold text-[#dbdee1] hover:bg-white/10 disabled:opacity-40"
        >
          Send
        </button>
      </div>
    </div>
  );
}
