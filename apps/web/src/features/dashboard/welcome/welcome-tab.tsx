import { useDashboardSession } from "../session/session-context";
import type { TabProps } from "../shared/tab-props";
import { PingPanel } from "./ping-panel";
import { WelcomePanel } from "./welcome-panel";

export function WelcomeTab(_props: TabProps) {
  const { serverId } = useDashboardSession();
  return (
    <div className="space-y-6">
      <WelcomePanel serverId={serverId} />
      <PingPanel serverId={serverId} />
    </div>
  );
}
