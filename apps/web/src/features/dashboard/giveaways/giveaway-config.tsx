import type { GiveawayConfig, Role } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { Field, inputClass } from "../shared/form-controls";
import { SettingsIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { RoleDot } from "../shared/pickers/role-dot";
import { RoleMultiPicker, RolePicker } from "../shared/pickers/role-pickers";
import { useDraft } from "../shared/use-draft";
import { giveawayConfigQuery, useResetGiveawayConfig, useSaveGiveawayConfig } from "./api";
import {
  addMultiplierRole,
  chosenRoles,
  MULTIPLIER_DEFAULT,
  MULTIPLIER_MAX,
  MULTIPLIER_MIN,
  parseMultiplier,
} from "./config-rules";

const copy = (config: GiveawayConfig): GiveawayConfig => structuredClone(config);

/** Bypass, blacklist and multiplier roles; Save sends the whole configuration, Reset asks first. */
export function GiveawayConfigCard({ serverId, roles }: { serverId: string; roles: readonly Role[] }) {
  const config = useQuery(giveawayConfigQuery(serverId));
  const draft = useDraft(config.data, copy);
  const save = useSaveGiveawayConfig(serverId);
  const reset = useResetGiveawayConfig(serverId);
  const confirm = useConfirm();
  const [roleId, setRoleId] = useState("");
  const [multiplier, setMultiplier] = useState(String(MULTIPLIER_DEFAULT));
  const [multiplierError, setMultiplierError] = useState<string | null>(null);

  const body = () => {
    if (config.isError && !config.data)
      return (
        <PanelError
          message="Failed to load the giveaway configuration."
          onRetry={() => void config.refetch()}
          error={config.error}
        />
      );
    const value = draft.value;
    if (!value) return <PanelLoading label="Loading giveaway configuration" rows={3} />;

    const addMultiplier = () => {
      const parsed = parseMultiplier(multiplier);
      setMultiplierError(parsed.error);
      if (parsed.value === null || !roleId) return;
      draft.update({ multiplierRoles: addMultiplierRole(value.multiplierRoles, roleId, parsed.value) });
      setRoleId("");
      setMultiplier(String(MULTIPLIER_DEFAULT));
    };

    const askReset = async () => {
      const ok = await confirm({
        title: "Reset the giveaway configuration?",
        body: "Every bypass, blacklist and multiplier role is removed.",
        confirmLabel: "Reset",
        destructive: true,
      });
      if (ok) reset.mutate(undefined, { onSuccess: () => draft.reset() });
    };

    return (
      <div className="space-y-5">
        {/* Bypass and blacklist roles are never given, only looked at: every role is offered. */}
        <RoleMultiPicker
          label="Bypass roles"
          hint="Holders skip the entry requirements."
          allowUnsafe
          value={value.bypassRoles}
          exclude={chosenRoles(value, "bypassRoles")}
          onChange={(bypassRoles) => draft.update({ bypassRoles })}
        />
        <RoleMultiPicker
          label="Blacklist roles"
          hint="Holders can't enter. Wins over a bypass role."
          allowUnsafe
          value={value.blacklistRoles}
          exclude={chosenRoles(value, "blacklistRoles")}
          onChange={(blacklistRoles) => draft.update({ blacklistRoles })}
        />
        <div className="space-y-3">
          <p className="text-sm font-medium text-stone-200">Multiplier roles</p>
          {value.multiplierRoles.length > 0 && (
            <ul
              aria-label="Multiplier roles"
              className="divide-y divide-white/[0.06] rounded-xl border border-white/[0.08]"
            >
              {value.multiplierRoles.map((entry) => {
                const role = roles.find((candidate) => candidate.id === entry.roleId);
                return (
                  <li key={entry.roleId} className="flex items-center gap-3 px-3 py-2 text-sm">
                    <RoleDot color={role?.color ?? 0} />
                    <span className="flex-1 text-stone-100">
                      {role?.name ?? `Unknown role (${entry.roleId.slice(-4)})`}
                    </span>
                    <span className="rounded-md bg-ember-500/10 px-2 py-0.5 font-semibold text-ember-200 tabular-nums">
                      ×{entry.multiplier}
                    </span>
                    <button
                      type="button"
                      aria-label={`Remove multiplier role ${role?.name ?? entry.roleId}`}
                      className="rounded-md px-2 py-1 text-stone-400 hover:bg-white/5 hover:text-stone-100"
                      onClick={() =>
                        draft.update({
                          multiplierRoles: value.multiplierRoles.filter(
                            (item) => item.roleId !== entry.roleId,
                          ),
                        })
                      }
                    >
                      Remove
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {/* The role takes the card's width (a name needs room); entries and Add share the row below. */}
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3">
            {/* A role on the bypass or blacklist isn't offered; one already multiplied gets its new count. */}
            <div className="col-span-2">
              <RolePicker
                label="Role"
                allowUnsafe
                exclude={chosenRoles(value, "multiplierRoles")}
                value={roleId || null}
                onChange={(id) => setRoleId(id ?? "")}
              />
            </div>
            <Field label="Entries" error={multiplierError}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={MULTIPLIER_MIN}
                  max={MULTIPLIER_MAX}
                  step={1}
                  className={inputClass}
                  value={multiplier}
                  onChange={(event) => {
                    setMultiplier(event.target.value);
                    setMultiplierError(null);
                  }}
                />
              )}
            </Field>
            <button
              type="button"
              className={cn(buttonClass("secondary"), "mt-7")}
              disabled={!roleId || !(Number(multiplier) > 0)}
              onClick={addMultiplier}
            >
              Add
            </button>
          </div>
          <p className="text-xs text-stone-400">
            A holder gets this many entries instead of 1 ({MULTIPLIER_MIN} to {MULTIPLIER_MAX}); adding a role
            again replaces its multiplier.
          </p>
        </div>
        <div className="flex flex-wrap justify-between gap-2 border-t border-white/[0.06] pt-4">
          <button
            type="button"
            className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={reset.isPending}
            onClick={() => void askReset()}
          >
            Reset
          </button>
          <div className="flex gap-2">
            {draft.dirty && (
              <button type="button" className={buttonClass("secondary", "sm")} onClick={draft.reset}>
                Discard
              </button>
            )}
            <button
              type="button"
              className={buttonClass("primary", "sm")}
              disabled={!draft.dirty || save.isPending}
              onClick={() => save.mutate(value, { onSuccess: draft.reset })}
            >
              {save.isPending ? "Saving…" : "Save Configuration"}
            </button>
          </div>
        </div>
      </div>
    );
  };

  return (
    <Card
      title="Configuration"
      description="Roles that change who can enter and how often."
      icon={<SettingsIcon />}
    >
      {body()}
    </Card>
  );
}
