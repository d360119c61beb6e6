import { newTierBody, type Role, type ServerSetup } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { useConfirm } from "../shared/confirm";
import { type FieldErrors, issuesToFieldErrors, serverFieldError } from "../shared/errors";
import { Field, inputClass } from "../shared/form-controls";
import { abbreviate, formatAmount } from "../shared/format";
import { PlusIcon, TrashIcon } from "../shared/icons";
import { EmptyState } from "../shared/panel-state";
import { RoleDot } from "../shared/pickers/role-dot";
import { RolePicker } from "../shared/pickers/role-pickers";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useForm } from "../shared/use-form";
import { useAddTier, useEditTier, useRemoveTier } from "./api";
import { canAddTier, type NewTierForm } from "./setup-form";

const emptyTier: NewTierForm = { tierName: "", tierPayment: "", tierRoleId: "" };

interface Props {
  serverId: string;
  setup: ServerSetup;
  roles: readonly Role[];
  /** Roles never offered (integration-managed ones). */
  exclude: ReadonlySet<string>;
  /** Grinders per tier name (lower case), so a tier in use is visible before removing it. */
  grinderCounts: ReadonlyMap<string, number>;
  periodLabel: string;
}

export function TierManager({ serverId, setup, roles, exclude, grinderCounts, periodLabel }: Props) {
  const { form, update, resetIfUnchanged } = useForm<NewTierForm>(emptyTier);
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddTier(serverId);
  const remove = useRemoveTier(serverId);
  const change = useEditTier(serverId);
  const confirm = useConfirm();
  // The tier being edited in place: its payment (as typed) and role.
  const [editing, setEditing] = useState<{ tier: string; payment: string; roleId: string } | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  useUnsavedChanges(editing !== null);

  const saveEdit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    if (!editing.payment.trim() || !editing.roleId) {
      setEditError(!editing.roleId ? "Choose a role" : "Enter a payment");
      return;
    }
    change.mutate(editing, {
      onSuccess: () => setEditing(null),
      onError: (error) => setEditError(serverFieldError(error)?.message ?? null),
    });
  };

  const set = (patch: Partial<NewTierForm>) => {
    update(patch);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newTierBody.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    add.mutate(form, {
      onSuccess: () => resetIfUnchanged(form, emptyTier),
      onError: (error) => {
        const refusal = serverFieldError(error);
        if (refusal?.field) setErrors({ [refusal.field]: refusal.message });
      },
    });
  };

  const askRemove = async (tier: string) => {
    const members = grinderCounts.get(tier.toLowerCase()) ?? 0;
    const ok = await confirm({
      title: `Remove the ${tier} tier?`,
      body:
        members > 0
          ? `${members} grinder${members === 1 ? " is" : "s are"} on ${tier}. Move or remove them first; the server refuses to remove a tier in use.`
          : `Grinders can no longer be hired on ${tier}. Its role stays in your server.`,
      confirmLabel: "Remove tier",
      destructive: true,
    });
    if (ok) remove.mutate(tier);
  };

  return (
    <div className="space-y-6">
      {setup.tiers.length === 0 ? (
        <EmptyState title="No tiers yet">
          Add a tier below: a name, what it pays {periodLabel} and its role.
        </EmptyState>
      ) : (
        <ul aria-label="Tiers" className="divide-y divide-white/[0.06] rounded-xl border border-white/[0.08]">
          {setup.tiers.map((tier, index) => {
            const role = roles.find((candidate) => candidate.id === setup.tierRoles[tier]);
            const members = grinderCounts.get(tier.toLowerCase()) ?? 0;
            if (editing?.tier === tier) {
              return (
                <li key={tier} className="px-4 py-3">
                  <form
                    onSubmit={saveEdit}
                    noValidate
                    aria-label={`Edit tier ${tier}`}
                    className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-start"
                  >
                    <Field
                      label={`${tier}: payment`}
                      error={editError ?? undefined}
                      hint="250000, 250k or 1.5m"
                    >
                      {(control) => (
                        <input
                          {...control}
                          className={inputClass}
                          inputMode="decimal"
                          value={editing.payment}
                          onChange={(event) => {
                            setEditing({ ...editing, payment: event.target.value });
                            setEditError(null);
                          }}
                        />
                      )}
                    </Field>
                    {/* A tier's role is given by Hearth: roles the role-safety rule refuses show disabled. */}
                    <RolePicker
                      label={`${tier}: role`}
                      placeholder="Select a role"
                      required
                      exclude={exclude}
                      value={editing.roleId || null}
                      onChange={(roleId) => {
                        setEditing({ ...editing, roleId: roleId ?? "" });
                        setEditError(null);
                      }}
                    />
                    <div className="flex gap-2 md:mt-7">
                      <button
                        type="submit"
                        className={buttonClass("primary", "sm")}
                        disabled={change.isPending}
                      >
                        {change.isPending ? "Saving…" : "Save tier"}
                      </button>
                      <button
                        type="button"
                        className={buttonClass("ghost", "sm")}
                        onClick={() => setEditing(null)}
                      >
                        Cancel
                      </button>
                    </div>
                  </form>
                </li>
              );
            }
            return (
              <li key={tier} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-stone-100">{tier}</p>
                  <p className="mt-0.5 flex items-center gap-1.5 text-sm text-stone-400">
                    {role ? <RoleDot color={role.color} /> : null}
                    {role ? `@${role.name}` : "Role missing"} · {members} grinder{members === 1 ? "" : "s"}
                  </p>
                  {role?.unsafeReason && (
                    <p className="mt-1 text-sm text-amber-200">
                      ⚠ Hearth won't give @{role.name}: {role.unsafeReason}. Pick another role for this tier.
                    </p>
                  )}
                </div>
                <p className="text-right tabular-nums">
                  <span
                    className="font-semibold text-stone-100"
                    title={formatAmount(setup.payments[index] ?? 0)}
                  >
                    {abbreviate(setup.payments[index] ?? 0)}
                  </span>
                  <span className="block text-xs text-stone-400">{periodLabel}</span>
                </p>
                <button
                  type="button"
                  onClick={() => {
                    setEditError(null);
                    setEditing({
                      tier,
                      payment: String(setup.payments[index] ?? ""),
                      roleId: setup.tierRoles[tier] ?? "",
                    });
                  }}
                  aria-label={`Edit tier ${tier}`}
                  className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-white/10 bg-white/5 px-2.5 text-sm font-medium text-stone-200 hover:border-ember-400/40 hover:text-ember-100 sm:px-3"
                >
                  <span className="max-sm:sr-only">Edit</span>
                  <span aria-hidden="true" className="sm:hidden">
                    ✎
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => void askRemove(tier)}
                  disabled={remove.isPending}
                  aria-label={`Remove tier ${tier}`}
                  className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-white/10 bg-white/5 px-2.5 text-sm sm:px-3 font-medium text-stone-200 hover:border-red-400/40 hover:text-red-200"
                >
                  <TrashIcon className="size-4" />
                  <span className="max-sm:sr-only">Remove</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <form
        onSubmit={submit}
        noValidate
        aria-label="Add tier"
        className="grid gap-4 md:grid-cols-[1fr_1fr_1fr_auto] md:items-start"
      >
        <Field label="Tier name" error={errors.tierName}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              placeholder="e.g. Platinum"
              maxLength={50}
              value={form.tierName}
              onChange={(event) => set({ tierName: event.target.value })}
            />
          )}
        </Field>
        <Field label="Payment" error={errors.tierPayment} hint="250000, 250k or 1.5m">
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="decimal"
              placeholder="e.g. 5m"
              value={form.tierPayment}
              onChange={(event) => set({ tierPayment: event.target.value })}
            />
          )}
        </Field>
        <RolePicker
          label="Tier role"
          placeholder="Select a role"
          error={errors.tierRoleId}
          exclude={exclude}
          value={form.tierRoleId || null}
          onChange={(tierRoleId) => set({ tierRoleId: tierRoleId ?? "" })}
        />
        <button
          type="submit"
          disabled={!canAddTier(form) || add.isPending}
          className={`${buttonClass("primary")} md:mt-7`}
        >
          <PlusIcon className="size-4" />
          {add.isPending ? "Adding…" : "Add Tier"}
        </button>
      </form>
    </div>
  );
}
