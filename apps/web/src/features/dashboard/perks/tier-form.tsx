import type { PerksOverview, PerkTierItem } from "@hearth/core";
import { perkTierRules } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass } from "../shared/form-controls";
import { RolePicker } from "../shared/pickers/role-pickers";
import { Switch } from "../shared/switch";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useCreateTier, useEditTier } from "./api";

interface TierDraft {
  name: string;
  roleId: string | null;
  emojis: string;
  channelMembers: string;
  roleMembers: string;
  responders: string;
  highlights: boolean;
  afk: boolean;
}

const newTier: TierDraft = {
  name: "",
  roleId: null,
  emojis: "0",
  channelMembers: "0",
  roleMembers: "0",
  responders: "0",
  highlights: true,
  afk: true,
};

const draftOf = (tier: PerkTierItem): TierDraft => ({
  name: tier.name,
  roleId: tier.roleId,
  emojis: String(tier.emojis),
  channelMembers: String(tier.channelMembers),
  roleMembers: String(tier.roleMembers),
  responders: String(tier.responders),
  highlights: tier.highlights,
  afk: tier.afk,
});

const counts = [
  { key: "emojis", label: "Auto-reaction emojis", max: perkTierRules.maxEmojis, hint: "0 turns it off." },
  {
    key: "channelMembers",
    label: "Private channel members",
    max: perkTierRules.maxMembers,
    hint: "0: no private channel.",
  },
  {
    key: "roleMembers",
    label: "Private role members",
    max: perkTierRules.maxMembers,
    hint: "0: no private role.",
  },
  { key: "responders", label: "Auto-responders", max: perkTierRules.maxResponders, hint: "0 turns it off." },
] as const;

function validate(draft: TierDraft): FieldErrors {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === "") errors.name = "Give the tier a name.";
  else if (name.length > perkTierRules.nameMax) errors.name = `At most ${perkTierRules.nameMax} characters.`;
  if (!draft.roleId) errors.roleId = "Pick the role whose members get these perks.";
  for (const { key, max } of counts) {
    const value = Number(draft[key]);
    if (!Number.isInteger(value) || value < 0 || value > max)
      errors[key] = `A whole number from 0 to ${max}.`;
  }
  return errors;
}

/** Creates a perk tier, or edits one (`editing`): the role it follows and what its members may use. */
export function TierForm({
  serverId,
  overview,
  editing,
  onDone,
}: {
  serverId: string;
  overview: PerksOverview;
  editing: PerkTierItem | null;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<TierDraft>(editing ? draftOf(editing) : newTier);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTier(serverId);
  const edit = useEditTier(serverId);
  const { can } = usePermission();
  const allowed = can("admin");
  const full = !editing && overview.tiers.length >= overview.limits.maxPerServer;
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(editing ? draftOf(editing) : newTier));
  // A role already linked to another tier can't be linked twice (the command refuses it too).
  const taken = new Set(overview.tiers.filter((tier) => tier.id !== editing?.id).map((tier) => tier.roleId));
  const set = (patch: Partial<TierDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !draft.roleId) return;
    const body = {
      name: draft.name.trim(),
      roleId: draft.roleId,
      emojis: Number(draft.emojis),
      channelMembers: Number(draft.channelMembers),
      roleMembers: Number(draft.roleMembers),
      responders: Number(draft.responders),
      highlights: draft.highlights,
      afk: draft.afk,
    };
    if (editing) edit.mutate({ id: editing.id, ...body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: () => setDraft(newTier) });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit perk tier ${editing.name}` : "Create perk tier"}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Tier name" error={errors.name} aside={`${draft.name.length}/${perkTierRules.nameMax}`}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={perkTierRules.nameMax}
              placeholder="VIP"
              value={draft.name}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </Field>
        <RolePicker
          label="Role"
          value={draft.roleId}
          onChange={(roleId) => set({ roleId })}
          error={errors.roleId}
          hint="Members holding this role get the tier's perks."
          allowUnsafe
          exclude={taken}
          required
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {counts.map(({ key, label, max, hint }) => (
          <Field key={key} label={label} error={errors[key]} hint={`${hint} At most ${max}.`}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={max}
                className={cn(inputClass, "max-w-32")}
                value={draft[key]}
                onChange={(event) => set({ [key]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <div className="space-y-3">
        <Switch
          label="Highlights"
          description="Members get a DM when someone says one of their keywords."
          checked={draft.highlights}
          onChange={(highlights) => set({ highlights })}
        />
        <Switch
          label="AFK note"
          description="Members can set /afk; Hearth answers those who mention them."
          checked={draft.afk}
          onChange={(afk) => set({ afk })}
        />
      </div>
      {full && (
        <p role="note" className="text-sm text-amber-200">
          This server has {overview.limits.maxPerServer} perk tiers, the most it may have: delete one first.
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {editing && (
          <button type="button" className={buttonClass("ghost")} onClick={onDone}>
            Cancel edit
          </button>
        )}
        <button
          type="submit"
          className={buttonClass("primary")}
          disabled={create.isPending || edit.isPending || full || !allowed}
          title={allowed ? undefined : "Changing perk tiers needs the admin permission"}
        >
          {create.isPending || edit.isPending ? "Saving…" : editing ? "Save tier" : "Create tier"}
        </button>
      </div>
    </form>
  );
}
