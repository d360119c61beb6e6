import type { Channel, DashboardMember, Role } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
  useRef,
  useState,
} from "react";
import { cn } from "../../../../lib/cn";
import { useDashboardSession } from "../../session/session-context";
import { channelsQuery, rolesQuery } from "../api";
import { textareaClass } from "../form-controls";
import { useDebounced } from "../use-debounced";
import { channelSign } from "./channel-picker";
import { MemberAvatar } from "./member-picker";
import { memberSearchQuery, nameMatches } from "./picker-data";
import { RoleDot } from "./role-dot";

/** What is being typed after a `#` or `@` just before the caret, if anything. */
export interface MentionToken {
  trigger: "#" | "@";
  query: string;
  /** Where the `#` or `@` is in the text. */
  start: number;
}

/**
 * The mention being typed at `caret`: a `#` or `@` at the start or after a space or bracket,
 * followed by up to 32 characters of a name (no spaces, no markup). Null when there is none.
 */
export function mentionAt(text: string, caret: number): MentionToken | null {
  const before = text.slice(0, caret);
  const match = /(^|[\s([{])([#@])([^\s#@<>()[\]{}]{0,32})$/.exec(before);
  if (!match) return null;
  const trigger = match[2] as "#" | "@";
  const query = match[3] ?? "";
  return { trigger, query, start: caret - query.length - 1 };
}

/** Replaces the token with `markup` and a space; answers the new text and where the caret goes. */
export function insertMention(
  text: string,
  token: MentionToken,
  caret: number,
  markup: string,
): { text: string; caret: number } {
  const after = text.slice(caret);
  const spacer = after.startsWith(" ") ? "" : " ";
  const next = `${text.slice(0, token.start)}${markup}${spacer}${after}`;
  return { text: next, caret: token.start + markup.length + 1 };
}

type Suggestion =
  | { kind: "channel"; id: string; channel: Channel }
  | { kind: "member"; id: string; member: DashboardMember }
  | { kind: "role"; id: string; role: Role };

const markupOf = (suggestion: Suggestion) =>
  suggestion.kind === "channel"
    ? `<#${suggestion.id}>`
    : suggestion.kind === "member"
      ? `<@${suggestion.id}>`
      : `<@&${suggestion.id}>`;

/** Up to this many of each kind are offered; typing more of the name narrows them. */
const perKind = 8;

export interface MarkupTextareaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange" | "id"> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | null;
  /** Shown after the label, e.g. the character count. */
  aside?: ReactNode;
}

/**
 * A text area for text that takes Discord's markup (welcome texts, timers, triggers…): typing `#`
 * offers the server's channels, `@` its members and roles, and choosing one inserts `<#id>`,
 * `<@id>` or `<@&id>`, which Discord shows as the name. The keyboard works as in a combobox:
 * arrows move through the offers, Enter or Tab inserts, Escape closes them.
 */
export function MarkupTextarea({
  label,
  value,
  onChange,
  hint,
  error,
  aside,
  className,
  disabled,
  ...rest
}: MarkupTextareaProps) {
  const id = useId();
  const listId = `${id}-mentions`;
  const { serverId } = useDashboardSession();
  const area = useRef<HTMLTextAreaElement>(null);
  const [token, setToken] = useState<MentionToken | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  // Escape closes the offers until the caret leaves the token (a `#` meant as a hash stays one).
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const channels = useQuery({ ...channelsQuery(serverId), enabled: token?.trigger === "#" });
  const roles = useQuery({ ...rolesQuery(serverId), enabled: token?.trigger === "@" });
  const memberQuery = useDebounced(token?.trigger === "@" ? token.query : "", 200);
  const members = useQuery({ ...memberSearchQuery(serverId, memberQuery), enabled: token?.trigger === "@" });

  const open = token !== null && token.start !== dismissedAt && !disabled;
  const suggestions: Suggestion[] = !open
    ? []
    : token.trigger === "#"
      ? (channels.data ?? [])
          .filter((channel) => channel.type !== 4 && nameMatches(channel.name, token.query))
          .slice(0, perKind)
          .map((channel) => ({ kind: "channel", id: channel.id, channel }))
      : [
          ...(members.data?.members ?? [])
            .filter(
              (member) =>
                nameMatches(member.displayName, token.query) || nameMatches(member.username, token.query),
            )
            .slice(0, perKind)
            .map((member): Suggestion => ({ kind: "member", id: member.id, member })),
          ...(roles.data ?? [])
            .filter((role) => nameMatches(role.name, token.query))
            .slice(0, perKind)
            .map((role): Suggestion => ({ kind: "role", id: role.id, role })),
        ];
  const active = Math.min(highlighted, Math.max(suggestions.length - 1, 0));
  const loading = open && (token.trigger === "#" ? channels.isPending : members.isPending || roles.isPending);
  const optionId = (index: number) => `${id}-option-${index}`;

  const readToken = (element: HTMLTextAreaElement) => {
    const next = mentionAt(element.value, element.selectionStart ?? element.value.length);
    setToken(next);
    if (next?.start !== token?.start || next?.trigger !== token?.trigger) setHighlighted(0);
    // Functional: React's select event can follow Escape's keydown in the same batch.
    setDismissedAt((current) => (next === null || next.start !== current ? null : current));
  };

  const insert = (suggestion: Suggestion) => {
    const element = area.current;
    if (!element || !token) return;
    const caret = element.selectionStart ?? value.length;
    const result = insertMention(value, token, caret, markupOf(suggestion));
    onChange(result.text);
    setToken(null);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(result.caret, result.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === "Escape") {
      event.preventDefault();
      setDismissedAt(token.start);
      return;
    }
    if (suggestions.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setHighlighted((active + step + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      const chosen = suggestions[active];
      if (!chosen) return;
      event.preventDefault();
      insert(chosen);
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const expanded = open && (suggestions.length > 0 || loading);

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-stone-200">
          {label}
        </label>
        {aside && <span className="text-xs text-stone-400">{aside}</span>}
      </div>
      <div className="relative">
        <textarea
          {...rest}
          ref={area}
          id={id}
          value={value}
          disabled={disabled}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && suggestions.length > 0 ? optionId(active) : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
            onChange(event.target.value);
            readToken(event.target);
          }}
          onSelect={(event) => readToken(event.currentTarget)}
          onKeyDown={onKeyDown}
          onBlur={() => setToken(null)}
          className={cn(textareaClass, className)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={token?.trigger === "#" ? "Channels" : "Members and roles"}
          className={cn(
            "absolute top-full right-0 left-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-xl border border-white/10 bg-ink-900 p-1 shadow-xl shadow-black/40",
            !(expanded && suggestions.length > 0) && "hidden",
          )}
        >
          {expanded &&
            suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses from the text area (aria-activedescendant); a click is the pointer's way.
              <div
                key={`${suggestion.kind}-${suggestion.id}`}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                // Pressing an option must not blur the text area first (that would close the list).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(suggestion)}
                onMouseMove={() => setHighlighted(index)}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-stone-100",
                  index === active && "bg-white/[0.08]",
                )}
              >
                {suggestion.kind === "channel" ? (
                  <>
                    <span aria-hidden="true" className="w-4 text-center text-stone-400">
                      {channelSign(suggestion.channel.type)}
                    </span>
                    <span className="truncate">{suggestion.channel.name}</span>
                    {suggestion.channel.parentName && (
                      <span className="ml-auto truncate pl-2 text-xs text-stone-400 uppercase">
                        {suggestion.channel.parentName}
                      </span>
                    )}
                  </>
                ) : suggestion.kind === "member" ? (
                  <>
                    <MemberAvatar member={suggestion.member} />
                    <span className="truncate">{suggestion.member.displayName}</span>
                    <span className="truncate text-xs text-stone-400">@{suggestion.member.username}</span>
                  </>
                ) : (
                  <>
                    <RoleDot color={suggestion.role.color} />
                    <span className="truncate">@{suggestion.role.name}</span>
                    <span className="ml-auto pl-2 text-xs text-stone-400">role</span>
                  </>
                )}
              </div>
            ))}
        </div>
        {open && loading && suggestions.length === 0 && (
          <p
            role="status"
            className="absolute top-full right-0 left-0 z-30 mt-1 rounded-xl border border-white/10 bg-ink-900 px-3 py-2 text-sm text-stone-400"
          >
            Loading {token.trigger === "#" ? "channels" : "members and roles"}…
          </p>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs leading-relaxed text-stone-400">
          {hint}
        </p>
      )}
    </div>
  );
}
