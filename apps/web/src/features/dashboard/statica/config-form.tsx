import {
  relevantRoleCategories,
  type StaticaConfig,
  type StaticaServerRole,
  staticaLimits,
  staticaLogEvents,
  staticaTypes,
} from "@hearth/core";
import { type ReactNode, useId } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { SubHeading } from "../shared/card";
import { Field, SelectBox } from "../shared/form-controls";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { RoleMultiPicker } from "../shared/pickers/role-pickers";
import { Switch } from "../shared/switch";
import { KeywordList } from "./keyword-list";
import { settingLabels, typeLabels } from "./labels";
import { categoryLabels, configWarnings, rewardRefusal } from "./rules";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-white/[0.06] pt-5 first:border-0 first:pt-0">
      <legend className="contents">
        <SubHeading>{title}</SubHeading>
      </legend>
      {children}
    </fieldset>
  );
}

interface ConfigFormProps {
  value: StaticaConfig;
  onChange: (config: StaticaConfig) => void;
  roles: readonly StaticaServerRole[];
  saving: boolean;
  isNew: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** The rewards editor: detection, conditions, reward roles, behaviour and logging. */
export function ConfigForm({ value, onChange, roles, saving, isNew, onSave, onCancel }: ConfigFormProps) {
  const typeName = useId();
  const { conditions } = value;
  const combined = value.type === "combined";
  const usesTag = value.type === "server_tag" || combined;
  const usesStatus = value.type === "status" || combined;
  const set = (patch: Partial<StaticaConfig>) => onChange({ ...value, ...patch });
  const setTag = (patch: Partial<StaticaConfig["conditions"]["serverTag"]>) =>
    set({ conditions: { ...conditions, serverTag: { ...conditions.serverTag, ...patch } } });
  const setStatus = (patch: Partial<StaticaConfig["conditions"]["status"]>) =>
    set({ conditions: { ...conditions, status: { ...conditions.status, ...patch } } });
  const refuse = rewardRefusal(roles);
  const warnings = configWarnings(value);

  return (
    <form
      noValidate
      aria-label="Rewards configuration"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      className="space-y-6"
    >
      {warnings.length > 0 && (
        <ul className="space-y-1 rounded-xl border border-amber-400/30 bg-amber-400/5 px-4 py-3 text-sm text-amber-100">
          {warnings.map((warning) => (
            <li key={warning}>⚠ {warning}</li>
          ))}
        </ul>
      )}

      <Section title="Detection type">
        <div role="radiogroup" aria-label="Detection type" className="grid gap-2 sm:grid-cols-3">
          {staticaTypes.map((type) => (
            <label
              key={type}
              className={cn(
                "flex cursor-pointer flex-col rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ember-300",
                value.type === type
                  ? "border-ember-400/60 bg-ember-500/10"
                  : "border-white/10 bg-white/[0.02] hover:border-white/20",
              )}
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-stone-100">
                <input
                  type="radio"
                  name={typeName}
                  value={type}
                  checked={value.type === type}
                  onChange={() => set({ type })}
                  className="accent-ember-500"
                />
                {typeLabels[type].label}
              </span>
              <span className="mt-1 text-xs text-stone-400">{typeLabels[type].description}</span>
            </label>
          ))}
        </div>
        {combined && (
          <Field label="Members qualify with">
            {(control) => (
              <SelectBox
                {...control}
                value={conditions.combination}
                onChange={(event) =>
                  set({ conditions: { ...conditions, combination: event.target.value as "OR" | "AND" } })
                }
              >
                <option value="OR">Either condition (OR)</option>
                <option value="AND">Both conditions (AND)</option>
              </SelectBox>
            )}
          </Field>
        )}
      </Section>

      {usesTag && (
        <Section title="Server tag">
          {combined && (
            <Switch
              label="Use the server tag condition"
              checked={conditions.serverTag.enabled}
              onChange={(enabled) => setTag({ enabled })}
            />
          )}
          <Switch
            label="Only this server's tag"
            description="Otherwise partner servers' tags count too."
            checked={conditions.serverTag.requireOwnServer}
            onChange={(requireOwnServer) => setTag({ requireOwnServer })}
          />
          <Switch
            label="Require the tag badge"
            checked={conditions.serverTag.requireBadge}
            onChange={(requireBadge) => setTag({ requireBadge })}
          />
        </Section>
      )}

      {usesStatus && (
        <Section title="Status keywords">
          {combined && (
            <Switch
              label="Use the status condition"
              checked={conditions.status.enabled}
              onChange={(enabled) => setStatus({ enabled })}
            />
          )}
          <KeywordList
            keywords={conditions.status.keywords}
            caseSensitive={conditions.status.caseSensitive}
            onChange={(keywords) => setStatus({ keywords })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Match">
              {(control) => (
                <SelectBox
                  {...control}
                  value={conditions.status.matchType}
                  onChange={(event) => setStatus({ matchType: event.target.value as "any" | "all" })}
                >
                  <option value="any">Any keyword</option>
                  <option value="all">All keywords</option>
                </SelectBox>
              )}
            </Field>
          </div>
          <Switch
            label="Case-sensitive"
            checked={conditions.status.caseSensitive}
            onChange={(caseSensitive) => setStatus({ caseSensitive })}
          />
          <Switch
            label="Look at the custom status"
            checked={conditions.status.includeCustomStatus}
            onChange={(includeCustomStatus) => setStatus({ includeCustomStatus })}
          />
          <Switch
            label="Look at activities"
            description="Game names, details and state."
            checked={conditions.status.includeActivity}
            onChange={(includeActivity) => setStatus({ includeActivity })}
          />
        </Section>
      )}

      <Section title="Reward roles">
        {relevantRoleCategories(value).map((category) => (
          <RoleMultiPicker
            key={category}
            label={categoryLabels[category]}
            refuse={refuse}
            value={value.roleConfig[category]}
            max={staticaLimits.rolesPerCategory}
            onChange={(ids) => set({ roleConfig: { ...value.roleConfig, [category]: ids } })}
          />
        ))}
      </Section>

      <Section title="Behaviour">
        {(Object.keys(settingLabels) as (keyof StaticaConfig["settings"])[])
          .filter((key) => key !== "separateRoles" || combined)
          .map((key) => (
            <Switch
              key={key}
              label={settingLabels[key].label}
              description={settingLabels[key].description}
              checked={value.settings[key]}
              onChange={(next) => set({ settings: { ...value.settings, [key]: next } })}
            />
          ))}
      </Section>

      <Section title="Logging">
        <Switch
          label="Log reward changes"
          checked={value.logging.enabled}
          onChange={(enabled) => set({ logging: { ...value.logging, enabled } })}
        />
        {value.logging.enabled && (
          <>
            <ChannelPicker
              label="Log channel"
              placeholder="Select a channel"
              value={value.logging.channel}
              onChange={(channel) => set({ logging: { ...value.logging, channel } })}
            />
            <div className="grid gap-2 sm:grid-cols-2">
              {staticaLogEvents.map((event) => (
                <label key={event} className="flex items-center gap-2 text-sm text-stone-200">
                  <input
                    type="checkbox"
                    className="size-4 accent-ember-500"
                    checked={value.logging.events[event]}
                    onChange={(change) =>
                      set({
                        logging: {
                          ...value.logging,
                          events: { ...value.logging.events, [event]: change.target.checked },
                        },
                      })
                    }
                  />
                  {event}
                </label>
              ))}
            </div>
          </>
        )}
      </Section>

      <div className="flex justify-end gap-2 border-t border-white/[0.06] pt-5">
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass("primary", "sm")} disabled={saving}>
          {saving ? "Saving…" : isNew ? "Create Configuration" : "Save Changes"}
        </button>
      </div>
    </form>
  );
}
