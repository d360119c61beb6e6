import {
  type Channel,
  formatDurationShort,
  type GiveawayListItem,
  type GiveawayTemplate,
  giveawayTemplateLimits,
  parseDuration,
} from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { serverFieldError } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { GiftIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { BulkCreate } from "./bulk-create";
import { templatesQuery, useDeleteTemplate, useSaveTemplate, useUpdateTemplate } from "./templates-api";

const small = "h-8 px-3 text-xs";

function channelName(channels: readonly Channel[], id: string) {
  const channel = channels.find((c) => c.id === id);
  return channel ? `#${channel.name}` : "a channel that no longer exists";
}

/** Edits a template's name and its prize, duration, winners and channel (the rest is kept). */
function TemplateEditor({
  serverId,
  template,
  onDone,
}: {
  serverId: string;
  template: GiveawayTemplate;
  onDone: () => void;
}) {
  const update = useUpdateTemplate(serverId);
  const [name, setName] = useState(template.name);
  const [prize, setPrize] = useState(template.settings.prize);
  const [duration, setDuration] = useState(formatDurationShort(template.settings.duration));
  const [winners, setWinners] = useState(String(template.settings.winnerCount));
  const [channelId, setChannelId] = useState(template.settings.channelId);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const ms = parseDuration(duration);
    const seconds = ms === null ? Number.NaN : Math.round(ms / 1000);
    const count = Number(winners);
    if (!name.trim()) problems.name = "Enter a name";
    if (!prize.trim()) problems.prize = "Enter a prize";
    if (!(seconds >= 60 && seconds <= 90 * 86_400))
      problems.duration = "Between 1 minute and 90 days (30m, 12h, 2d)";
    if (!Number.isInteger(count) || count < 1 || count > 50) problems.winners = "A whole number from 1 to 50";
    if (!channelId) problems.channelId = "Choose a channel";
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    update.mutate(
      {
        id: template.id,
        body: {
          name: name.trim(),
          settings: {
            ...template.settings,
            prize: prize.trim(),
            duration: seconds,
            winnerCount: count,
            channelId,
          },
        },
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          const refusal = serverFieldError(error);
          const field = refusal?.field?.replace(/^settings\./, "") ?? "name";
          setErrors({ [field === "winnerCount" ? "winners" : field]: refusal?.message ?? "Not accepted" });
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Edit template ${template.name}`}
      className="mt-3 space-y-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Template name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={giveawayTemplateLimits.nameMaxLength}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label="Prize" error={errors.prize}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={256}
              value={prize}
              onChange={(e) => setPrize(e.target.value)}
            />
          )}
        </Field>
        <Field label="Duration" hint="30m, 12h, 2d or 1w" error={errors.duration}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
            />
          )}
        </Field>
        <Field label="Winners" error={errors.winners}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={50}
              className={inputClass}
              value={winners}
              onChange={(e) => setWinners(e.target.value)}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <ChannelPicker
            label="Channel"
            placeholder="Select a channel"
            error={errors.channelId}
            required
            value={channelId || null}
            onChange={(id) => setChannelId(id ?? "")}
          />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClass("ghost")} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={buttonClass("primary")} disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save template"}
        </button>
      </div>
    </form>
  );
}

/** Saves one of the server's giveaways (its settings and run length) as a template. */
function SaveFromGiveaway({
  serverId,
  giveaways,
}: {
  serverId: string;
  giveaways: readonly GiveawayListItem[];
}) {
  const save = useSaveTemplate(serverId);
  const [messageId, setMessageId] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (giveaways.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!messageId) return setError("Choose a giveaway");
    if (!name.trim()) return setError("Enter a name for the template");
    save.mutate(
      { name: name.trim(), fromGiveawayId: messageId },
      {
        onSuccess: () => {
          setName("");
          setMessageId("");
          setError(null);
        },
        onError: (failure) => setError(serverFieldError(failure)?.message ?? "Not saved"),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Save a giveaway as a template" className="space-y-2">
      <p className="text-sm font-medium text-stone-200">Save a giveaway as a template</p>
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <SelectBox
          aria-label="Giveaway to save"
          value={messageId}
          onChange={(e) => setMessageId(e.target.value)}
        >
          <option value="">Choose a giveaway</option>
          {giveaways.slice(0, 50).map((giveaway) => (
            <option key={giveaway.messageId} value={giveaway.messageId}>
              {giveaway.prize}
            </option>
          ))}
        </SelectBox>
        <input
          aria-label="Name of the new template"
          className={inputClass}
          placeholder="Template name"
          maxLength={giveawayTemplateLimits.nameMaxLength}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className={buttonClass("secondary")} disabled={save.isPending}>
          Save
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}

/** The server's giveaway templates: edit, delete, create several giveaways at once from one. */
export function TemplatesPanel({
  serverId,
  channels,
  giveaways,
}: {
  serverId: string;
  channels: readonly Channel[];
  giveaways: readonly GiveawayListItem[];
}) {
  const templates = useQuery(templatesQuery(serverId));
  const remove = useDeleteTemplate(serverId);
  const confirm = useConfirm();
  const [open, setOpen] = useState<{ id: string; mode: "bulk" | "edit" } | null>(null);

  const askDelete = async (template: GiveawayTemplate) => {
    const ok = await confirm({
      title: `Delete the template "${template.name}"?`,
      body: "Giveaways started from it stay as they are.",
      confirmLabel: "Delete template",
      destructive: true,
    });
    if (ok) remove.mutate(template);
  };

  return (
    <Card
      title="Templates & Bulk"
      description={`Saved giveaway settings (up to 25). Start several giveaways at once from one.`}
      icon={<GiftIcon />}
    >
      <div className="space-y-4">
        {templates.isPending ? (
          <PanelLoading label="Loading templates" rows={2} />
        ) : templates.isError && !templates.data ? (
          <PanelError message="Failed to load templates." onRetry={() => void templates.refetch()} />
        ) : templates.data.length === 0 ? (
          <p className="text-sm text-stone-400">
            No templates yet. Save one from the form below ("Save as template"), from a giveaway here, or with
            /giveaway template save in Discord.
          </p>
        ) : (
          <ul aria-label="Giveaway templates" className="space-y-2">
            {templates.data.map((template) => {
              const s = template.settings;
              const mode = open?.id === template.id ? open.mode : null;
              return (
                <li key={template.id} className="rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold text-stone-100">{template.name}</p>
                      <p className="text-sm text-stone-400">
                        {s.prize} · {formatDurationShort(s.duration)} · {s.winnerCount}{" "}
                        {s.winnerCount === 1 ? "winner" : "winners"} · {channelName(channels, s.channelId)}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={cn(buttonClass(mode === "bulk" ? "soft" : "secondary"), small)}
                        aria-expanded={mode === "bulk"}
                        aria-label={`Bulk create from ${template.name}`}
                        onClick={() => setOpen(mode === "bulk" ? null : { id: template.id, mode: "bulk" })}
                      >
                        Bulk create
                      </button>
                      <button
                        type="button"
                        className={cn(buttonClass("secondary"), small)}
                        aria-expanded={mode === "edit"}
                        aria-label={`Edit ${template.name}`}
                        onClick={() => setOpen(mode === "edit" ? null : { id: template.id, mode: "edit" })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={cn(buttonClass("ghost"), small, "text-red-300")}
                        aria-label={`Delete ${template.name}`}
                        onClick={() => void askDelete(template)}
                      >
                        Delete
                      </button>
                    </div>
                  </div>
                  {mode === "bulk" && (
                    <div className="mt-3 border-t border-white/[0.06] pt-3">
                      <BulkCreate serverId={serverId} template={template} onDone={() => setOpen(null)} />
                    </div>
                  )}
                  {mode === "edit" && (
                    <TemplateEditor serverId={serverId} template={template} onDone={() => setOpen(null)} />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <SaveFromGiveaway serverId={serverId} giveaways={giveaways} />
      </div>
    </Card>
  );
}
