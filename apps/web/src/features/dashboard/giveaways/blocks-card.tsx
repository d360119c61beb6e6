import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { Card } from "../shared/card";
import { Field, inputClass } from "../shared/form-controls";
import { ShieldIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { blocksQuery, useBlockMember, useUnblockMember } from "./manage-api";

/** Members blocked from every giveaway of the server: block by id with a reason, lift a block. */
export function BlocksCard({ serverId }: { serverId: string }) {
  const blocks = useQuery(blocksQuery(serverId));
  const block = useBlockMember(serverId);
  const unblock = useUnblockMember(serverId);
  const [userId, setUserId] = useState("");
  const [reason, setReason] = useState("");
  const valid = /^\d{17,20}$/.test(userId.trim()) && reason.trim() !== "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    block.mutate(
      { userId: userId.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          setUserId("");
          setReason("");
        },
      },
    );
  };
  return (
    <Card
      title="Blocked Members"
      icon={<ShieldIcon />}
      description="They can't enter this server's giveaways."
    >
      <form onSubmit={submit} aria-label="Block a member" className="space-y-3">
        <Field label="Member ID">
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="numeric"
              value={userId}
              onChange={(event) => setUserId(event.target.value)}
            />
          )}
        </Field>
        <Field label="Reason">
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <button
          type="submit"
          className={cn(buttonClass("secondary"), "h-9 px-3 text-sm")}
          disabled={!valid || block.isPending}
          title={valid ? undefined : "Enter a member ID (17 to 20 digits) and a reason"}
        >
          Block
        </button>
      </form>
      <div className="mt-4">
        {blocks.isPending ? (
          <PanelLoading label="Loading blocked members" rows={2} />
        ) : blocks.isError ? (
          <PanelError message="Failed to load blocked members." onRetry={() => void blocks.refetch()} />
        ) : blocks.data.length === 0 ? (
          <p className="text-sm text-stone-400">No one is blocked.</p>
        ) : (
          <ul aria-label="Blocked members" className="space-y-2">
            {blocks.data.map((entry) => (
              <li key={entry.userId} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-stone-200">
                  {entry.userId} <span className="text-stone-400">· {entry.reason}</span>
                </span>
                <button
                  type="button"
                  className={cn(buttonClass("ghost"), "h-8 px-2 text-xs")}
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate(entry.userId)}
                  aria-label={`Lift the block of ${entry.userId}`}
                >
                  Unblock
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
