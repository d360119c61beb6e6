import type { DashboardTokenRecord } from "@hearth/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { buttonClass } from "../../../components/ui/button-styles";
import { dashboardRequest } from "../../../lib/api-client";
import { useDashboardSession } from "../session/session-context";
import { Card } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { serverMessage } from "../shared/errors";
import { shortDateTime } from "../shared/format";
import { CrownIcon } from "../shared/icons";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { dashboardKeys } from "../shared/query-keys";
import { useToast } from "../toasts/toast-context";

/**
 * The owner's token management: every dashboard token of the server (never the tokens themselves),
 * and Revoke, which DMs the holder. Revoking this session's own token signs out.
 */
export function TokensPanel() {
  const { serverId, logout } = useDashboardSession();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const key = [...dashboardKeys.server(serverId), "tokens"];
  const tokens = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dashboardRequest<DashboardTokenRecord[]>("/api/dashboard/tokens", { signal }),
  });
  const revoke = useMutation({
    mutationFn: (token: DashboardTokenRecord) =>
      dashboardRequest<void>(`/api/dashboard/tokens/${token.id}`, { method: "DELETE" }),
    onSuccess: (_result, token) => {
      if (token.current) {
        toast.success("Your token is revoked", "You are signed out.");
        logout();
        return;
      }
      toast.success(`${token.userName}'s token is revoked`, "They were told by DM.");
    },
    onError: (error) => toast.error("Failed to revoke the token", serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const ask = async (token: DashboardTokenRecord) => {
    const ok = await confirm({
      title: token.current ? "Revoke your own token?" : `Revoke ${token.userName}'s token?`,
      body: token.current
        ? "This session ends at once. Run /dashboard create in the server for a new token."
        : "It stops working at once and they are told by DM. They can ask for a new one with /dashboard create.",
      confirmLabel: "Revoke",
      destructive: true,
    });
    if (ok) revoke.mutate(token);
  };

  const live = tokens.data?.filter((token) => token.revokedAt === null) ?? [];
  const revoked = tokens.data?.filter((token) => token.revokedAt !== null).slice(0, 10) ?? [];

  return (
    <Card
      title="Dashboard tokens"
      description="Only the server owner sees and revokes tokens. A token used from too many addresses, or refused too often, is revoked automatically."
      icon={<CrownIcon />}
    >
      {tokens.isError && !tokens.data ? (
        <PanelError
          message="Failed to load the tokens."
          onRetry={() => void tokens.refetch()}
          error={tokens.error}
        />
      ) : !tokens.data ? (
        <PanelLoading label="Loading the tokens" rows={2} />
      ) : live.length === 0 ? (
        <EmptyState title="No live tokens" />
      ) : (
        <ul aria-label="Live tokens" className="divide-y divide-white/[0.06]">
          {live.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-stone-100">
                  {token.userName}{" "}
                  <span className="ml-1 rounded-md bg-white/5 px-1.5 py-0.5 text-xs text-stone-300">
                    {token.permission}
                  </span>
                  {token.current && <span className="ml-2 text-xs text-ember-300">this session</span>}
                </p>
                <p className="text-xs text-stone-400">
                  <span className="font-mono">{token.id}</span> · created {shortDateTime(token.createdAt)} ·{" "}
                  {token.lastUsedAt ? `last used ${shortDateTime(token.lastUsedAt)}` : "never used"}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass("secondary", "sm")}
                disabled={revoke.isPending}
                onClick={() => void ask(token)}
                aria-label={`Revoke ${token.userName}'s token`}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {revoked.length > 0 && (
        <details className="mt-4 text-sm text-stone-300">
          <summary className="cursor-pointer text-stone-400">Recently revoked ({revoked.length})</summary>
          <ul className="mt-2 space-y-1 text-xs text-stone-400">
            {revoked.map((token) => (
              <li key={token.id}>
                {token.userName} ({token.permission}) · {token.revokedReason ?? "revoked"}
                {token.revokedAt ? ` · ${shortDateTime(token.revokedAt)}` : ""}
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}
