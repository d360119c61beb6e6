import { useCombobox } from "downshift";
import { type ReactNode, useEffect, useId, useState } from "react";
import { cn } from "../../../../lib/cn";
import { controlBaseClass } from "../form-controls";

/** What the list says besides its options: loading, a failure, a note, or why it is empty. */
export interface PickerStatus {
  loading?: boolean;
  /** A failed load, in words (the list is then empty). */
  error?: string | null;
  /** Said above the options (a partial answer, a limit). */
  note?: string | null;
  /** Said when there is nothing to offer: "No text channels match “gen”". */
  empty: string;
}

export interface PickerComboboxProps<T> {
  label: string;
  /** Keeps the label for screen readers only (a table cell whose column header says it). */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
  /** The options for the current query (the caller filters: `onQueryChange` tells what was typed). */
  items: readonly T[];
  onQueryChange: (query: string) => void;
  /** "single": the input shows the chosen item. "add": each choice is handed over and the input empties. */
  mode: "single" | "add";
  selected: T | null;
  onSelect: (item: T | null) => void;
  itemKey: (item: T) => string;
  /** The item as text: the input's value once chosen, and what screen readers announce. */
  itemText: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Why an item can't be chosen (shown with it, the option disabled), or undefined. */
  disabledReason?: (item: T) => string | undefined;
  /** Shown at the input's start, e.g. the chosen member's avatar. */
  leading?: ReactNode;
  status: PickerStatus;
  /** Offers a button that empties the choice (single mode, while something is chosen). */
  clearable?: boolean;
  /** Told when the list opens (a picker whose load failed tries again then). */
  onOpen?: () => void;
  "data-testid"?: string;
}

/**
 * The pickers' one combobox, on downshift's `useCombobox` (WAI-ARIA's combobox with a listbox
 * popup): type to filter, arrows and Home/End move, Enter chooses, Escape closes (a second Escape
 * clears what was typed). Disabled options stay listed with their reason. The label, hint and
 * error are tied to the input as the dashboard's other fields are.
 */
export function PickerCombobox<T>({
  label,
  hideLabel,
  hint,
  error,
  disabled,
  placeholder,
  items,
  onQueryChange,
  mode,
  selected,
  onSelect,
  itemKey,
  itemText,
  renderItem,
  disabledReason,
  leading,
  status,
  clearable = true,
  onOpen,
  "data-testid": testId,
}: PickerComboboxProps<T>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const selectedText = selected === null ? "" : itemText(selected);
  const [input, setInput] = useState(mode === "single" ? selectedText : "");

  // A choice made elsewhere (a reset form, a saved value arriving) shows in the input.
  useEffect(() => {
    if (mode === "single") setInput(selectedText);
  }, [mode, selectedText]);

  const list = [...items];
  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<T>({
    items: list,
    inputId: `${id}-input`,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    inputValue: input,
    selectedItem: mode === "single" ? selected : null,
    itemToString: (item) => (item === null ? "" : itemText(item)),
    itemToKey: (item) => (item === null ? null : itemKey(item)),
    isItemDisabled: (item) => disabledReason?.(item) !== undefined,
    onInputValueChange: ({ inputValue, type }) => {
      setInput(inputValue);
      // Only typing filters: opening the list on a chosen item shows every option.
      if (type === useCombobox.stateChangeTypes.InputChange) onQueryChange(inputValue);
    },
    onIsOpenChange: ({ isOpen: opened }) => {
      if (opened) {
        onOpen?.();
        return;
      }
      onQueryChange("");
      if (mode === "single") setInput(selectedText);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem === null || selectedItem === undefined) return;
      onSelect(selectedItem);
      onQueryChange("");
      setInput(mode === "single" ? itemText(selectedItem) : "");
    },
    stateReducer: (_state, { type, changes }) => {
      // "add" mode: after a choice the list stays open on an empty input, ready for the next.
      if (
        mode === "add" &&
        (type === useCombobox.stateChangeTypes.InputKeyDownEnter ||
          type === useCombobox.stateChangeTypes.ItemClick)
      )
        return { ...changes, inputValue: "", isOpen: true, highlightedIndex: -1 };
      return changes;
    },
  });

  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const statusText = status.loading
    ? "Loading…"
    : status.error
      ? status.error
      : list.length === 0
        ? status.empty
        : null;

  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps sets htmlFor to the input's id. */}
      <label
        {...getLabelProps()}
        className={cn("text-sm font-medium text-stone-200", hideLabel && "sr-only")}
      >
        {label}
      </label>
      <div className="relative">
        <div className="relative flex items-center">
          {leading && (
            <span className="pointer-events-none absolute left-2.5 flex items-center" aria-hidden="true">
              {leading}
            </span>
          )}
          <input
            {...getInputProps({
              disabled,
              placeholder,
              "aria-describedby": describedBy,
              "aria-invalid": error ? true : undefined,
            })}
            className={cn(controlBaseClass, "h-10 w-full pr-16", leading ? "pl-9" : "")}
          />
          <div className="absolute right-1 flex items-center">
            {mode === "single" && clearable && selected !== null && !disabled && (
              <button
                type="button"
                aria-label={`Clear ${label}`}
                onClick={() => {
                  onSelect(null);
                  setInput("");
                }}
                className="flex size-7 items-center justify-center rounded-md text-stone-400 hover:bg-white/10 hover:text-stone-100"
              >
                <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
                </svg>
              </button>
            )}
            <button
              type="button"
              {...getToggleButtonProps({ disabled, "aria-label": `Show the options of ${label}` })}
              className="flex size-7 items-center justify-center rounded-md text-stone-400 hover:bg-white/10 hover:text-stone-100 disabled:opacity-50"
            >
              <svg
                viewBox="0 0 20 20"
                fill="currentColor"
                aria-hidden="true"
                className={cn("size-4 transition-transform", isOpen && "rotate-180")}
              >
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
              </svg>
            </button>
          </div>
        </div>
        <div
          className={cn(
            "absolute top-full right-0 left-0 z-30 mt-1 rounded-xl border border-white/10 bg-ink-900 p-1 shadow-xl shadow-black/40",
            !isOpen && "hidden",
          )}
        >
          {isOpen && status.note && <p className="px-3 py-2 text-xs text-amber-200">{status.note}</p>}
          {/* Always rendered (downshift measures it); hidden while closed or empty, so an empty
              listbox is never exposed. The listbox itself scrolls: a combobox's popup, which the
              arrow keys scroll (a scrolling wrapper around it would be a region no key reaches). */}
          <ul
            {...getMenuProps({ "aria-label": label })}
            className={cn("max-h-64 overflow-y-auto", (!isOpen || list.length === 0) && "hidden")}
          >
            {isOpen &&
              list.map((item, index) => {
                const reason = disabledReason?.(item);
                return (
                  <li
                    key={itemKey(item)}
                    {...getItemProps({ item, index })}
                    className={cn(
                      "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-stone-100",
                      highlightedIndex === index && "bg-white/[0.08]",
                      reason !== undefined && "cursor-not-allowed opacity-60",
                    )}
                  >
                    {/* The reason goes under the name, wrapping: beside it, a long one hid the name. */}
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="flex min-w-0 items-center gap-2">{renderItem(item)}</span>
                      {reason !== undefined && (
                        <span className="text-xs leading-snug text-stone-400">{reason}</span>
                      )}
                    </span>
                  </li>
                );
              })}
          </ul>
          {isOpen && statusText && (
            <p role="status" className="px-3 py-2 text-sm text-stone-400">
              {statusText}
            </p>
          )}
        </div>
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
