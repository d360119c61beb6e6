import { useQuery } from "@tanstack/react-query";
import { RequirePermission, usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { settingsQuery } from "../shared/api";
import { Card } from "../shared/card";
import { SettingsIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import type { TabProps } from "../shared/tab-props";
import { discoveryEntryQuery } from "./api";
import { AuditLogPanel } from "./audit-log-panel";
import { DangerZone } from "./danger-zone";
import { DiscoveryCard } from "./discovery-card";
import { advancedToggles, coreToggles, FeatureToggles, toggleLabels } from "./feature-toggles";
import { GameHelpersCard } from "./game-helpers-card";
import { PremiumCard } from "./premium-card";
import { SecurityCard } from "./security-card";
import { TokensPanel } from "./tokens-panel";
import { TriggersCard } from "./triggers-card";

function OnOff({ on }: { on: boolean }) {
  return <span className={on ? "text-emerald-300" : "text-stone-400"}>{on ? "On" : "Off"}</span>;
}

export function SettingsTab(_props: TabProps) {
  const { serverId } = useDashboardSession();
  const { can } = usePermission();
  const settings = useQuery(settingsQuery(serverId));
  const discovery = useQuery(discoveryEntryQuery(serverId));

  if (settings.isError && !settings.data)
    return (
      <PanelError
        message="Failed to load settings."
        onRetry={() => void settings.refetch()}
        error={settings.error}
      />
    );
  if (!settings.data) return <PanelLoading label="Loading settings" rows={6} />;
  const data = settings.data;

  return (
    <div className="space-y-6">
      <RequirePermission required="admin" what="Premium">
        <PremiumCard settings={data} />
      </RequirePermission>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <RequirePermission required="admin" what="Feature toggles">
            <FeatureToggles settings={data} serverId={serverId} />
          </RequirePermission>
        </div>
        <div className="space-y-6">
          <SecurityCard settings={data} serverId={serverId} />
          <RequirePermission required="admin" what="Game helpers">
            <GameHelpersCard settings={data} serverId={serverId} />
          </RequirePermission>
          <RequirePermission required="admin" what="The discovery listing">
            <DiscoveryCard serverId={serverId} />
          </RequirePermission>
        </div>
      </div>
      <RequirePermission required="admin" what="Triggers">
        <TriggersCard serverId={serverId} />
      </RequirePermission>
      <Card title="Settings Overview" icon={<SettingsIcon />}>
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {[...coreToggles, ...advancedToggles].map((key) => (
            <div key={key} className="flex justify-between gap-3 border-b border-white/[0.05] py-2">
              <dt className="text-stone-400">{toggleLabels[key].label}</dt>
              <dd>
                <OnOff on={data[key]} />
              </dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-b border-white/[0.05] py-2">
            <dt className="text-stone-400">Anti-Pool Protection</dt>
            <dd>
              <OnOff on={data.antiPoolShow.toggle} />
            </dd>
          </div>
          <div className="flex justify-between gap-3 border-b border-white/[0.05] py-2">
            <dt className="text-stone-400">Member trigger limit</dt>
            <dd className="text-stone-100 tabular-nums">{data.memberTriggerLimit}</dd>
          </div>
          <div className="flex justify-between gap-3 border-b border-white/[0.05] py-2">
            <dt className="text-stone-400">Premium</dt>
            <dd className={data.pro.status ? "font-semibold text-emerald-300" : "text-stone-400"}>
              {data.pro.status ? "ACTIVE" : "Inactive"}
            </dd>
          </div>
          <div className="flex justify-between gap-3 border-b border-white/[0.05] py-2">
            <dt className="text-stone-400">Discovery</dt>
            <dd className="text-stone-100">
              {discovery.data
                ? discovery.data.toggle === "public"
                  ? "Public"
                  : "Private"
                : discovery.isPending
                  ? "…"
                  : "Not listed"}
            </dd>
          </div>
        </dl>
      </Card>
      {can("admin") && <AuditLogPanel serverId={serverId} />}
      {can("owner") && <TokensPanel />}
      <DangerZone />
    </div>
  );
}
