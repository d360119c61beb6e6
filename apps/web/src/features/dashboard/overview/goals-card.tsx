import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { Card } from "../shared/card";
import { Field, inputClass } from "../shared/form-controls";
import { abbreviate, formatAmount } from "../shared/format";
import { TargetIcon } from "../shared/icons";
import { ProgressBar } from "../shared/stat-card";
import {
  ACTIVITY_GOAL_MAX,
  type GoalField,
  goalFields,
  goalProgress,
  loadGoals,
  parseGoalInput,
  type ServerGoals,
  saveGoals,
} from "./goals";

const labels: Record<GoalField, string> = {
  revenue: "Revenue",
  grinders: "Grinders",
  members: "Members",
  paidGrinders: "Paid grinders",
  activity: "Activity (%)",
};

function show(field: GoalField, value: number): string {
  if (field === "activity") return `${value}%`;
  return field === "revenue" ? abbreviate(value) : formatAmount(value);
}

/** Goals: shown as progress; 'Edit Goals' → inputs; Save writes local storage, Cancel restores. */
export function GoalsCard({ current }: { current: ServerGoals }) {
  const [goals, setGoals] = useState<ServerGoals>(() => loadGoals());
  const [draft, setDraft] = useState<Record<GoalField, string> | null>(null);

  const edit = () =>
    setDraft(
      Object.fromEntries(goalFields.map((field) => [field, String(goals[field])])) as Record<
        GoalField,
        string
      >,
    );

  const save = () => {
    if (!draft) return;
    const next = Object.fromEntries(
      goalFields.map((field) => [field, parseGoalInput(field, draft[field])]),
    ) as unknown as ServerGoals;
    saveGoals(next);
    setGoals(next);
    setDraft(null);
  };

  return (
    <Card
      title="Goals"
      description="Targets for your server, saved in this browser."
      icon={<TargetIcon />}
      actions={
        draft ? null : (
          <button type="button" className={buttonClass("secondary", "sm")} onClick={edit}>
            Edit Goals
          </button>
        )
      }
    >
      {draft ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
          className="space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {goalFields.map((field) => (
              <Field
                key={field}
                label={labels[field]}
                hint={
                  field === "activity"
                    ? `Percent of grinders not on a break, at most ${ACTIVITY_GOAL_MAX}.`
                    : undefined
                }
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={field === "activity" ? ACTIVITY_GOAL_MAX : undefined}
                    step={1}
                    value={draft[field]}
                    onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                    className={inputClass}
                  />
                )}
              </Field>
            ))}
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setDraft(null)}>
              Cancel
            </button>
            <button type="submit" className={buttonClass("primary", "sm")}>
              Save
            </button>
          </div>
        </form>
      ) : (
        <div className="space-y-4">
          {goalFields.map((field) => (
            <ProgressBar
              key={field}
              label={labels[field].replace(" (%)", "")}
              percent={goalProgress(current[field], goals[field])}
              tone={goalProgress(current[field], goals[field]) >= 100 ? "green" : "ember"}
              detail={
                goals[field] > 0
                  ? `${show(field, current[field])} / ${show(field, goals[field])}`
                  : "No goal set"
              }
            />
          ))}
        </div>
      )}
    </Card>
  );
}
