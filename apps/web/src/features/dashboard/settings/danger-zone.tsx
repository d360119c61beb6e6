import type { PurgeBody, PurgeResult } from "@hearth/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { dashboardRequest } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { showAfterNavigation } from "../../../lib/flash-notice";
import { useDashboardSession } from "../session/session-context";
import { useConfirm } from "../shared/confirm";
import { serverMessage } from "../shared/errors";
import { Field, inputClass } from "../shared/form-controls";
import { TrashIcon } from "../shared/icons";

/** Whether what was typed is the server's name: exact, bar spaces around it (as the API checks). */
export function nameMatches(typed: string, serverName: string): boolean {
  return typed.trim() !== "" && typed.trim() === serverName.trim();
}

/**
 * The owner's data purge (owner tokens only; the API refuses the others): type the server's exact
 * name, confirm, and every row Hearth holds for the server is deleted and every dashboard token
 * revoked, this one included, so the session ends.
 */
export function DangerZone() {
  const { serverId, info, logout } = useDashboardSession();
  const confirm = useConfirm();
  const [typed, setTyped] = useState("");
  const purge = useMutation({
    mutationFn: (body: PurgeBody) =>
      dashboardRequest<PurgeResult>(`/api/servers/${serverId}/purge`, { method: "POST", body }),
    onSuccess: (result) => {
      // Signing out leaves the dashboard, and its notifications with it: the site's next page says it.
      showAfterNavigation({
        title: `All of ${result.serverName}'s data is deleted`,
        body: `${result.rows} records removed and ${result.tokensRevoked} dashboard token${result.tokensRevoked === 1 ? "" : "s"} revoked. You are signed out.`,
      });
      logout();
    },
  });

  if (info.permission !== "owner") return null;
  const matches = nameMatches(typed, info.serverName);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || purge.isPending) return;
    const sure = await confirm({
      title: `Delete all of ${info.serverName}'s data?`,
      body: "Every setting, grinder, payment, giveaway, board, vote, log entry and dashboard token Hearth keeps for this server is deleted for good. This can't be undone.",
      confirmLabel: "Delete everything",
      destructive: true,
    });
    if (sure) purge.mutate({ confirmName: typed });
  };

  return (
    <section
      aria-labelledby="danger-zone-title"
      className="rounded-2xl border border-red-500/40 bg-red-950/20 p-5 shadow-xl shadow-black/20 sm:p-6"
    >
      <div className="mb-4 flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-red-500/15 text-red-300">
          <TrashIcon />
        </span>
        <div>
          <h2 id="danger-zone-title" className="text-base font-semibold text-red-100">
            Danger zone
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-stone-300">
            Delete every piece of data Hearth holds for this server: settings, setup, grinders and their
            payments, giveaways, lotteries, raffles, tournaments, birthdays, triggers, the price list, rumble
            wins, boards, votes, perks, self-roles, components, templates and the audit log. Every dashboard
            token is revoked, yours included, so you are signed out. Hearth stays in the server with default
            settings; remove it in Discord if you want it gone too.
          </p>
        </div>
      </div>
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field
          label="Type the server's name to confirm"
          hint={`Exactly as it is on Discord: ${info.serverName}`}
          error={
            purge.isError
              ? (serverMessage(purge.error) ?? "The data could not be deleted. Please try again.")
              : null
          }
        >
          {(props) => (
            <input
              {...props}
              className={inputClass}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder={info.serverName}
            />
          )}
        </Field>
        <button
          type="submit"
          disabled={!matches || purge.isPending}
          className={cn(
            buttonClass("primary"),
            "bg-red-500 text-white shadow-red-500/20 hover:bg-red-400 disabled:cursor-not-allowed disabled:opacity-50",
          )}
        >
          {purge.isPending ? "Deleting…" : "Delete all server data"}
        </button>
      </form>
    </section>
  );
}
