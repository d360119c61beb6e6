import {
  type PaymentPeriod,
  paymentPeriods,
  type TierSwitchCooldown,
  tierSwitchCooldowns,
} from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { useDashboardSession } from "../session/session-context";
import { assignableRoles, grindersQuery, rolesQuery, setupQuery } from "../shared/api";
import { Card } from "../shared/card";
import { type FieldErrors, serverFieldError } from "../shared/errors";
import { Field, SelectBox } from "../shared/form-controls";
import { perPeriod } from "../shared/format";
import { CoinsIcon, GiftIcon, ServerIcon, SettingsIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { RolePicker } from "../shared/pickers/role-pickers";
import { Switch } from "../shared/switch";
import type { TabProps } from "../shared/tab-props";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDraft } from "../shared/use-draft";
import { useSaveSetup } from "./api";
import {
  cooldownLabels,
  formToSetupBody,
  periodLabels,
  type SetupForm,
  setupFieldOf,
  setupToForm,
} from "./setup-form";
import { TierManager } from "./tier-manager";
import { UnsafeRolesWarning, unsafeSetupRoles } from "./unsafe-roles";

export function SetupTab(_props: TabProps) {
  const { serverId } = useDashboardSession();
  const setup = useQuery(setupQuery(serverId));
  const roles = useQuery(rolesQuery(serverId));
  const grinders = useQuery(grindersQuery(serverId));
  const form = useDraft(setup.data, setupToForm);
  useUnsavedChanges(form.dirty);
  const save = useSaveSetup(serverId);
  const [errors, setErrors] = useState<FieldErrors>({});

  const grinderCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const grinder of grinders.data ?? [])
      counts.set(grinder.tier.toLowerCase(), (counts.get(grinder.tier.toLowerCase()) ?? 0) + 1);
    return counts;
  }, [grinders.data]);

  if (setup.isError && !setup.data)
    return (
      <PanelError
        message="Failed to load the server setup."
        onRetry={() => void setup.refetch()}
        error={setup.error}
      />
    );
  if (!setup.data || !form.value) return <PanelLoading label="Loading setup" rows={6} />;

  const value = form.value;
  const pickableRoles = assignableRoles(roles.data);
  const set = (patch: Partial<SetupForm>) => {
    form.update(patch);
    setErrors({});
  };
  const saveAll = () =>
    save.mutate(formToSetupBody(value), {
      onSuccess: () => form.reset(),
      onError: (error) => {
        const refusal = serverFieldError(error);
        const field = refusal?.field ? setupFieldOf(refusal.field) : null;
        if (field && refusal) setErrors({ [field]: refusal.message });
      },
    });

  // Roles an integration manages (bots, boosts) are never offered, as before the pickers.
  const managed = new Set(
    (roles.data ?? []).filter((role) => !pickableRoles.includes(role)).map((role) => role.id),
  );
  const idOf = (key: keyof SetupForm) => String(value[key]) || null;
  // A role Hearth gives (the grinder base role) can't be one the role-safety rule refuses; the
  // others only name who may act or who is pinged, so every role is offered.
  const roleField = (label: string, key: keyof SetupForm, hint?: string, givable = false) => (
    <RolePicker
      label={label}
      hint={hint}
      error={errors[key]}
      allowUnsafe={!givable}
      exclude={managed}
      value={idOf(key)}
      onChange={(id) => set({ [key]: id ?? "" })}
    />
  );
  // A setup saved before the role-safety rule may name a role Hearth now refuses to give: say so.
  const unsafeSaved = unsafeSetupRoles(setup.data, roles.data ?? []);
  const channelField = (label: string, key: keyof SetupForm, hint?: string) => (
    <ChannelPicker
      label={label}
      hint={hint}
      error={errors[key]}
      value={idOf(key)}
      onChange={(id) => set({ [key]: id ?? "" })}
    />
  );

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Server Configuration"
          description="Who manages grinders and where Hearth posts."
          icon={<ServerIcon />}
        >
          {unsafeSaved.length > 0 && <UnsafeRolesWarning roles={unsafeSaved} />}
          <div className="grid gap-4 sm:grid-cols-2">
            {roleField("Manager role", "managerRoleId", "Can hire, pay and manage grinders.")}
            {roleField("Grinder base role", "grinderBaseRoleId", "Given to every grinder.", true)}
            {channelField("Payments channel", "paymentsChannelId")}
            {channelField("Log channel", "logChannelId")}
            <ChannelPicker
              label="Ticket category"
              hint="Where payment tickets open."
              error={errors.ticketCategoryId}
              kinds={["category"]}
              placeholder="Search categories…"
              value={value.ticketCategoryId || null}
              onChange={(ticketCategoryId) => set({ ticketCategoryId: ticketCategoryId ?? "" })}
            />
          </div>
        </Card>

        <div className="space-y-6">
          <Card
            title="Event Configuration"
            description="Lotteries, raffles, giveaways and tournaments."
            icon={<GiftIcon />}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              {roleField("Event manager role", "eventsManager")}
              {roleField("Event ping role", "eventsPingRole", "Mentioned when an event starts.")}
            </div>
          </Card>

          <Card title="Advanced Grinder Config" icon={<SettingsIcon />}>
            <div className="space-y-4">
              <Switch
                label="Tier switching"
                description="Grinders may move themselves to another tier."
                checked={value.switchTierEnabled}
                onChange={(switchTierEnabled) => set({ switchTierEnabled })}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label="Tier switch cooldown"
                  error={errors.switchTierCooldown}
                  hint={
                    value.switchTierEnabled
                      ? "Time between two switches."
                      : "Turn tier switching on to choose."
                  }
                >
                  {(control) => (
                    <SelectBox
                      {...control}
                      value={value.switchTierCooldown}
                      disabled={!value.switchTierEnabled}
                      onChange={(event) =>
                        set({ switchTierCooldown: event.target.value as TierSwitchCooldown })
                      }
                    >
                      {tierSwitchCooldowns.map((cooldown) => (
                        <option key={cooldown} value={cooldown}>
                          {cooldownLabels[cooldown]}
                        </option>
                      ))}
                    </SelectBox>
                  )}
                </Field>
                <Field label="Payment period" hint="How often each tier's payment is due.">
                  {(control) => (
                    <SelectBox
                      {...control}
                      value={value.paymentPeriod}
                      onChange={(event) => set({ paymentPeriod: event.target.value as PaymentPeriod })}
                    >
                      {paymentPeriods.map((period) => (
                        <option key={period} value={period}>
                          {periodLabels[period]}
                        </option>
                      ))}
                    </SelectBox>
                  )}
                </Field>
              </div>
            </div>
          </Card>
        </div>
      </div>

      {/* Sticks to the bottom of the screen while there is something to save. */}
      <div
        className={cn(
          "z-10 flex flex-col gap-3 rounded-2xl border bg-ink-900/95 p-4 backdrop-blur sm:flex-row sm:items-center sm:justify-between",
          form.dirty ? "sticky bottom-4 border-ember-400/30 shadow-2xl shadow-black/40" : "border-white/10",
        )}
      >
        <p className="text-sm text-stone-300" aria-live="polite">
          {form.dirty ? "You have unsaved changes to the setup." : "The setup is saved."}
        </p>
        <div className="flex gap-2">
          {form.dirty && (
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              onClick={() => {
                form.reset();
                setErrors({});
              }}
            >
              Discard
            </button>
          )}
          <button
            type="button"
            className={buttonClass("primary", "sm")}
            disabled={!form.dirty || save.isPending}
            onClick={saveAll}
          >
            {save.isPending ? "Saving…" : "Save All"}
          </button>
        </div>
      </div>

      <Card
        title="Tiers"
        description="Each tier has a payment and a role. Grinders are hired on a tier."
        icon={<CoinsIcon />}
      >
        <TierManager
          serverId={serverId}
          setup={setup.data}
          roles={pickableRoles}
          exclude={managed}
          grinderCounts={grinderCounts}
          periodLabel={perPeriod(setup.data.grinders.paymentPeriod)}
        />
      </Card>
    </div>
  );
}
