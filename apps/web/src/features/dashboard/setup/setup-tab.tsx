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
import {
  assignableRoles,
  categoryChannels,
  channelsQuery,
  grindersQuery,
  rolesQuery,
  setupQuery,
  textChannels,
} from "../shared/api";
import { Card } from "../shared/card";
import { type FieldErrors, serverFieldError } from "../shared/errors";
import { Field, SelectBox } from "../shared/form-controls";
import { perPeriod } from "../shared/format";
import { CoinsIcon, GiftIcon, ServerIcon, SettingsIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelSelect, RoleSelect } from "../shared/selects";
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
  const channels = useQuery(channelsQuery(serverId));
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
  const text = textChannels(channels.data);
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

  const roleField = (label: string, key: keyof SetupForm, hint?: string, givable = false) => (
    <Field label={label} hint={hint} error={errors[key]}>
      {(control) => (
        <RoleSelect
          {...control}
          roles={pickableRoles}
          givable={givable}
          value={String(value[key])}
          onChange={(id) => set({ [key]: id })}
        />
      )}
    </Field>
  );
  // A setup saved before the role-safety rule may name a role Hearth now refuses to give: say so.
  const unsafeSaved = unsafeSetupRoles(setup.data, roles.data ?? []);
  const channelField = (label: string, key: keyof SetupForm, hint?: string) => (
    <Field label={label} hint={hint} error={errors[key]}>
      {(control) => (
        <ChannelSelect
          {...control}
          channels={text}
          value={String(value[key])}
          onChange={(id) => set({ [key]: id })}
        />
      )}
    </Field>
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
            <Field label="Ticket category" hint="Where payment tickets open." error={errors.ticketCategoryId}>
              {(control) => (
                <ChannelSelect
                  {...control}
                  channels={categoryChannels(channels.data).map((category) => ({
                    ...category,
                    parentName: null,
                  }))}
                  prefix=""
                  value={value.ticketCategoryId}
                  onChange={(ticketCategoryId) => set({ ticketCategoryId })}
                />
              )}
            </Field>
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
          grinderCounts={grinderCounts}
          periodLabel={perPeriod(setup.data.grinders.paymentPeriod)}
        />
      </Card>
    </div>
  );
}
