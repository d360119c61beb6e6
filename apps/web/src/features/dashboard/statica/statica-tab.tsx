import { defaultStaticaConfig, type StaticaConfig } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery, textChannels } from "../shared/api";
import { Banner, useBanner } from "../shared/banner";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { StarIcon } from "../shared/icons";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { Switch } from "../shared/switch";
import type { TabProps } from "../shared/tab-props";
import {
  refusalText,
  staticaQuery,
  staticaRolesQuery,
  useCreateStatica,
  useDeleteStatica,
  useToggleStatica,
  useUpdateStatica,
} from "./api";
import { ConfigForm } from "./config-form";
import { editable, HowItWorks, SavedView, StatsPanel } from "./panels";
import { messages, saveProblem } from "./rules";

export function StaticaTab(_props: TabProps) {
  const { serverId } = useDashboardSession();
  const config = useQuery(staticaQuery(serverId));
  const roles = useQuery(staticaRolesQuery(serverId));
  const channels = useQuery(channelsQuery(serverId));
  const banner = useBanner();
  const confirm = useConfirm();
  const create = useCreateStatica(serverId);
  const update = useUpdateStatica(serverId);
  const toggle = useToggleStatica(serverId);
  const remove = useDeleteStatica(serverId);
  // null: not editing; otherwise the working copy (new or edited).
  const [draft, setDraft] = useState<StaticaConfig | null>(null);
  const text = textChannels(channels.data);

  const roleName = (id: string) => {
    const role = roles.data?.find((candidate) => candidate.id === id);
    return role
      ? { name: role.name, color: role.color }
      : { name: `Unknown role (${id.slice(-4)})`, color: 0 };
  };

  const save = () => {
    const problem = saveProblem(draft);
    if (problem || !draft) {
      banner.error(problem ?? messages.nothingToSave);
      return;
    }
    const isNew = !config.data;
    (isNew ? create : update).mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        banner.success(isNew ? messages.created : messages.updated);
      },
      onError: (error) => banner.error(refusalText(error, messages.saveFailed)),
    });
  };

  const askDelete = async () => {
    const ok = await confirm({
      title: "Delete the rewards configuration?",
      body: "Hearth stops giving supporter rewards. Roles members already hold stay until you remove them.",
      confirmLabel: "Delete",
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        setDraft(null);
        banner.success(messages.deleted);
      },
      onError: (error) => banner.error(refusalText(error, messages.deleteFailed)),
    });
  };

  let main: ReactNode;
  if (config.isPending) main = <PanelLoading label="Loading rewards configuration" rows={5} />;
  else if (config.isError && config.data === undefined) {
    main = (
      <PanelError message={messages.loadFailed} onRetry={() => void config.refetch()} error={config.error} />
    );
  } else if (draft) {
    main = (
      <ConfigForm
        value={draft}
        onChange={setDraft}
        roles={roles.data ?? []}
        saving={create.isPending || update.isPending}
        isNew={!config.data}
        onSave={save}
        onCancel={() => setDraft(null)}
      />
    );
  } else if (!config.data) {
    main = (
      <EmptyState
        title="No supporter rewards yet"
        icon={<StarIcon />}
        action={
          <button
            type="button"
            className={buttonClass("primary", "sm")}
            onClick={() => setDraft(structuredClone(defaultStaticaConfig))}
          >
            Set Up Rewards
          </button>
        }
      >
        Reward members who wear your server tag or put your server in their status.
      </EmptyState>
    );
  } else {
    const saved = config.data;
    main = (
      <div className="space-y-5">
        <Switch
          label={
            <span className="flex items-center gap-2">
              Rewards
              <span
                className={cn(
                  "rounded-full border px-2 py-0.5 text-xs font-semibold",
                  saved.enabled
                    ? "border-emerald-400/30 bg-emerald-400/10 text-emerald-200"
                    : "border-white/10 bg-white/5 text-stone-300",
                )}
              >
                {saved.enabled ? "Active" : "Inactive"}
              </span>
            </span>
          }
          description={
            saved.enabled
              ? "Hearth is giving and taking reward roles."
              : "Nothing happens until you enable rewards."
          }
          checked={saved.enabled}
          pending={toggle.isPending}
          onChange={(enabled) =>
            toggle.mutate(enabled, {
              onError: (error) => banner.error(refusalText(error, messages.toggleFailed)),
            })
          }
        />
        <div className="border-t border-white/[0.06] pt-5">
          <SavedView config={saved} roleName={roleName} channels={text} />
        </div>
        <div className="flex flex-wrap gap-2 border-t border-white/[0.06] pt-5">
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => setDraft(editable(saved))}
          >
            Edit Configuration
          </button>
          <button
            type="button"
            className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={remove.isPending}
            onClick={() => void askDelete()}
          >
            Delete
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <Card
          title="Supporter Rewards"
          description="Roles for members who represent your server."
          icon={<StarIcon />}
        >
          <Banner message={banner.message} />
          {main}
        </Card>
      </div>
      <div className="space-y-6">
        {config.data && <StatsPanel serverId={serverId} />}
        <HowItWorks />
      </div>
    </div>
  );
}
