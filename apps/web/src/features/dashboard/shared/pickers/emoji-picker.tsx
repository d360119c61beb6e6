import type { ServerEmoji } from "@hearth/core";
import { useEffect, useState } from "react";
import { PickerCombobox } from "./combobox";

/** One emoji the picker offers: a unicode one (its name and shortcodes) or one of the server's. */
export interface EmojiOption {
  /** What the field stores: the emoji itself, or a custom emoji's `<:name:id>`. */
  value: string;
  name: string;
  shortcodes: string;
  custom: boolean;
}

type UnicodeRows = [emoji: string, name: string, shortcodes: string][];

/** The most options listed at once; typing narrows them. */
const shownMax = 60;

/** The same emoji with or without the variation selector (⭐ and ⭐️): Discord and boards ignore it. */
export const sameEmoji = (a: string, b: string) => a.replace(/\uFE0F/g, "") === b.replace(/\uFE0F/g, "");

const pictographic = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

let unicodeList: Promise<EmojiOption[]> | null = null;

/** Unicode's emojis, generated at build time (scripts/unicode-emojis.ts), loaded once on first use. */
function loadUnicodeEmojis(): Promise<EmojiOption[]> {
  unicodeList ??= import("virtual:unicode-emojis").then(({ default: rows }: { default: UnicodeRows }) =>
    rows.map(([value, name, shortcodes]) => ({ value, name, shortcodes, custom: false })),
  );
  return unicodeList;
}

function customOption(emoji: ServerEmoji): EmojiOption {
  return { value: emoji.markup, name: emoji.name, shortcodes: emoji.name, custom: true };
}

/** The options for what was typed: the server's emojis first, then unicode's, by name or shortcode. */
export function emojiMatches(options: readonly EmojiOption[], typed: string): EmojiOption[] {
  const query = typed.trim().toLowerCase().replace(/^:|:$/g, "");
  if (query === "") return options.slice(0, shownMax);
  const found = options.filter(
    (option) =>
      sameEmoji(option.value, typed.trim()) ||
      option.name.toLowerCase().includes(query) ||
      option.shortcodes
        .toLowerCase()
        .split(" ")
        .some((code) => code.includes(query)),
  );
  // The server's own first; then the name or shortcode itself, then names starting with the query,
  // then those only containing it (fire, firefighter, campfire).
  const rank = (option: EmojiOption) => {
    if (option.custom) return 0;
    const names = [option.name.toLowerCase(), ...option.shortcodes.toLowerCase().split(" ")];
    if (names.includes(query)) return 1;
    return names.some((name) => name.startsWith(query)) ? 2 : 3;
  };
  return found
    .map((option, index) => ({ option, index, rank: rank(option) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, shownMax)
    .map(({ option }) => option);
}

export interface EmojiPickerProps {
  label: string;
  /** The emoji chosen: a unicode emoji or `<:name:id>`. */
  value: string;
  onChange: (value: string) => void;
  /** The server's custom emojis, offered first. */
  customEmojis: readonly ServerEmoji[];
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  /** Offers a button that clears the choice (for an emoji that is optional). */
  clearable?: boolean;
}

/**
 * Picks an emoji by name: the server's own emojis and Unicode's (searched by name or shortcode, as
 * `fire` or `:fire:`), on the pickers' accessible combobox. An emoji typed or pasted that the list
 * doesn't know (newer than it) can still be used as typed; the server checks it is one emoji.
 */
export function EmojiPicker({
  label,
  value,
  onChange,
  customEmojis,
  hint,
  error,
  disabled,
  clearable = false,
}: EmojiPickerProps) {
  const [unicode, setUnicode] = useState<EmojiOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const load = () => {
    if (unicode) return;
    loadUnicodeEmojis().then(setUnicode, () => setFailed(true));
  };
  // A chosen emoji is shown by its name: the list is read as soon as there is one to name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads state; once per value is enough.
  useEffect(() => {
    if (value !== "") load();
  }, [value]);
  const custom = customEmojis.map(customOption);
  const options = [...custom, ...(unicode ?? [])];
  const items = emojiMatches(options, query);
  const typed = query.trim();
  if (pictographic.test(typed) && [...typed].length <= 10 && !items.some((o) => sameEmoji(o.value, typed))) {
    items.unshift({ value: typed, name: "as typed", shortcodes: "", custom: false });
  }
  const selected =
    value === ""
      ? null
      : (options.find((option) => sameEmoji(option.value, value)) ?? {
          value,
          name: value.startsWith("<") ? (value.split(":")[1] ?? value) : "",
          shortcodes: "",
          custom: value.startsWith("<"),
        });
  return (
    <PickerCombobox<EmojiOption>
      label={label}
      hint={hint}
      error={error}
      disabled={disabled}
      placeholder="Search emojis: fire, :star:…"
      mode="single"
      items={items}
      onQueryChange={(text) => {
        setQuery(text);
        if (text !== "") load();
      }}
      onOpen={load}
      selected={selected}
      onSelect={(option) => onChange(option?.value ?? "")}
      itemKey={(option) => `${option.custom ? "c" : "u"}:${option.value}`}
      itemText={(option) => (option.custom ? `:${option.name}:` : `${option.value} ${option.name}`.trim())}
      renderItem={(option) =>
        option.custom ? (
          <>
            <span className="rounded bg-white/10 px-1.5 py-0.5 text-xs text-stone-100">:{option.name}:</span>
            <span className="text-xs text-stone-400">this server's emoji</span>
          </>
        ) : (
          <>
            <span className="w-7 text-center text-lg" aria-hidden="true">
              {option.value}
            </span>
            <span className="truncate">{option.name}</span>
            {option.shortcodes && (
              <span className="ml-auto shrink-0 text-xs text-stone-400">
                :{option.shortcodes.split(" ")[0]}:
              </span>
            )}
          </>
        )
      }
      clearable={clearable}
      status={{
        loading: unicode === null && !failed && query !== "",
        error: failed ? "Couldn't load the emoji list; type or paste an emoji instead." : null,
        empty: query.trim() === "" ? "No emojis to offer." : `No emoji matches “${query.trim()}”.`,
      }}
      data-testid="emoji-picker"
    />
  );
}
