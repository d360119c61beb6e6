import type { CreateGiveawayBody, GiveawaySettings } from "@hearth/core";
import { giveawayTemplateLimits } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { serverFieldError } from "../shared/errors";
import { inputClass } from "../shared/form-controls";
import { useSaveTemplate } from "./templates-api";

/** What a create form's body keeps as a template: its settings, not when it starts or repeats. */
export function templateSettingsOf(body: CreateGiveawayBody): GiveawaySettings | null {
  const { startsAt: _startsAt, recurrence: _recurrence, endTime: _endTime, duration, ...settings } = body;
  return duration === undefined ? null : { ...settings, duration };
}

/** "Save as template" under the create form: the form's settings under a name. */
export function SaveAsTemplate({ serverId, body }: { serverId: string; body: CreateGiveawayBody | null }) {
  const save = useSaveTemplate(serverId);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const settings = body ? templateSettingsOf(body) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return setError("Fill in the giveaway above first (prize, channel and duration)");
    if (!name.trim()) return setError("Enter a name for the template");
    save.mutate(
      { name: name.trim(), settings },
      {
        onSuccess: () => {
          setName("");
          setError(null);
        },
        onError: (failure) => setError(serverFieldError(failure)?.message ?? "Not saved"),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Save as template"
      className="flex flex-col gap-2 rounded-xl border border-white/[0.08] bg-white/[0.02] px-4 py-3 sm:flex-row sm:items-center"
    >
      <label htmlFor="giveaway-template-name" className="text-sm font-medium text-stone-200 sm:w-40">
        Save as template
      </label>
      <input
        id="giveaway-template-name"
        className={inputClass}
        placeholder="Template name, e.g. Weekly Nitro"
        maxLength={giveawayTemplateLimits.nameMaxLength}
        value={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "giveaway-template-error" : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      <button type="submit" className={buttonClass("secondary")} disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save template"}
      </button>
      {error && (
        <p id="giveaway-template-error" role="alert" className="text-sm text-red-300 sm:basis-full">
          {error}
        </p>
      )}
    </form>
  );
}
