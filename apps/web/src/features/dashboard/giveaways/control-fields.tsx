import type { FieldErrors } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import type { DurationUnit, GiveawayForm } from "./create-form";

type ControlKeys = "claimAmount" | "claimUnit" | "maxEntries" | "reminderAmount" | "reminderUnit";

/** An optional amount with its unit (minutes, hours, days); empty means "none". */
function AmountWithUnit({
  label,
  hint,
  error,
  amount,
  unit,
  unitLabel,
  onAmount,
  onUnit,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  amount: string;
  unit: DurationUnit;
  unitLabel: string;
  onAmount: (value: string) => void;
  onUnit: (value: DurationUnit) => void;
}) {
  return (
    <Field label={label} aside="optional" hint={hint} error={error}>
      {(control) => (
        <div className="grid grid-cols-2 gap-2">
          <input
            {...control}
            type="number"
            min={1}
            step={1}
            placeholder="None"
            className={inputClass}
            value={amount}
            onChange={(event) => onAmount(event.target.value)}
          />
          <SelectBox
            aria-label={unitLabel}
            value={unit}
            onChange={(event) => onUnit(event.target.value as DurationUnit)}
          >
            <option value="minutes">minutes</option>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </SelectBox>
        </div>
      )}
    </Field>
  );
}

/**
 * The create form's claims and control: a claim window (winners press Claim in time or the win is
 * drawn again), end after N entries, and a "last chance" reminder before the end.
 */
export function ControlFields({
  form,
  errors,
  set,
}: {
  form: Pick<GiveawayForm, ControlKeys>;
  errors: FieldErrors;
  set: (patch: Partial<Pick<GiveawayForm, ControlKeys>>) => void;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-stone-200">Claims and control</legend>
      <AmountWithUnit
        label="Claim window"
        hint="Winners press Claim within this, or the prize is drawn again (10 min to 7 days)."
        error={errors.claimWindow}
        amount={form.claimAmount}
        unit={form.claimUnit}
        unitLabel="Claim window unit"
        onAmount={(claimAmount) => set({ claimAmount })}
        onUnit={(claimUnit) => set({ claimUnit })}
      />
      <Field
        label="End after entries"
        aside="optional"
        hint="It ends the moment this many have entered."
        error={errors.maxEntries}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            min={1}
            max={1_000_000}
            step={1}
            placeholder="No limit"
            className={inputClass}
            value={form.maxEntries}
            onChange={(event) => set({ maxEntries: event.target.value })}
          />
        )}
      </Field>
      <AmountWithUnit
        label="Last-chance reminder"
        hint="Posted in the giveaway's channel this long before the end."
        error={errors.reminderBefore}
        amount={form.reminderAmount}
        unit={form.reminderUnit}
        unitLabel="Reminder unit"
        onAmount={(reminderAmount) => set({ reminderAmount })}
        onUnit={(reminderUnit) => set({ reminderUnit })}
      />
    </fieldset>
  );
}
