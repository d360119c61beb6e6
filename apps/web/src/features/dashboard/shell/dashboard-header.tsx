import { useQuery } from "@tanstack/react-query";
import { buttonClass } from "../../../components/ui/button-styles";
import { CopyButton } from "../../../components/ui/copy-button";
import { ImageWithFallback } from "../../../components/ui/image-with-fallback";
import { cn } from "../../../lib/cn";
import { useDashboardSession } from "../session/session-context";
import { serverInfoQuery } from "../shared/api";
import { LogoutIcon } from "../shared/icons";
import { Skeleton } from "../shared/panel-state";

/** Shown when the server has no icon or its icon fails to load (spec §8). */
export const DEFAULT_SERVER_ICON = "/images/default-server.svg";

const permissionLabels: Record<string, string> = { owner: "Owner", admin: "Admin", manager: "Manager" };

export function DashboardHeader() {
  const { serverId, info, logout } = useDashboardSession();
  const server = useQuery(serverInfoQuery(serverId));
  const name = server.data?.name ?? info.serverName;
  const icon = server.data ? server.data.icon : info.serverIcon;

  return (
    <header className="flex flex-col gap-5 rounded-2xl border border-white/[0.08] bg-gradient-to-br from-ink-900 via-ink-900 to-ember-700/15 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex min-w-0 items-center gap-4">
        <ImageWithFallback
          src={icon}
          fallback={DEFAULT_SERVER_ICON}
          alt={`${name} icon`}
          size={64}
          className="size-14 shrink-0 rounded-2xl border border-white/10 bg-ink-800 object-cover sm:size-16"
        />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-widest text-ember-400 uppercase">Server dashboard</p>
          <h1 className="truncate text-2xl font-bold tracking-tight text-stone-50 sm:text-3xl">{name}</h1>
          <dl className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-400">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Server ID</dt>
              {/* The copy button inside the value: a definition list holds terms and values only. */}
              <dd className="flex items-center gap-1.5">
                <span className="font-mono text-xs text-stone-300">{serverId}</span>
                <CopyButton text={serverId} label="Copy server ID" className="h-6" />
              </dd>
            </div>
            <div className="flex items-center gap-1">
              <dt className="sr-only">Members</dt>
              <dd data-testid="member-count">
                {server.data ? (
                  `${server.data.memberCount.toLocaleString("en-US")} members`
                ) : (
                  <Skeleton className="inline-block h-4 w-20 align-middle" />
                )}
              </dd>
            </div>
          </dl>
        </div>
      </div>

      <div className="flex items-center justify-between gap-3 border-t border-white/[0.06] pt-4 sm:justify-end sm:border-0 sm:pt-0">
        <dl className="text-sm sm:text-right">
          <dt className="sr-only">Signed in as</dt>
          <dd className="font-medium text-stone-100">{info.userName}</dd>
          <dt className="sr-only">Permission level</dt>
          <dd>
            <span
              className={cn(
                "mt-1 inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold",
                info.permission === "owner"
                  ? "border-ember-400/30 bg-ember-500/10 text-ember-200"
                  : "border-sky-400/30 bg-sky-400/10 text-sky-200",
              )}
            >
              {permissionLabels[info.permission] ?? info.permission}
            </span>
          </dd>
        </dl>
        <button type="button" onClick={logout} className={buttonClass("secondary", "sm")}>
          <LogoutIcon className="size-4" />
          Logout
        </button>
      </div>
    </header>
  );
}
