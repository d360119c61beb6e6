import { type ModerationAction, moderationLimits } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { useConfirm } from "../shared/confirm";
import { serverFieldError } from "../shared/errors";
import { Field, inputClass, SelectBox, textareaClass } from "../shared/form-controls";
import { MemberPicker } from "../shared/pickers/member-picker";
import { useForm } from "../shared/use-form";
import { useModerate } from "./api";
import { ModerationDmPreview } from "./dm-preview";

const actionLabels: Record<ModerationAction, string> = {
  warn: "Warn",
  timeout: "Time out",
  kick: "Kick",
  ban: "Ban",
};

const durationHints: Record<ModerationAction, string | null> = {
  timeout: "Required: 10m, 1h, 1d … up to 28 days. Discord lifts it on its own.",
  ban: "Optional: 12h, 7d, 1w … up to 365 days makes the ban temporary; empty bans for good.",
  warn: null,
  kick: null,
};

/** 0 to 7: how many days of their messages a ban deletes. */
const deleteDayChoices = Array.from({ length: moderationLimits.deleteDaysMax + 1 }, (_, days) => days);

interface Form {
  action: ModerationAction;
  userId: string | null;
  reason: string;
  duration: string;
  deleteDays: string;
}

const empty: Form = { action: "warn", userId: null, reason: "", duration: "", deleteDays: "0" };

/**
 * `/mod warn|timeout|kick|ban` from the dashboard: the same checks (yourself, the owner, the bot,
 * members at or above your highest role or Hearth's are refused), the member picked by name.
 */
export function ModerationActionForm({ serverId }: { serverId: string }) {
  const { form, update, resetIfUnchanged } = useForm<Form>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const moderate = useModerate(serverId);
  const confirm = useConfirm();
  const set = (patch: Partial<Form>) => {
    update(patch);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!form.userId) problems.userId = "Choose the member.";
    if (form.action === "warn" && form.reason.trim() === "") problems.reason = "A warning needs a reason.";
    if (form.action === "timeout" && form.duration.trim() === "")
      problems.duration = "Say how long, e.g. 10m.";
    if (form.reason.length > moderationLimits.reasonMax)
      problems.reason = `At most ${moderationLimits.reasonMax} characters.`;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !form.userId) return;
    if (
      (form.action === "ban" || form.action === "kick") &&
      !(await confirm({
        title: form.action === "ban" ? "Ban this member?" : "Kick this member?",
        body:
          form.action === "ban"
            ? `They are removed and can't rejoin${form.duration.trim() ? ` for ${form.duration.trim()}` : " until unbanned"}.`
            : "They are removed from the server; they can rejoin with an invite.",
        confirmLabel: actionLabels[form.action],
        dismissLabel: "Cancel",
        destructive: true,
      }))
    )
      return;
    moderate.mutate(
      {
        action: form.action,
        userId: form.userId,
        reason: form.reason.trim() || null,
        ...(form.action === "ban" || form.action === "timeout"
          ? { duration: form.duration.trim() || null }
          : {}),
        ...(form.action === "ban" ? { deleteDays: Number(form.deleteDays) } : {}),
      },
      {
        onSuccess: () => resetIfUnchanged(form, { ...empty, action: form.action }),
        onError: (error) => {
          const refusal = serverFieldError(error);
          const field = refusal?.field as keyof Form | undefined;
          if (refusal && field && field in empty) setErrors({ [field]: refusal.message });
        },
      },
    );
  };

  const hint = durationHints[form.action];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Take action" className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-200">Action</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(Object.keys(actionLabels) as ModerationAction[]).map((action) => (
            <label
              key={action}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-white/10 bg-white/5 px-3 py-2 text-sm text-stone-200 has-[:checked]:border-ember-400/60 has-[:checked]:bg-ember-500/15 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ember-400"
            >
              <input
                type="radio"
                name="moderation-action"
                value={action}
                checked={form.action === action}
                onChange={() => set({ action })}
                className="sr-only"
              />
              {actionLabels[action]}
            </label>
          ))}
        </div>
      </fieldset>
      <MemberPicker
        label="Member"
        value={form.userId}
        bots="exclude"
        error={errors.userId}
        onChange={(userId) => set({ userId })}
      />
      <Field
        label="Reason"
        error={errors.reason}
        aside={`${form.reason.length}/${moderationLimits.reasonMax}${form.action === "warn" ? "" : " · optional"}`}
        hint={form.action === "timeout" ? undefined : "Sent to them by DM and kept in the case."}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={textareaClass}
            value={form.reason}
            onChange={(event) => set({ reason: event.target.value })}
          />
        )}
      </Field>
      {hint && (
        <Field label="Duration" error={errors.duration} hint={hint}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              placeholder={form.action === "timeout" ? "10m" : "7d"}
              value={form.duration}
              onChange={(event) => set({ duration: event.target.value })}
            />
          )}
        </Field>
      )}
      {form.action === "ban" && (
        <Field label="Delete their recent messages" error={errors.deleteDays}>
          {(control) => (
            <SelectBox
              {...control}
              value={form.deleteDays}
              onChange={(event) => set({ deleteDays: event.target.value })}
            >
              {deleteDayChoices.map((days) => (
                <option key={days} value={days}>
                  {days === 0 ? "Don't delete any" : `The last ${days} day${days === 1 ? "" : "s"}`}
                </option>
              ))}
            </SelectBox>
          )}
        </Field>
      )}
      <ModerationDmPreview serverId={serverId} form={form} />
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")} disabled={moderate.isPending}>
          {moderate.isPending ? "Working…" : actionLabels[form.action]}
        </button>
      </div>
    </form>
  );
}
