import { useQuery } from "@tanstack/react-query";
import { useDashboardSession } from "../session/session-context";
import { assignableRoles, channelsQuery, giveawayStatsQuery, rolesQuery, textChannels } from "../shared/api";
import { Card } from "../shared/card";
import { shortDate } from "../shared/format";
import { CheckCircleIcon, ClockIcon, GiftIcon, PlusIcon, StarIcon } from "../shared/icons";
import {
  EmptyState,
  PanelError,
  PanelLoading,
  placeholderKeys,
  QueryPanel,
  Skeleton,
} from "../shared/panel-state";
import { StatCard } from "../shared/stat-card";
import type { TabProps } from "../shared/tab-props";
import { giveawaysQuery } from "./api";
import { BlocksCard } from "./blocks-card";
import { CreateGiveaway } from "./create-giveaway";
import { GiveawayConfigCard } from "./giveaway-config";
import { GiveawayList } from "./giveaway-list";
import { schedulesQuery } from "./manage-api";
import { ScheduleList } from "./schedule-list";
import { TemplatesPanel } from "./templates-panel";

export function GiveawaysTab(_props: TabProps) {
  const { serverId } = useDashboardSession();
  const stats = useQuery(giveawayStatsQuery(serverId));
  const list = useQuery(giveawaysQuery(serverId));
  const channels = useQuery(channelsQuery(serverId));
  const roles = useQuery(rolesQuery(serverId));
  const pickable = assignableRoles(roles.data);
  const schedules = useQuery(schedulesQuery(serverId));

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-3 gap-3 lg:gap-4">
        {stats.data ? (
          <>
            <StatCard compact label="Total" value={stats.data.total} icon={<GiftIcon />} />
            <StatCard compact label="Active" value={stats.data.active} icon={<ClockIcon />} tone="green" />
            <StatCard
              compact
              label="Completed"
              value={stats.data.completed}
              icon={<CheckCircleIcon />}
              tone="sky"
            />
          </>
        ) : (
          placeholderKeys(3).map((key) => <Skeleton key={key} className="h-28 rounded-2xl" />)
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card
            title="Giveaways"
            description="End, reroll or delete; the newest draws show under Recent Winners."
            icon={<GiftIcon />}
          >
            <QueryPanel query={list} loading="Loading giveaways" rows={4} failed="Failed to load giveaways.">
              {(data) =>
                data.length === 0 ? (
                  <EmptyState title="No giveaways yet" icon={<GiftIcon />}>
                    Start one below, or with /giveaway start in Discord.
                  </EmptyState>
                ) : (
                  <GiveawayList giveaways={data} serverId={serverId} />
                )
              }
            </QueryPanel>
          </Card>
          <Card
            title="Scheduled & Recurring"
            description="Giveaways that post themselves later or again and again."
            icon={<ClockIcon />}
          >
            {schedules.isPending ? (
              <PanelLoading label="Loading scheduled giveaways" rows={2} />
            ) : schedules.isError && !schedules.data ? (
              <PanelError
                message="Failed to load scheduled giveaways."
                onRetry={() => void schedules.refetch()}
              />
            ) : schedules.data.length === 0 ? (
              <p className="text-sm text-stone-400">
                None yet. Choose "Later" or a repeat below, or use /giveaway start … start:in 2h in Discord.
              </p>
            ) : (
              <ScheduleList schedules={schedules.data} serverId={serverId} />
            )}
          </Card>
          <TemplatesPanel
            serverId={serverId}
            channels={textChannels(channels.data)}
            giveaways={list.data ?? []}
          />
          <Card title="Create Giveaway" icon={<PlusIcon />}>
            <CreateGiveaway serverId={serverId} roles={pickable} />
          </Card>
        </div>
        <div className="space-y-6">
          {/* Managed roles (boosters, bots) make sense here: boosters are a classic bypass. */}
          <GiveawayConfigCard serverId={serverId} roles={roles.data ?? []} />
          <BlocksCard serverId={serverId} />
          <Card title="Recent Winners" icon={<StarIcon />}>
            {!stats.data ? (
              <PanelLoading label="Loading winners" rows={3} />
            ) : stats.data.recentWinners.length === 0 ? (
              <p className="text-sm text-stone-400">No winners yet.</p>
            ) : (
              <ul className="space-y-2.5">
                {stats.data.recentWinners.map((winner) => (
                  <li key={`${winner.messageId}-${winner.userId}-${winner.draw}`} className="text-sm">
                    <p className="font-medium text-stone-100">{winner.username}</p>
                    <p className="text-xs text-stone-400">
                      {winner.prize} · {shortDate(winner.wonAt)}
                      {winner.draw > 0 ? " · reroll" : ""}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
