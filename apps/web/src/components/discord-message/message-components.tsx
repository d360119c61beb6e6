import type { SandboxButton, SandboxComponent, SandboxSelect } from "@hearth/core";
import { useId, useState } from "react";
import { cn } from "../../lib/cn";
import { DiscordMarkdown } from "./markdown";

/** What pressing a button or choosing in a menu does; absent (a preview), the components only show. */
export interface ComponentActions {
  onButton?: (button: SandboxButton) => void;
  onSelect?: (select: SandboxSelect, values: string[]) => void;
  /** Why the components can't be used here (e.g. on an answer only its member sees), if they can't. */
  unavailable?: string;
}

const buttonStyles: Record<SandboxButton["style"], string> = {
  primary: "bg-[#5865f2] hover:bg-[#4752c4] text-white",
  secondary: "bg-[#4e5058] hover:bg-[#6d6f78] text-white",
  success: "bg-[#248046] hover:bg-[#1a6334] text-white",
  danger: "bg-[#da373c] hover:bg-[#a12828] text-white",
  link: "bg-[#4e5058] hover:bg-[#6d6f78] text-white",
};

function ComponentButton({ button, actions }: { button: SandboxButton; actions: ComponentActions }) {
  const className = cn(
    "inline-flex min-h-8 items-center gap-1.5 rounded px-4 py-1 text-sm font-medium transition-colors",
    buttonStyles[button.style],
    button.disabled && "cursor-not-allowed opacity-50 hover:bg-none",
  );
  const body = (
    <>
      {button.emoji && <DiscordMarkdown text={button.emoji} />}
      {button.label && <span>{button.label}</span>}
    </>
  );
  if (button.style === "link") {
    return button.disabled || !button.url ? (
      <span className={className} aria-disabled="true">
        {body} <span aria-hidden="true">↗</span>
      </span>
    ) : (
      <a className={className} href={button.url} target="_blank" rel="noreferrer noopener">
        {body} <span aria-hidden="true">↗</span>
        <span className="sr-only">(opens a new tab)</span>
      </a>
    );
  }
  const blocked = button.disabled || !actions.onButton || Boolean(actions.unavailable);
  return (
    <button
      type="button"
      className={className}
      disabled={button.disabled}
      aria-disabled={blocked}
      title={button.disabled ? "Disabled" : actions.unavailable}
      data-custom-id={button.customId}
      onClick={() => {
        if (!blocked) actions.onButton?.(button);
      }}
    >
      {body}
    </button>
  );
}

function ComponentSelect({ select, actions }: { select: SandboxSelect; actions: ComponentActions }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(() =>
    select.options.filter((option) => option.default).map((option) => option.value),
  );
  const max = Math.min(select.maxValues ?? 1, select.options.length);
  const min = select.minValues ?? 1;
  const blocked = select.disabled || !actions.onSelect || Boolean(actions.unavailable);
  const placeholder = select.placeholder ?? "Make a selection";
  if (max <= 1) {
    return (
      <label className="block w-full max-w-[400px]">
        <span className="sr-only">{placeholder}</span>
        <select
          className="w-full rounded border border-[#1e1f22] bg-[#1e1f22] px-3 py-2 text-sm text-[#dbdee1] disabled:opacity-50"
          disabled={select.disabled}
          aria-disabled={blocked}
          title={actions.unavailable}
          value=""
          onChange={(event) => {
            if (!blocked && event.target.value) actions.onSelect?.(select, [event.target.value]);
          }}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {select.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.emoji && !option.emoji.startsWith("<") ? `${option.emoji} ` : ""}
              {option.label}
              {option.description ? ` — ${option.description}` : ""}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <div className="w-full max-w-[400px]">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        disabled={select.disabled}
        className="flex w-full items-center justify-between rounded border border-[#1e1f22] bg-[#1e1f22] px-3 py-2 text-left text-sm text-[#dbdee1] disabled:opacity-50"
        onClick={() => setOpen((value) => !value)}
      >
        <span>{chosen.length > 0 ? `${chosen.length} chosen` : placeholder}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <fieldset id={id} className="mt-1 space-y-1 rounded bg-[#2b2d31] p-2 text-sm">
          <legend className="sr-only">{placeholder}</legend>
          {select.options.map((option) => (
            <label key={option.value} className="flex items-start gap-2 rounded px-1 py-1 hover:bg-white/5">
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                disabled={!chosen.includes(option.value) && chosen.length >= max}
                onChange={(event) =>
                  setChosen((values) =>
                    event.target.checked
                      ? [...values, option.value]
                      : values.filter((v) => v !== option.value),
                  )
                }
              />
              <span>
                {option.emoji && <DiscordMarkdown text={`${option.emoji} `} />}
                {option.label}
                {option.description && (
                  <span className="block text-xs text-[#949ba4]">{option.description}</span>
                )}
              </span>
            </label>
          ))}
          <button
            type="button"
            className="mt-1 rounded bg-[#5865f2] px-3 py-1 text-white disabled:opacity-50"
            disabled={blocked || chosen.length < min}
            title={actions.unavailable}
            onClick={() => {
              setOpen(false);
              actions.onSelect?.(select, chosen);
            }}
          >
            Choose
          </button>
        </fieldset>
      )}
    </div>
  );
}

/** A message's rows of buttons and menus, by style, with their disabled states. */
export function MessageComponents({
  rows,
  actions,
}: {
  rows: readonly (readonly SandboxComponent[])[];
  actions: ComponentActions;
}) {
  if (rows.length === 0) return null;
  return (
    <div className="mt-2 space-y-2">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place.
        <div key={index} className="flex flex-wrap gap-2">
          {row.map((component, position) =>
            component.type === "button" ? (
              <ComponentButton
                key={component.customId ?? `${index}-${position}`}
                button={component}
                actions={actions}
              />
            ) : (
              <ComponentSelect key={component.customId} select={component} actions={actions} />
            ),
          )}
        </div>
      ))}
    </div>
  );
}
