import { relevantRoleCategories, type StaticaConfig, type StaticaConfigResponse } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import type { textChannels } from "../shared/api";
import { Card } from "../shared/card";
import { channelName } from "../shared/channel-options";
import { formatAmount, shortDate } from "../shared/format";
import { ChartIcon, LightbulbIcon } from "../shared/icons";
import { placeholderKeys, Skeleton } from "../shared/panel-state";
import { RoleDot } from "../shared/pickers/role-dot";
import { staticaStatsQuery } from "./api";
import { typeLabels } from "./labels";
import { categoryLabels } from "./rules";

/** The editable part of a saved configuration. */
export function editable(config: StaticaConfigResponse): StaticaConfig {
  const { serverId: _s, createdAt: _c, updatedAt: _u, ...rest } = config;
  return rest;
}

export function StatsPanel({ serverId }: { serverId: string }) {
  const stats = useQuery(staticaStatsQuery(serverId, true));
  // A failed stats load is ignored and the loading state stays (spec §4).
  const data = stats.data;
  return (
    <Card title="Statistics" icon={<ChartIcon />}>
      {data ? (
        <dl className="grid grid-cols-2 gap-3">
          {[
            ["Members", formatAmount(data.server.memberCount)],
            ["Rewarded now", formatAmount(data.rewarded.total)],
            ["Combined roles", data.server.roleCategories.combined],
            ["Tag roles", data.server.roleCategories.serverTag],
            ["Status roles", data.server.roleCategories.status],
            ["Since", shortDate(data.config.createdAt)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl border border-white/[0.06] bg-white/[0.02] p-3">
              <dt className="text-xs text-stone-400">{label}</dt>
              <dd className="mt-1 text-lg font-semibold text-stone-100 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div role="status" aria-label="Loading statistics" className="grid grid-cols-2 gap-3">
          {placeholderKeys(6).map((key) => (
            <Skeleton key={key} className="h-16" />
          ))}
        </div>
      )}
    </Card>
  );
}

export function HowItWorks() {
  return (
    <Card title="How it works" icon={<LightbulbIcon />}>
      <ol className="list-inside list-decimal space-y-2 text-sm leading-relaxed text-stone-300 marker:text-ember-400">
        <li>Choose how members qualify: wearing your server tag, a keyword in their status, or both.</li>
        <li>Pick the reward roles. Hearth can only give roles below its own highest role.</li>
        <li>Hearth checks members when their profile or status changes and gives or takes the roles.</li>
        <li>Turn on logging to see every role change in a channel of your choice.</li>
      </ol>
    </Card>
  );
}

export function SavedView({
  config,
  roleName,
  channels,
}: {
  config: StaticaConfigResponse;
  roleName: (id: string) => { name: string; color: number };
  channels: ReturnType<typeof textChannels>;
}) {
  const keywords = config.conditions.status.keywords;
  return (
    <dl className="space-y-4 text-sm">
      <div>
        <dt className="text-stone-400">Detection</dt>
        <dd className="mt-1 font-medium text-stone-100">
          {typeLabels[config.type].label}
          {config.type === "combined"
            ? ` (${config.conditions.combination === "OR" ? "either condition" : "both conditions"})`
            : ""}
        </dd>
      </div>
      {relevantRoleCategories(config).map((category) => (
        <div key={category}>
          <dt className="text-stone-400">{categoryLabels[category]}</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {config.roleConfig[category].length === 0 ? (
              <span className="text-stone-400">None</span>
            ) : (
              config.roleConfig[category].map((id) => {
                const role = roleName(id);
                return (
                  <span
                    key={id}
                    className="inline-flex items-center gap-1.5 rounded-full border border-white/10 bg-white/5 px-2.5 py-0.5 text-stone-100"
                  >
                    <RoleDot color={role.color} />
                    {role.name}
                  </span>
                );
              })
            )}
          </dd>
        </div>
      ))}
      {config.type !== "server_tag" && (
        <div>
          <dt className="text-stone-400">Status keywords</dt>
          <dd className="mt-1 text-stone-100">{keywords.length ? keywords.join(", ") : "None"}</dd>
        </div>
      )}
      <div>
        <dt className="text-stone-400">Logging</dt>
        <dd className="mt-1 text-stone-100">
          {config.logging.enabled ? channelName(channels, config.logging.channel) : "Off"}
        </dd>
      </div>
    </dl>
  );
}
