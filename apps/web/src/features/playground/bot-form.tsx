import type { SandboxModal } from "@hearth/core";
import { type FormEvent, useId } from "react";
import { buttonClass } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";

const inputClass =
  "mt-1 w-full rounded-lg border border-white/10 bg-ink-950 px-3 py-2 text-sm text-stone-100 focus:border-ember-400";

/** A form the bot opened (Discord's modal), as a dialog: its text fields, Cancel and Submit. */
export function BotForm({
  modal,
  onClose,
  onSubmit,
}: {
  modal: SandboxModal | null;
  onClose: () => void;
  onSubmit: (fields: Record<string, string>) => void;
}) {
  const titleId = useId();
  const baseId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!modal) return;
    const data = new FormData(event.currentTarget);
    const fields: Record<string, string> = {};
    for (const field of modal.fields) fields[field.customId] = String(data.get(field.customId) ?? "");
    onSubmit(fields);
  };
  return (
    <Dialog open={modal !== null} onClose={onClose} labelledBy={titleId}>
      {modal && (
        <form onSubmit={submit} className="space-y-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold text-stone-50">
            {modal.title}
          </h2>
          {modal.fields.map((field, index) => {
            const id = `${baseId}-${index}`;
            const props = {
              id,
              name: field.customId,
              required: field.required ?? true,
              minLength: field.minLength,
              maxLength: field.maxLength,
              placeholder: field.placeholder,
              defaultValue: field.value,
              className: inputClass,
            };
            return (
              <div key={field.customId}>
                <label htmlFor={id} className="text-xs font-semibold tracking-wide text-stone-200 uppercase">
                  {field.label}
                  {(field.required ?? true) && <span className="text-ember-300"> *</span>}
                </label>
                {field.style === "paragraph" ? (
                  <textarea {...props} rows={4} />
                ) : (
                  <input {...props} type="text" />
                )}
              </div>
            );
          })}
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass("ghost")} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonClass("primary")}>
              Submit
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
