import { type Channel, type ServerTrigger, triggerMatchLabels } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { channelsQuery } from "../shared/api";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { SparkIcon, TrashIcon } from "../shared/icons";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { readableMentions, triggersQuery, useDeleteTrigger } from "../shared/triggers-api";

const preview = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function TriggerRow({
  trigger,
  channels,
  maker,
  onDelete,
  busy,
}: {
  trigger: ServerTrigger;
  channels: readonly Channel[] | undefined;
  /** The member who made it, by name when Discord could name them. */
  maker: string | undefined;
  onDelete: () => void;
  busy: boolean;
}) {
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold text-stone-100">{trigger.keyword}</span>
          <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs text-stone-300">
            {triggerMatchLabels[trigger.match]}
          </span>
          <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs text-stone-300">
            {trigger.replyType === "embed" ? "Embed" : "Text"}
          </span>
          <span
            className={
              trigger.staff
                ? "rounded-full bg-ember-500/15 px-2 py-0.5 text-xs text-ember-200"
                : "rounded-full bg-sky-500/15 px-2 py-0.5 text-xs text-sky-200"
            }
          >
            {trigger.staff ? "Staff" : `By ${maker ?? `member …${trigger.createdBy.slice(-4)}`}`}
          </span>
        </p>
        <p className="mt-1 break-words text-sm text-stone-400">
          {trigger.embedTitle && <span className="font-medium text-stone-300">{trigger.embedTitle}: </span>}
          {preview(readableMentions(trigger.response, channels))}
        </p>
      </div>
      <button
        type="button"
        className={buttonClass("ghost", "sm")}
        onClick={onDelete}
        disabled={busy}
        aria-label={`Delete the trigger “${trigger.keyword}”`}
      >
        <TrashIcon className="size-4" />
        Delete
      </button>
    </li>
  );
}

/** The server's keyword triggers (made with /trigger add), each with Delete. */
export function TriggersCard({ serverId }: { serverId: string }) {
  const list = useQuery(triggersQuery(serverId));
  const channels = useQuery(channelsQuery(serverId));
  const remove = useDeleteTrigger(serverId);
  const confirm = useConfirm();

  const ask = async (trigger: ServerTrigger) => {
    const yes = await confirm({
      title: `Delete the trigger “${trigger.keyword}”?`,
      body: "Hearth stops answering this keyword at once. This can't be undone.",
      confirmLabel: "Delete Trigger",
      destructive: true,
    });
    if (yes) remove.mutate(trigger.id);
  };

  let body: ReactNode;
  if (list.isError && !list.data) {
    body = (
      <PanelError message="Failed to load triggers." onRetry={() => void list.refetch()} error={list.error} />
    );
  } else if (!list.data) {
    body = <PanelLoading label="Loading triggers" rows={3} />;
  } else if (list.data.triggers.length === 0) {
    body = (
      <EmptyState title="No triggers yet" icon={<SparkIcon className="size-5" />}>
        Add them on the{" "}
        <a href="/dashboard?page=triggers" className="text-ember-300 underline hover:text-ember-200">
          Triggers page
        </a>
        ; members add their own in Discord with <code className="text-stone-200">/trigger add</code>.
      </EmptyState>
    );
  } else {
    const { triggers, memberLimit, serverLimit, names = {} } = list.data;
    body = (
      <>
        <p className="text-sm text-stone-400">
          {triggers.length} of {serverLimit} · each member may own {memberLimit}; staff triggers are
          unlimited.
        </p>
        <ul aria-label="Triggers" className="divide-y divide-white/[0.06]">
          {triggers.map((trigger) => (
            <TriggerRow
              key={trigger.id}
              trigger={trigger}
              channels={channels.data}
              maker={names[trigger.createdBy]}
              busy={remove.isPending && remove.variables === trigger.id}
              onDelete={() => void ask(trigger)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Card
      title="Server Triggers"
      description={
        <>
          Keywords Hearth answers in chat. Add and edit them on the{" "}
          <a href="/dashboard?page=triggers" className="text-ember-300 underline hover:text-ember-200">
            Triggers page
          </a>
          ; members add their own with /trigger in Discord.
        </>
      }
      icon={<SparkIcon />}
    >
      <div className="space-y-3">{body}</div>
    </Card>
  );
}
