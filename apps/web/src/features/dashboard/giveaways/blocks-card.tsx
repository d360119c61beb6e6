import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { Card } from "../shared/card";
import { Field, inputClass } from "../shared/form-controls";
import { ShieldIcon } from "../shared/icons";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { MemberAvatar, MemberPicker } from "../shared/pickers/member-picker";
import { membersByIdQuery, unknownMember } from "../shared/pickers/picker-data";
import { blocksQuery, useBlockMember, useUnblockMember } from "./manage-api";

/**
 * Members blocked from every giveaway of the server: a member picked by name (or a pasted user id)
 * with a reason; each block shows the member's name and avatar, and can be lifted.
 */
export function BlocksCard({ serverId }: { serverId: string }) {
  const blocks = useQuery(blocksQuery(serverId));
  const block = useBlockMember(serverId);
  const unblock = useUnblockMember(serverId);
  const blocked = (blocks.data ?? []).map((entry) => entry.userId);
  // The blocked members' names; a failed or slow lookup leaves that row showing the id.
  const people = useQuery(membersByIdQuery(serverId, blocked));
  const member = (id: string) => people.data?.find((candidate) => candidate.id === id);
  const [userId, setUserId] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const valid = userId !== null && reason.trim() !== "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    block.mutate(
      { userId, reason: reason.trim() },
      {
        onSuccess: () => {
          setUserId(null);
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
        <MemberPicker label="Member" value={userId} onChange={setUserId} exclude={new Set(blocked)} />
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
          title={valid ? undefined : "Choose a member and enter a reason"}
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
            {blocks.data.map((entry) => {
              const known = member(entry.userId);
              const name =
                known?.displayName ?? (people.data ? unknownMember(entry.userId).displayName : entry.userId);
              return (
                <li key={entry.userId} className="flex items-center gap-2 text-sm">
                  {known && <MemberAvatar member={known} />}
                  <span className="min-w-0 flex-1 truncate text-stone-200">
                    {name}
                    {known && <span className="text-stone-400"> @{known.username}</span>}
                    <span className="text-stone-400"> · {entry.reason}</span>
                  </span>
                  <button
                    type="button"
                    className={cn(buttonClass("ghost"), "h-8 px-2 text-xs")}
                    disabled={unblock.isPending}
                    onClick={() => unblock.mutate(entry.userId)}
                    aria-label={`Lift the block of ${known ? `${known.displayName} (@${known.username})` : entry.userId}`}
                  >
                    Unblock
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
