import { type ServerSettings, tipsEveryLimits } from "@hearth/core";
import { type KeyboardEvent, useEffect, useState } from "react";
import { Field, inputClass } from "../shared/form-controls";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useEditSettings } from "./api";

export const TIPS_EVERY_ERROR = `Enter a number from ${tipsEveryLimits.min} to ${tipsEveryLimits.max}`;

/** The tip frequency input: whole numbers from 2 to 100; anything else is refused before sending. */
export function parseTipsEvery(raw: string): { value: number | null; error: string | null } {
  const value = Number(raw.trim());
  const ok =
    raw.trim() !== "" &&
    Number.isInteger(value) &&
    value >= tipsEveryLimits.min &&
    value <= tipsEveryLimits.max;
  return ok ? { value, error: null } : { value: null, error: TIPS_EVERY_ERROR };
}

const commitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === "Enter") {
    event.preventDefault();
    event.currentTarget.blur();
  }
};

/** How often a command reply carries a tip (the Tips switch); saved on blur or Enter. */
export function TipsFrequency({ settings, serverId }: { settings: ServerSettings; serverId: string }) {
  const edit = useEditSettings(serverId);
  const [raw, setRaw] = useState(String(settings.tipsEvery));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setRaw(String(settings.tipsEvery)), [settings.tipsEvery]);
  useUnsavedChanges(!edit.isPending && raw.trim() !== String(settings.tipsEvery));

  const save = () => {
    const { value, error: problem } = parseTipsEvery(raw);
    setError(problem);
    if (value !== null && value !== settings.tipsEvery) {
      edit.mutate({ tipsEvery: value }, { onError: () => setRaw(String(settings.tipsEvery)) });
    }
  };

  return (
    <div className="pl-4">
      <Field
        label="Tip frequency"
        error={error}
        hint={`At most one command reply in this many carries a tip while Tips is on (${tipsEveryLimits.min} to ${tipsEveryLimits.max}, default ${tipsEveryLimits.default}). Saved when you leave the field or press Enter.`}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={tipsEveryLimits.min}
            max={tipsEveryLimits.max}
            step={1}
            disabled={!settings.tipsEnabled}
            className={`${inputClass} max-w-40`}
            value={raw}
            onChange={(event) => {
              setRaw(event.target.value);
              setError(null);
            }}
            onBlur={save}
            onKeyDown={commitOnEnter}
          />
        )}
      </Field>
    </div>
  );
}
