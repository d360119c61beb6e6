import type { ServerSettings } from "@hearth/core";
import { type KeyboardEvent, useEffect, useState } from "react";
import { RequirePermission } from "../session/permission";
import { Card } from "../shared/card";
import { Field, inputClass } from "../shared/form-controls";
import { ShieldIcon } from "../shared/icons";
import { MemberPicker } from "../shared/pickers/member-picker";
import { Switch } from "../shared/switch";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useEditSettings } from "./api";
import {
  antiPoolToggle,
  parseTriggerLimit,
  poolManagerChange,
  TRIGGER_LIMIT_MAX,
  TRIGGER_LIMIT_MIN,
} from "./rules";

const commitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === "Enter") {
    event.preventDefault();
    event.currentTarget.blur();
  }
};

/**
 * Anti-pool protection and the member trigger limit. The pool manager is picked by name and saved
 * as soon as it is chosen (or cleared); the limit saves on blur or Enter.
 */
export function SecurityCard({ settings, serverId }: { settings: ServerSettings; serverId: string }) {
  const edit = useEditSettings(serverId);
  const savedPoolId = settings.antiPoolShow.poolManagerId;
  // The choice on its way to the server, shown until the save lands (or is refused and undone).
  const [poolId, setPoolId] = useState<string | null>(savedPoolId);
  const [poolError, setPoolError] = useState<string | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [limit, setLimit] = useState(String(settings.memberTriggerLimit));
  const [limitError, setLimitError] = useState<string | null>(null);

  // A limit typed but not saved (a save on blur is on its way, or it was refused) is unsaved.
  useUnsavedChanges(!edit.isPending && limit.trim() !== String(settings.memberTriggerLimit));

  // Follow the server when it changes underneath (refresh, another tab).
  useEffect(() => setPoolId(savedPoolId), [savedPoolId]);
  useEffect(() => setLimit(String(settings.memberTriggerLimit)), [settings.memberTriggerLimit]);

  const savePoolId = (id: string | null) => {
    const { body, error } = poolManagerChange(id ?? "", savedPoolId);
    setPoolError(error);
    if (body) {
      setPoolId(id);
      setToggleError(null);
      edit.mutate(body, { onError: () => setPoolId(savedPoolId) });
    }
  };

  const switchProtection = (next: boolean) => {
    const { body, error } = antiPoolToggle(next, savedPoolId);
    setToggleError(error);
    if (body) edit.mutate(body);
  };

  const saveLimit = () => {
    const { value, error } = parseTriggerLimit(limit);
    setLimitError(error);
    setLimit(String(value));
    if (!error && value !== settings.memberTriggerLimit) edit.mutate({ memberTriggerLimit: value });
  };

  return (
    <Card title="Security & Utilities" icon={<ShieldIcon />}>
      <div className="space-y-5">
        <div className="space-y-3">
          <Switch
            label="Anti-Pool Protection"
            description="Stops members from pooling event winnings to one account."
            checked={settings.antiPoolShow.toggle}
            onChange={switchProtection}
          />
          {toggleError && (
            <p
              role="alert"
              className="rounded-lg border border-amber-400/30 bg-amber-400/10 px-3 py-2 text-sm text-amber-100"
            >
              {toggleError}
            </p>
          )}
          <MemberPicker
            label="Pool Manager ID"
            value={poolId}
            onChange={savePoolId}
            bots="exclude"
            error={poolError}
            placeholder="Search by name, or paste a user ID…"
            hint="The member who approves pooled winnings. Choosing one turns protection on; clearing it turns protection off. Saved as soon as you choose."
          />
        </div>
        <div className="border-t border-white/[0.06] pt-5">
          <RequirePermission required="admin" what="The member trigger limit">
            <Field
              label="Member trigger limit"
              error={limitError}
              hint={`How many triggers one member may set up, ${TRIGGER_LIMIT_MIN} to ${TRIGGER_LIMIT_MAX}. Saved when you leave the field or press Enter.`}
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={TRIGGER_LIMIT_MIN}
                  max={TRIGGER_LIMIT_MAX}
                  step={1}
                  className={`${inputClass} max-w-40`}
                  value={limit}
                  onChange={(event) => {
                    setLimit(event.target.value);
                    setLimitError(null);
                  }}
                  onBlur={saveLimit}
                  onKeyDown={commitOnEnter}
                />
              )}
            </Field>
          </RequirePermission>
        </div>
      </div>
    </Card>
  );
}
