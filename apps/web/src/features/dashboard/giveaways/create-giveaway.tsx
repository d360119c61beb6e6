import type { Role } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { useDashboardSession } from "../session/session-context";
import { type FieldErrors, serverFieldError } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { MemberPicker } from "../shared/pickers/member-picker";
import { RoleMultiPicker, RolePicker } from "../shared/pickers/role-pickers";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { useForm } from "../shared/use-form";
import { useCreateGiveaway } from "./api";
import { ControlFields } from "./control-fields";
import {
  type DurationUnit,
  durationPresets,
  emptyGiveawayForm,
  type GiveawayForm,
  validateGiveaway,
} from "./create-form";
import { LazyGiveawayPreview } from "./lazy-preview";
import { SaveAsTemplate } from "./save-template";

export function CreateGiveaway({ serverId, roles }: { serverId: string; roles: readonly Role[] }) {
  const { info } = useDashboardSession();
  // The host defaults to whoever the token was made for.
  const startForm: GiveawayForm = { ...emptyGiveawayForm, hostId: info.userId ?? "" };
  const { form, update, resetIfUnchanged } = useForm<GiveawayForm>(startForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateGiveaway(serverId);
  const set = (patch: Partial<GiveawayForm>) => {
    update(patch);
    setErrors({});
  };

  // The preview follows the form once it is valid (without the start check, which moves with the clock).
  const preview = validateGiveaway(form).body ?? validateGiveaway({ ...form, startMode: "now" }).body;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: problems } = validateGiveaway(form);
    if (!body) {
      setErrors(problems);
      return;
    }
    create.mutate(body, {
      onSuccess: () => resetIfUnchanged(form, startForm),
      onError: (error) => {
        const refusal = serverFieldError(error);
        if (refusal?.field) setErrors({ [refusal.field.replace("requirements.", "")]: refusal.message });
      },
    });
  };

  const numberField = (label: string, key: "minAccountAge" | "minMemberAge" | "minInvites", hint: string) => (
    <Field label={label} hint={hint} error={errors[key]}>
      {(control) => (
        <input
          {...control}
          type="number"
          min={0}
          step={1}
          className={inputClass}
          value={form[key]}
          onChange={(event) => set({ [key]: event.target.value })}
        />
      )}
    </Field>
  );

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate aria-label="Create giveaway" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Prize" error={errors.prize}>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                maxLength={256}
                placeholder="e.g. Discord Nitro (1 month)"
                value={form.prize}
                onChange={(event) => set({ prize: event.target.value })}
              />
            )}
          </Field>
          <ChannelPicker
            label="Channel"
            error={errors.channelId}
            value={form.channelId || null}
            onChange={(channelId) => set({ channelId: channelId ?? "" })}
          />
        </div>
        <MarkupTextarea
          label="Description"
          aside="optional"
          rows={2}
          maxLength={1000}
          hint="Type # for a channel or @ for a member or role."
          value={form.description}
          onChange={(description) => set({ description })}
        />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Field label="Winners" error={errors.winnerCount}>
            {(control) => (
              <input
                {...control}
                type="number"
                min={1}
                max={50}
                step={1}
                className={inputClass}
                value={form.winnerCount}
                onChange={(event) => set({ winnerCount: event.target.value })}
              />
            )}
          </Field>
          <Field label="Duration" error={errors.duration}>
            {(control) => (
              <div className="grid grid-cols-2 gap-2">
                <input
                  {...control}
                  type="number"
                  min={1}
                  step={1}
                  className={inputClass}
                  value={form.durationAmount}
                  onChange={(event) => set({ durationAmount: event.target.value })}
                />
                <SelectBox
                  aria-label="Duration unit"
                  value={form.durationUnit}
                  onChange={(event) => set({ durationUnit: event.target.value as DurationUnit })}
                >
                  <option value="minutes">minutes</option>
                  <option value="hours">hours</option>
                  <option value="days">days</option>
                </SelectBox>
              </div>
            )}
          </Field>
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Duration presets</legend>
          {durationPresets.map((preset) => {
            const selected =
              form.durationAmount === String(preset.amount) && form.durationUnit === preset.unit;
            return (
              <button
                key={preset.label}
                type="button"
                aria-pressed={selected}
                onClick={() => set({ durationAmount: String(preset.amount), durationUnit: preset.unit })}
                className={cn(
                  "h-8 rounded-lg border px-3 text-xs font-semibold",
                  selected
                    ? "border-ember-400/60 bg-ember-500/15 text-ember-100"
                    : "border-white/10 bg-white/5 text-stone-300 hover:text-stone-100",
                )}
              >
                {preset.label}
              </button>
            );
          })}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Starts" error={errors.startsAt}>
            {(control) => (
              <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-2">
                <SelectBox
                  aria-label="When it starts"
                  value={form.startMode}
                  onChange={(event) => set({ startMode: event.target.value as "now" | "later" })}
                >
                  <option value="now">Now</option>
                  <option value="later">Later</option>
                </SelectBox>
                <input
                  {...control}
                  type="datetime-local"
                  aria-label="Start time"
                  className={cn(inputClass, "min-w-0")}
                  disabled={form.startMode === "now"}
                  value={form.startsAt}
                  onChange={(event) => set({ startsAt: event.target.value, startMode: "later" })}
                />
              </div>
            )}
          </Field>
          <Field label="Repeats" error={errors.repeatEvery}>
            {(control) => (
              <div className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-2">
                <input
                  {...control}
                  type="number"
                  min={1}
                  max={365}
                  aria-label="Repeat every"
                  className={inputClass}
                  disabled={form.repeatUnit === "none"}
                  value={form.repeatEvery}
                  onChange={(event) => set({ repeatEvery: event.target.value })}
                />
                <SelectBox
                  aria-label="Repeat unit"
                  value={form.repeatUnit}
                  onChange={(event) => set({ repeatUnit: event.target.value as GiveawayForm["repeatUnit"] })}
                >
                  <option value="none">Doesn't repeat</option>
                  <option value="hours">hours</option>
                  <option value="days">days</option>
                  <option value="weeks">weeks</option>
                  <option value="months">months</option>
                </SelectBox>
              </div>
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {/* A ping never gives the role: every role is offered. Cleared, the events ping role is
              used; "No ping" mentions no one. */}
          <div className="space-y-2">
            <RolePicker
              label="Ping role"
              hint="Mentioned when the giveaway is posted."
              placeholder={form.pingRole === "none" ? "No ping" : "Events ping role (default)"}
              allowUnsafe
              disabled={form.pingRole === "none"}
              value={form.pingRole === "none" || form.pingRole === "default" ? null : form.pingRole}
              onChange={(id) => set({ pingRole: id ?? "default" })}
            />
            <label className="flex items-center gap-2 text-sm text-stone-200">
              <input
                type="checkbox"
                className="size-4 accent-ember-500"
                checked={form.pingRole === "none"}
                onChange={(event) => set({ pingRole: event.target.checked ? "none" : "default" })}
              />
              No ping
            </label>
          </div>
          <ChannelPicker
            label="Results go to"
            hint="Optional; cleared, the results go to the giveaway's channel."
            placeholder="The giveaway's channel"
            error={errors.winnersChannelId}
            value={form.winnersChannelId || null}
            onChange={(winnersChannelId) => set({ winnersChannelId: winnersChannelId ?? "" })}
          />
        </div>
        <MemberPicker
          label="Host"
          hint="Pinged with the results at the end; cleared, the host is you."
          bots="exclude"
          value={form.hostId || null}
          error={errors.hostId}
          onChange={(hostId) => set({ hostId: hostId ?? "" })}
        />
        <label className="flex items-center gap-2 text-sm text-stone-200">
          <input
            type="checkbox"
            className="size-4 accent-ember-500"
            checked={form.dmWinners}
            onChange={(event) => set({ dmWinners: event.target.checked })}
          />
          Send each winner what they won by DM
        </label>
        <ControlFields form={form} errors={errors} set={set} />
        <LazyGiveawayPreview serverId={serverId} body={preview} roles={roles} />
        <details className="group rounded-xl border border-white/[0.08] bg-white/[0.02] px-4 py-3">
          <summary className="cursor-pointer text-sm font-medium text-stone-200 marker:text-stone-400">
            Entry requirements (optional)
          </summary>
          <div className="mt-4 space-y-4">
            <div className="grid gap-4 sm:grid-cols-3">
              {numberField("Account age (days)", "minAccountAge", "0 for none")}
              {numberField("Member for (days)", "minMemberAge", "0 for none")}
              {numberField("Invites", "minInvites", "0 for none")}
            </div>
            <RoleMultiPicker
              label="Required roles"
              hint="Entrants need at least one of these."
              allowUnsafe
              value={form.requiredRoles}
              max={20}
              onChange={(requiredRoles) => set({ requiredRoles })}
            />
          </div>
        </details>
        <div className="flex justify-end">
          <button type="submit" className={buttonClass("primary")} disabled={create.isPending}>
            {create.isPending
              ? "Starting…"
              : form.startMode === "later" || form.repeatUnit !== "none"
                ? "Schedule Giveaway"
                : "Start Giveaway"}
          </button>
          {create.isSuccess && <SeeInSandbox channelId={create.variables?.channelId} />}
        </div>
      </form>
      <SaveAsTemplate serverId={serverId} body={preview} />
    </div>
  );
}
