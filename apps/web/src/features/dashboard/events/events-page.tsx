import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { setupQuery } from "../shared/api";
import { Card } from "../shared/card";
import { CrownIcon, GiftIcon, StarIcon, TargetIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { RolePicker } from "../shared/pickers/role-pickers";
import { useSavePingRole } from "./api";
import { LotteryPanel } from "./lottery-panel";
import { RafflePanel } from "./raffle-panel";
import { TournamentPanel } from "./tournament-panel";

/** The events ping role: mentioned once when a giveaway, lottery, raffle or tournament starts. */
function PingRole({ serverId }: { serverId: string }) {
  const setup = useQuery(setupQuery(serverId));
  const save = useSavePingRole(serverId);
  const { can } = usePermission();
  const [draft, setDraft] = useState<string | null | undefined>(undefined);
  if (setup.isPending) return <PanelLoading label="Loading the events ping role" rows={1} />;
  if (setup.isError && !setup.data)
    return (
      <PanelError
        message="Failed to load the events ping role."
        error={setup.error}
        onRetry={() => void setup.refetch()}
      />
    );
  const saved = setup.data.events.pingRole;
  const value = draft === undefined ? saved : draft;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <RolePicker
          label="Events ping role"
          value={value}
          allowUnsafe
          placeholder="No ping"
          disabled={!can("admin")}
          hint={
            can("admin")
              ? "Mentioned once when an event starts, so members who opted in hear about it. The previews below show it."
              : "Changing it needs the admin permission."
          }
          onChange={setDraft}
        />
      </div>
      <button
        type="button"
        className={buttonClass("secondary")}
        disabled={!can("admin") || value === saved || save.isPending}
        onClick={() => save.mutate(value ?? null, { onSuccess: () => setDraft(undefined) })}
      >
        {save.isPending ? "Saving…" : "Save ping role"}
      </button>
    </div>
  );
}

/**
 * The Events page: the lottery, the raffle and the tournament, each as its commands run them (one
 * of each at a time), with their posts previewed before anything is posted.
 */
export default function EventsPage() {
  const { serverId } = useDashboardSession();
  return (
    <div className="space-y-6">
      <Card title="Events ping" icon={<StarIcon />}>
        <PingRole serverId={serverId} />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Lottery"
          description="Members take tickets; one is drawn at the end."
          icon={<GiftIcon />}
        >
          <LotteryPanel serverId={serverId} />
        </Card>
        <Card
          title="Raffle"
          description="Staff hand out tickets; winners are drawn by weight."
          icon={<TargetIcon />}
        >
          <RafflePanel serverId={serverId} />
        </Card>
      </div>
      <Card
        title="Tournament"
        description="Single elimination: sign-ups, a seeded bracket, reported results."
        icon={<CrownIcon />}
      >
        <TournamentPanel serverId={serverId} />
      </Card>
    </div>
  );
}
