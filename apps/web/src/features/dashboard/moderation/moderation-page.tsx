import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { Card } from "../shared/card";
import { ShieldIcon, TargetIcon } from "../shared/icons";
import { EmptyState } from "../shared/panel-state";
import { ModerationActionForm } from "./action-form";
import { CaseLog } from "./case-log";

/**
 * The Moderation page: `/mod`'s actions and case log. Moderating needs Moderate Members in Discord,
 * which only the admin level implies: the registry's `required: "admin"` opens it read-only below.
 */
export default function ModerationPage() {
  const { serverId } = useDashboardSession();
  const { can } = usePermission();
  if (!can("admin")) {
    // The case log holds who was banned and why: not read below admin either (the API answers 403).
    return (
      <EmptyState title="Moderation needs the admin permission" icon={<ShieldIcon />}>
        The case log and the actions are for tokens of members with Administrator or Manage Server.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card
        title="Take action"
        description="Warn, time out, kick or ban, as the /mod commands do. Members at or above your highest role (or Hearth's) can't be moderated."
        icon={<TargetIcon />}
      >
        <ModerationActionForm serverId={serverId} />
      </Card>
      <Card title="Cases" description="Every action is a numbered case, newest first." icon={<ShieldIcon />}>
        <CaseLog serverId={serverId} />
      </Card>
    </div>
  );
}
