import type { PerkMemberItem, PerksOverview, PerkTierItem } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { rolesQuery } from "../shared/api";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { shortDateTime } from "../shared/format";
import { PlusIcon } from "../shared/icons";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { membersByIdQuery } from "../shared/pickers/picker-data";
import { Switch } from "../shared/switch";
import { perksQuery, useAutoCleanup, useDeleteTier, useRemoveMemberPerks } from "./api";
import { TierForm } from "./tier-form";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const onOff = (on: boolean) => (on ? "on" : "off");

function tierSummary(tier: PerkTierItem): string {
  return [
    plural(tier.emojis, "emoji"),
    `highlights ${onOff(tier.highlights)}`,
    tier.channelMembers > 0 ? `channel of ${tier.channelMembers}` : "no channel",
    tier.roleMembers > 0 ? `role of ${tier.roleMembers}` : "no role",
    `AFK ${onOff(tier.afk)}`,
    plural(tier.responders, "responder"),
  ].join(" · ");
}

function TierRow({ tier, serverId, onEdit }: { tier: PerkTierItem; serverId: string; onEdit: () => void }) {
  const remove = useDeleteTier(serverId);
  const confirm = useConfirm();
  const { can } = usePermission();
  const allowed = can("admin");
  const role = useQuery(rolesQuery(serverId)).data?.find((candidate) => candidate.id === tier.roleId);
  const ask = async () => {
    if (
      await confirm({
        title: `Delete the perk tier ${tier.name}?`,
        body: "This can't be undone: its members keep only what their other tiers allow.",
        confirmLabel: "Delete tier",
        dismissLabel: "Keep tier",
        destructive: true,
      })
    )
      remove.mutate(tier.id);
  };
  return (
    <li className="rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-100">{tier.name}</p>
          <p className="mt-0.5 text-xs text-stone-400">
            Members with @{role?.name ?? "a deleted role"} · {tierSummary(tier)}
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={onEdit}
            disabled={!allowed}
            aria-label={`Edit the perk tier ${tier.name}`}
          >
            Edit
          </button>
          <button
            type="button"
            className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={remove.isPending || !allowed}
            onClick={() => void ask()}
            aria-label={`Delete the perk tier ${tier.name}`}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

function MembersList({ serverId, members }: { serverId: string; members: PerkMemberItem[] }) {
  const names = useQuery({
    ...membersByIdQuery(
      serverId,
      members.slice(0, 100).map((member) => member.userId),
    ),
    enabled: members.length > 0,
  });
  const remove = useRemoveMemberPerks(serverId);
  const confirm = useConfirm();
  const { can } = usePermission();
  const allowed = can("admin");
  if (members.length === 0)
    return (
      <EmptyState title="No member has perks yet">
        Members holding a tier's role set their perks with /perks.
      </EmptyState>
    );
  const nameOf = (userId: string) =>
    names.data?.find((member) => member.id === userId)?.displayName ?? `Member …${userId.slice(-4)}`;
  const ask = async (member: PerkMemberItem) => {
    if (
      await confirm({
        title: `Remove every perk of ${nameOf(member.userId)}?`,
        body: "Their private channel and role are deleted on Discord, and their auto-reactions, highlights, responders and AFK note are forgotten.",
        confirmLabel: "Remove perks",
        dismissLabel: "Keep them",
        destructive: true,
      })
    )
      remove.mutate(member.userId);
  };
  return (
    <ul aria-label="Members with perks" className="divide-y divide-white/[0.06]">
      {members.map((member) => (
        <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-stone-100">{nameOf(member.userId)}</p>
            <p className="text-xs text-stone-400">
              {[
                member.channelId ? "private channel" : null,
                member.roleId ? "private role" : null,
                member.emojis > 0 ? plural(member.emojis, "emoji") : null,
              ]
                .filter(Boolean)
                .join(" · ") || "keywords or responders only"}
              {member.expiredAt ? ` · expired ${shortDateTime(member.expiredAt)}` : ""}
            </p>
          </div>
          <button
            type="button"
            className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={remove.isPending || !allowed}
            onClick={() => void ask(member)}
            aria-label={`Remove perks of ${nameOf(member.userId)}`}
          >
            Remove perks
          </button>
        </li>
      ))}
    </ul>
  );
}

function Settings({ serverId, overview }: { serverId: string; overview: PerksOverview }) {
  const cleanup = useAutoCleanup(serverId);
  const { can } = usePermission();
  return (
    <Switch
      label="Auto-cleanup"
      description="Delete a member's private channel and role 24 hours after they lose the tier that allowed them (unless they get it back)."
      checked={cleanup.isPending ? (cleanup.variables ?? overview.autoCleanup) : overview.autoCleanup}
      pending={cleanup.isPending}
      disabled={!can("admin")}
      onChange={(on) => cleanup.mutate(on)}
    />
  );
}

/** The dashboard's Perks page (`/perks-admin`): tiers tied to roles, auto-cleanup, members' perks. */
export default function PerksPage() {
  const { serverId } = useDashboardSession();
  const overview = useQuery(perksQuery(serverId));
  const [editing, setEditing] = useState<PerkTierItem | null>(null);
  if (overview.isPending) return <PanelLoading label="Loading perks" rows={6} />;
  if (overview.isError && !overview.data)
    return (
      <PanelError
        message="Failed to load the perks."
        onRetry={() => void overview.refetch()}
        error={overview.error}
      />
    );
  const data = overview.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        headingId="tier-form"
        title={editing ? `Edit ${editing.name}` : "Create a perk tier"}
        description="Members holding the tier's role get its perks, through /perks."
        icon={<PlusIcon />}
      >
        <TierForm
          key={editing ? `edit-${editing.id}` : "new"}
          serverId={serverId}
          overview={data}
          editing={editing}
          onDone={() => setEditing(null)}
        />
      </Card>
      <div className="space-y-6">
        <Card title="Perk tiers" description={`${data.tiers.length} of ${data.limits.maxPerServer}`}>
          {data.tiers.length === 0 ? (
            <EmptyState title="No perk tiers yet">
              Create one to give a role's members auto-reactions, a private channel or role, highlights and
              more.
            </EmptyState>
          ) : (
            <ul aria-label="Perk tiers" className="space-y-3">
              {data.tiers.map((tier) => (
                <TierRow
                  key={tier.id}
                  tier={tier}
                  serverId={serverId}
                  onEdit={() => {
                    setEditing(tier);
                    document
                      .getElementById("tier-form")
                      ?.scrollIntoView({ behavior: "smooth", block: "start" });
                  }}
                />
              ))}
            </ul>
          )}
        </Card>
        <Card title="Settings">
          <Settings serverId={serverId} overview={data} />
        </Card>
        <Card title="Members with perks" description={plural(data.members.length, "member")}>
          <MembersList serverId={serverId} members={data.members} />
        </Card>
      </div>
    </div>
  );
}
