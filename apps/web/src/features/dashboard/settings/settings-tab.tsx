import { useQuery } from "@tanstack/react-query";
import { useDashboardSession } from "../session/session-context";
import { settingsQuery } from "../shared/api";
import { Card } from "../shared/card";
import { SettingsIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import type { TabProps } from "../shared/tab-props";
import { discoveryEntryQuery } from "./api";
import { DangerZone } from "./danger-zone";
import { DiscoveryCard } from "./discovery-card";
import { advancedToggles, coreToggles, FeatureToggles, toggleLabels } from "./feature-toggles";
import { GameHelpersCard } from "./game-helpers-card";
import { PremiumCard } from "./premium-card";
import { SecurityCard } from "./security-card";
import { TriggersCard } from "./triggers-card";

function OnOff({ on }: { on: boolean }) {
  return <span className={on ? "text-emerald-300" : "text-stone-400"}>{on ? "On" : "Off"}</span>;
}

export function SettingsTab(_props: TabProps) {
  const { serverId } = useDashboardSession();
  const settings = useQuery(settingsQuery(serverId));
  const discovery = useQuery(discoveryEntryQuery(serverId));

  if (settings.isError && !settings.data)
    return <PanelError message="Failed to load settings." onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <PanelLoading label="Loading settings" rows={6} />;
  const data = settings.data;

  return (
    <div className="space-y-6">
      <PremiumCard settings={data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <FeatureToggles settings={data} serverId={serverId} />
        </div>
        <div className="space-y-6">
          <SecurityCard settings={data} serverId={serverId} />
          <GameHelpersCard settings={data} serverId={serverId} />
          <DiscoveryCard serverId={serverId} />
        </div>
      </div>
      <TriggersCard serverId={serverId} />
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
      <DangerZone />
    </div>
  );
}
