import type { SelfRolePanelItem, SelfRolesOverview } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery, rolesQuery } from "../shared/api";
import { Card } from "../shared/card";
import { channelName } from "../shared/channel-options";
import { useConfirm } from "../shared/confirm";
import { PlusIcon, SettingsIcon } from "../shared/icons";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { RolePicker } from "../shared/pickers/role-pickers";
import { selfRolesQuery, useDeletePanel, useUnlistRole, useWhitelistRole } from "./api";
import { PanelForm } from "./panel-form";

function useNames(serverId: string) {
  const roles = useQuery(rolesQuery(serverId)).data ?? [];
  const channels = useQuery(channelsQuery(serverId)).data ?? [];
  return {
    role: (id: string) => roles.find((role) => role.id === id)?.name ?? "deleted role",
    channel: (id: string) => channelName(channels, id),
  };
}

function Whitelist({ serverId, overview }: { serverId: string; overview: SelfRolesOverview }) {
  const [roleId, setRoleId] = useState<string | null>(null);
  const add = useWhitelistRole(serverId);
  const remove = useUnlistRole(serverId);
  const names = useNames(serverId);
  const { can } = usePermission();
  const allowed = can("admin");
  const listed = new Set(overview.roles.map((entry) => entry.roleId));
  return (
    <div className="space-y-4">
      <form
        aria-label="Whitelist a role"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (roleId) add.mutate(roleId, { onSuccess: () => setRoleId(null) });
        }}
      >
        <div className="min-w-56 flex-1">
          <RolePicker
            label="Role to allow on panels"
            value={roleId}
            onChange={setRoleId}
            exclude={listed}
            hint="Roles with admin or moderation permissions are refused, as are roles above yours."
          />
        </div>
        <button
          type="submit"
          className={buttonClass("secondary")}
          disabled={!roleId || add.isPending || !allowed}
        >
          Whitelist
        </button>
      </form>
      {overview.roles.length === 0 ? (
        <EmptyState title="No whitelisted roles">Only whitelisted roles can go on a panel.</EmptyState>
      ) : (
        <ul aria-label="Whitelisted roles" className="divide-y divide-white/[0.06]">
          {overview.roles.map((entry) => (
            <li key={entry.roleId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm text-stone-100">
                @{names.role(entry.roleId)}
                {entry.status === "blacklisted" && (
                  <span className="ml-2 text-xs text-amber-200">
                    taken off panels: {entry.reason ?? "dangerous permissions"}
                  </span>
                )}
              </span>
              <button
                type="button"
                className={cn(
                  buttonClass("ghost", "sm"),
                  "text-red-300 hover:bg-red-500/10 hover:text-red-200",
                )}
                disabled={remove.isPending || !allowed}
                onClick={() => remove.mutate(entry.roleId)}
                aria-label={`Remove @${names.role(entry.roleId)} from the whitelist`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PanelRow({
  panel,
  serverId,
  onEdit,
}: {
  panel: SelfRolePanelItem;
  serverId: string;
  onEdit: () => void;
}) {
  const remove = useDeletePanel(serverId);
  const confirm = useConfirm();
  const names = useNames(serverId);
  const { can } = usePermission();
  const ask = async () => {
    if (
      await confirm({
        title: `Delete the panel ${panel.name}?`,
        body: "Panel messages Hearth posted are deleted and bound messages lose its buttons. Members keep the roles they have.",
        confirmLabel: "Delete panel",
        dismissLabel: "Keep panel",
        destructive: true,
      })
    )
      remove.mutate(panel.id);
  };
  return (
    <li className="rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-100">{panel.name}</p>
          <p className="mt-0.5 text-xs text-stone-400">
            {panel.display === "buttons" ? "Buttons" : "Dropdown menu"} ·{" "}
            {panel.roles
              .map((role) => `${role.emoji ? `${role.emoji} ` : ""}@${names.role(role.roleId)}`)
              .join(", ") || "no roles right now"}
          </p>
          <p className="mt-0.5 text-xs text-stone-400">
            {panel.messages.length === 0
              ? "Not posted anywhere"
              : panel.messages
                  .map(
                    (message) =>
                      `${message.kind === "bound" ? "bound in" : "posted in"} ${names.channel(message.channelId)}`,
                  )
                  .join(", ")}
          </p>
        </div>
        <div className="flex gap-1">
          <button
            type="button"
            className={buttonClass("ghost", "sm")}
            disabled={!can("admin")}
            title={can("admin") ? undefined : "Editing panels needs the admin permission"}
            onClick={onEdit}
            aria-label={`Edit the panel ${panel.name}`}
          >
            Edit
          </button>
          <button
            type="button"
            className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={remove.isPending || !can("admin")}
            onClick={() => void ask()}
            aria-label={`Delete the panel ${panel.name}`}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

/** The dashboard's Self-roles page (`/selfroles`): the whitelist, and panels posted from it. */
export default function SelfRolesPage() {
  const { serverId } = useDashboardSession();
  const overview = useQuery(selfRolesQuery(serverId));
  const [editingId, setEditingId] = useState<number | null>(null);
  if (overview.isPending) return <PanelLoading label="Loading self-roles" rows={6} />;
  if (overview.isError && !overview.data)
    return (
      <PanelError
        message="Failed to load self-roles."
        onRetry={() => void overview.refetch()}
        error={overview.error}
      />
    );
  const data = overview.data;
  // A panel deleted meanwhile (here or by /selfroles delete) ends its edit.
  const editing = data.panels.find((panel) => panel.id === editingId);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {editing ? (
        <Card
          title={`Edit the panel ${editing.name}`}
          description="Saving redraws the panel wherever it is posted; members keep the roles they have."
          icon={<SettingsIcon />}
        >
          <PanelForm
            key={editing.id}
            serverId={serverId}
            overview={data}
            editing={editing}
            onDone={() => setEditingId(null)}
          />
        </Card>
      ) : (
        <Card
          title="Post a self-role panel"
          description="Members pick their own roles from the panel's buttons or menu."
          icon={<PlusIcon />}
        >
          <PanelForm serverId={serverId} overview={data} />
        </Card>
      )}
      <div className="space-y-6">
        <Card title="Panels" description={`${data.panels.length} of ${data.limits.maxPanels}`}>
          {data.panels.length === 0 ? (
            <EmptyState title="No panels yet">
              Whitelist roles, then post a panel for members to pick from.
            </EmptyState>
          ) : (
            <ul aria-label="Panels" className="space-y-3">
              {data.panels.map((panel) => (
                <PanelRow
                  key={panel.id}
                  panel={panel}
                  serverId={serverId}
                  onEdit={() => setEditingId(panel.id)}
                />
              ))}
            </ul>
          )}
        </Card>
        <Card title="Whitelist" description="The roles that may go on panels.">
          <Whitelist serverId={serverId} overview={data} />
        </Card>
      </div>
    </div>
  );
}
