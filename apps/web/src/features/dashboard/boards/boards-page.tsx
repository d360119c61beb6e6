import type { BoardItem } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery } from "../shared/api";
import { Card } from "../shared/card";
import { channelName } from "../shared/channel-options";
import { useConfirm } from "../shared/confirm";
import { PlusIcon } from "../shared/icons";
import { EmptyState, QueryPanel } from "../shared/panel-state";
import { boardsQuery, useDeleteBoard } from "./api";
import { BoardForm } from "./board-form";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function BoardRow({ board, serverId, onEdit }: { board: BoardItem; serverId: string; onEdit: () => void }) {
  const remove = useDeleteBoard(serverId);
  const confirm = useConfirm();
  const { can } = usePermission();
  const allowed = can("admin");
  const channels = useQuery(channelsQuery(serverId)).data ?? [];
  const ask = async () => {
    if (
      await confirm({
        title: `Delete the board ${board.name}?`,
        body: "Its settings, every message stored for it and its posts in its channel are removed. This can't be undone.",
        confirmLabel: "Delete board",
        dismissLabel: "Keep board",
        destructive: true,
      })
    )
      remove.mutate(board.id);
  };
  return (
    <li className="rounded-xl border border-white/[0.08] bg-white/[0.02] p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-100">
            <span aria-hidden="true">
              {board.emoji.startsWith("<") ? `:${board.emoji.split(":")[1]}:` : board.emoji}
            </span>{" "}
            {board.name}
          </p>
          <p className="mt-0.5 text-xs text-stone-400">
            {channelName(channels, board.channelId)} · {plural(board.minReactions, "reaction")} needed ·{" "}
            {board.type}
            {board.enabled ? "" : board.disabledReason ? ` · off: ${board.disabledReason}` : " · off"}
          </p>
          <p className="mt-0.5 text-xs text-stone-400">
            Self-reactions {board.allowSelf ? "count" : "don't count"} · bot messages{" "}
            {board.allowBots ? "allowed" : "ignored"} · below threshold{" "}
            {board.removeBelow ? "removed" : "kept"}
          </p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={onEdit}
            disabled={!allowed}
            aria-label={`Edit the board ${board.name}`}
          >
            Edit
          </button>
          <button
            type="button"
            className={cn(buttonClass("ghost", "sm"), "text-red-300 hover:bg-red-500/10 hover:text-red-200")}
            disabled={remove.isPending || !allowed}
            onClick={() => void ask()}
            aria-label={`Delete the board ${board.name}`}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

/** The dashboard's Boards page: starboard-like boards (`/boards`), each with its post previewed. */
export default function BoardsPage() {
  const { serverId } = useDashboardSession();
  const list = useQuery(boardsQuery(serverId));
  const [editing, setEditing] = useState<BoardItem | null>(null);
  const edit = (board: BoardItem) => {
    setEditing(board);
    document.getElementById("board-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        headingId="board-form"
        title={editing ? `Edit ${editing.name}` : "Create a board"}
        description="Messages that get enough of the board's emoji are posted to its channel."
        icon={<PlusIcon />}
      >
        <QueryPanel query={list} loading="Loading boards" rows={5} failed="Failed to load the boards.">
          {(data) => (
            <BoardForm
              key={editing ? `edit-${editing.id}` : "new"}
              serverId={serverId}
              list={data}
              editing={editing}
              onDone={() => setEditing(null)}
            />
          )}
        </QueryPanel>
      </Card>
      <Card
        title="Boards"
        description={list.data ? `${list.data.boards.length} of ${list.data.limits.maxPerServer}` : undefined}
      >
        <QueryPanel query={list} loading="Loading boards" rows={3} failed="Failed to load the boards.">
          {(data) =>
            data.boards.length === 0 ? (
              <EmptyState title="No boards yet">
                Create a starboard to celebrate the server's best messages, or a skullboard for its worst
                jokes.
              </EmptyState>
            ) : (
              <ul aria-label="Boards" className="space-y-3">
                {data.boards.map((board) => (
                  <BoardRow key={board.id} board={board} serverId={serverId} onEdit={() => edit(board)} />
                ))}
              </ul>
            )
          }
        </QueryPanel>
      </Card>
    </div>
  );
}
