import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { RequirePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { grindersQuery, setupQuery } from "../shared/api";
import { Card } from "../shared/card";
import { abbreviate, perPeriod } from "../shared/format";
import { CheckCircleIcon, CoinsIcon, MailIcon, PauseIcon, PlusIcon, UsersIcon } from "../shared/icons";
import { EmptyState, PanelLoading, placeholderKeys, QueryPanel, Skeleton } from "../shared/panel-state";
import { StatCard } from "../shared/stat-card";
import type { TabProps } from "../shared/tab-props";
import { AddGrinderForm } from "./add-grinder-form";
import { defaultGrinderFilters, filterGrinders, type GrinderFilters, rosterStats } from "./display";
import { DmPanel } from "./dm-panel";
import { GrinderFilterBar } from "./grinder-filters";
import { GrinderTable } from "./grinder-table";

/** Rows shown at first and added by "Show more", so a big roster stays quick to scan. */
const PAGE_SIZE = 20;

export function GrindersTab({ onNavigate }: TabProps) {
  const { serverId } = useDashboardSession();
  const grinders = useQuery(grindersQuery(serverId));
  const setup = useQuery(setupQuery(serverId));
  const [filters, setFiltersState] = useState<GrinderFilters>(defaultGrinderFilters);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const setFilters = (next: GrinderFilters) => {
    setFiltersState(next);
    setLimit(PAGE_SIZE);
  };
  const tiers = setup.data?.tiers ?? [];
  const stats = useMemo(() => rosterStats(grinders.data ?? []), [grinders.data]);
  const visible = useMemo(
    () => filterGrinders(grinders.data ?? [], filters, tiers),
    [grinders.data, filters, tiers],
  );

  return (
    <div className="space-y-6">
      {setup.data && tiers.length === 0 && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-2xl border border-amber-400/30 bg-amber-400/5 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 className="font-semibold text-amber-100">No Tiers Configured</h2>
            <p className="mt-1 text-sm text-stone-300">
              Grinders are hired on a tier. Add your tiers (name, payment and role) under Setup → Tiers first.
            </p>
          </div>
          <button type="button" className={buttonClass("soft", "sm")} onClick={() => onNavigate("setup")}>
            Open tier setup
          </button>
        </div>
      )}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {grinders.data ? (
          <>
            <StatCard label="Total Grinders" value={stats.total} icon={<UsersIcon />} />
            <StatCard
              label="Paid"
              value={stats.paid}
              icon={<CheckCircleIcon />}
              tone="green"
              hint={`${stats.unpaid} unpaid`}
            />
            <StatCard
              label="Total Payments"
              value={abbreviate(stats.totalPayments)}
              icon={<CoinsIcon />}
              tone="amber"
              hint={perPeriod(setup.data?.grinders.paymentPeriod)}
            />
            <StatCard label="On Break" value={stats.onBreak} icon={<PauseIcon />} tone="sky" />
          </>
        ) : (
          placeholderKeys(4).map((key) => <Skeleton key={key} className="h-28 rounded-2xl" />)
        )}
      </div>

      <Card
        title="Add Grinder"
        description="Hire a member on a tier; Hearth gives them the grinder and tier roles."
        icon={<PlusIcon />}
      >
        {setup.isPending ? (
          <PanelLoading label="Loading tiers" rows={1} />
        ) : (
          <AddGrinderForm serverId={serverId} tiers={tiers} />
        )}
      </Card>

      <Card
        title="Grinders"
        description={grinders.data ? `${visible.length} of ${grinders.data.length} match` : undefined}
        icon={<UsersIcon />}
      >
        <div className="mb-5">
          <GrinderFilterBar
            filters={filters}
            onChange={setFilters}
            tiers={tiers}
            onRefresh={() => void grinders.refetch()}
            refreshing={grinders.isFetching}
          />
        </div>
        <QueryPanel query={grinders} loading="Loading grinders" rows={5} failed="Failed to load grinders.">
          {(data) =>
            data.length === 0 ? (
              <EmptyState title="No grinders yet" icon={<UsersIcon />}>
                Add your first grinder above, or with /grinder add in Discord.
              </EmptyState>
            ) : visible.length === 0 ? (
              <EmptyState title="No grinders match these filters">
                <button
                  type="button"
                  className="text-ember-300 underline-offset-4 hover:underline"
                  onClick={() => setFilters(defaultGrinderFilters)}
                >
                  Clear filters
                </button>
              </EmptyState>
            ) : (
              <>
                <GrinderTable grinders={visible.slice(0, limit)} serverId={serverId} />
                {visible.length > limit && (
                  <div className="mt-4 flex justify-center">
                    <button
                      type="button"
                      className={buttonClass("secondary", "sm")}
                      onClick={() => setLimit(limit + PAGE_SIZE)}
                    >
                      Show {Math.min(PAGE_SIZE, visible.length - limit)} more ({visible.length - limit} not
                      shown)
                    </button>
                  </div>
                )}
              </>
            )
          }
        </QueryPanel>
      </Card>

      <Card
        title="Message Management"
        description="Send a direct message to your grinders. Members with closed DMs are skipped."
        icon={<MailIcon />}
      >
        <RequirePermission required="admin" what="Message Management">
          <DmPanel
            serverId={serverId}
            counts={grinders.data ? { paid: stats.paid, unpaid: stats.unpaid, all: stats.total } : null}
            recipientOf={(target) =>
              grinders.data?.find((grinder) => target === "all" || grinder.paid === (target === "paid"))
                ?.userId
            }
          />
        </RequirePermission>
      </Card>
    </div>
  );
}
