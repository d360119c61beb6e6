import type { MessageComponentItem } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { shortDateTime } from "../shared/format";
import { PlusIcon } from "../shared/icons";
import { EmptyState, QueryPanel } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { componentsQuery, useDeleteComponent, usePostComponent } from "./api";
import { ComponentForm } from "./component-form";
import { type ComponentDraft, draftOf, emptyDraft } from "./draft";

const kindNames = { button: "Button", select: "Select menu", form: "Form" } as const;

function summary(component: MessageComponentItem): string {
  const { definition } = component;
  const parts: string[] = [kindNames[component.type]];
  if (component.type === "select") parts.push(`${definition.options.length} options`);
  else if (component.type === "form") parts.push(`${definition.fields.length} fields`);
  else parts.push(`“${definition.label}”`);
  parts.push(`posted ${component.postedCount}×`, `updated ${shortDateTime(component.updatedAt)}`);
  return parts.join(" · ");
}

function ComponentRow({
  component,
  serverId,
  onEdit,
}: {
  component: MessageComponentItem;
  serverId: string;
  onEdit: () => void;
}) {
  const remove = useDeleteComponent(serverId);
  const post = usePostComponent(serverId);
  const confirm = useConfirm();
  const { can } = usePermission();
  const allowed = can("admin");
  const [channelId, setChannelId] = useState<string | null>(null);
  const ask = async () => {
    if (
      await confirm({
        title: `Delete ${component.name}?`,
        body:
          component.postedCount > 0
            ? `The ${component.postedCount} posted ${component.postedCount === 1 ? "message loses" : "messages lose"} it; clicks on old copies are answered that it is gone.`
            : "It was never posted, so nothing in Discord changes.",
        confirmLabel: "Delete component",
        dismissLabel: "Keep it",
        destructive: true,
      })
    )
      remove.mutate(component.componentId);
  };
  return (
    <li className="rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-stone-100">{component.name}</p>
          <p className="mt-0.5 text-xs text-stone-400">{summary(component)}</p>
          {component.incomplete && (
            <p className="mt-1 text-xs text-amber-200">Not finished: {component.incomplete}</p>
          )}
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={onEdit}
            disabled={!allowed}
            aria-label={`Edit ${component.name}`}
          >
            Edit
          </button>
          <button
            type="button"
            className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={remove.isPending || !allowed}
            onClick={() => void ask()}
            aria-label={`Delete ${component.name}`}
          >
            Delete
          </button>
        </div>
      </div>
      {!component.incomplete && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          aria-label={`Post ${component.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (channelId) post.mutate({ componentId: component.componentId, channelId });
          }}
        >
          <div className="min-w-48 flex-1">
            <ChannelPicker
              label={`Post ${component.name} in`}
              value={channelId}
              onChange={setChannelId}
              disabled={!allowed}
            />
          </div>
          <button
            type="submit"
            className={buttonClass("secondary", "sm")}
            disabled={!channelId || post.isPending || !allowed}
          >
            {post.isPending ? "Posting…" : "Post"}
          </button>
          {post.isSuccess && <SeeInSandbox channelId={post.variables?.channelId} />}
        </form>
      )}
    </li>
  );
}

/** The dashboard's Components page: buttons, select menus and forms with actions, as `/components` builds them. */
export default function ComponentsPage() {
  const { serverId } = useDashboardSession();
  const list = useQuery(componentsQuery(serverId));
  const [draft, setDraft] = useState<ComponentDraft>(() => emptyDraft());
  const [formKey, setFormKey] = useState(0);
  const editing = draft.componentId !== null;
  const reset = () => {
    setDraft(emptyDraft());
    setFormKey((key) => key + 1);
  };
  const edit = (component: MessageComponentItem) => {
    setDraft(draftOf(component));
    setFormKey((key) => key + 1);
    document.getElementById("component-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        headingId="component-form"
        title={editing ? `Edit ${draft.name}` : "Create a component"}
        description="A button, a select menu or a form members use; each runs its actions (roles, messages, answers)."
        icon={<PlusIcon />}
      >
        <QueryPanel
          query={list}
          loading="Loading components"
          rows={4}
          failed="Failed to load the components."
        >
          {(data) => (
            <ComponentForm key={formKey} serverId={serverId} list={data} initial={draft} onDone={reset} />
          )}
        </QueryPanel>
      </Card>
      <Card
        title="Components"
        description={
          list.data ? `${list.data.components.length} of ${list.data.limits.perServer} components` : undefined
        }
      >
        <QueryPanel
          query={list}
          loading="Loading components"
          rows={3}
          failed="Failed to load the components."
        >
          {(data) =>
            data.components.length === 0 ? (
              <EmptyState title="No components yet">
                Create a button or a menu: a verify button, role picks, a way to open a form.
              </EmptyState>
            ) : (
              <ul aria-label="Components" className="space-y-3">
                {data.components.map((component) => (
                  <ComponentRow
                    key={component.componentId}
                    component={component}
                    serverId={serverId}
                    onEdit={() => edit(component)}
                  />
                ))}
              </ul>
            )
          }
        </QueryPanel>
      </Card>
    </div>
  );
}
