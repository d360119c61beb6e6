import { type RaffleOverview, raffleLimits } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { usePermission } from "../session/permission";
import { useConfirm } from "../shared/confirm";
import { Field, inputClass } from "../shared/form-controls";
import { shortDateTime } from "../shared/format";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { MemberPicker } from "../shared/pickers/member-picker";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { raffleQuery, useAddRaffleTickets, useDrawRaffle, useStartRaffle } from "./api";
import { EventPreview, HolderList } from "./shared";

/** `/raffle start`: the prize, how many winners, the channel; the opening post previewed. */
function OpenRaffle({ serverId, disabled }: { serverId: string; disabled: boolean }) {
  const [prize, setPrize] = useState("");
  const [winners, setWinners] = useState("1");
  const [channelId, setChannelId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const start = useStartRaffle(serverId);
  useUnsavedChanges(prize !== "");
  const winnerCount = Number(winners);
  const winnersValid =
    Number.isInteger(winnerCount) && winnerCount >= 1 && winnerCount <= raffleLimits.maxWinners;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (prize.trim() === "") problems.prize = "Name the prize.";
    if (!winnersValid) problems.winners = `A whole number from 1 to ${raffleLimits.maxWinners}.`;
    if (!channelId) problems.channelId = "Choose the channel it is announced in.";
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !channelId) return;
    start.mutate(
      { prize: prize.trim(), winnerCount, channelId },
      {
        onSuccess: () => {
          setPrize("");
          setWinners("1");
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Open a raffle" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field label="Prize" error={errors.prize} aside={`${prize.length}/${raffleLimits.prizeMaxLength}`}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={raffleLimits.prizeMaxLength}
              value={prize}
              onChange={(event) => {
                setPrize(event.target.value);
                setErrors({});
              }}
            />
          )}
        </Field>
        <Field label="Winners" error={errors.winners}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={raffleLimits.maxWinners}
              className={inputClass}
              value={winners}
              onChange={(event) => setWinners(event.target.value)}
            />
          )}
        </Field>
      </div>
      <ChannelPicker label="Channel" value={channelId} error={errors.channelId} onChange={setChannelId} />
      <EventPreview
        kind="raffle"
        body={prize.trim() !== "" && winnersValid ? { prize: prize.trim(), winnerCount } : null}
        empty="Fill in the prize to see the raffle's post."
      />
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")} disabled={disabled || start.isPending}>
          {start.isPending ? "Opening…" : "Open raffle"}
        </button>
      </div>
    </form>
  );
}

/** `/raffle add`: tickets for a member (donations, event wins…). */
function GiveTickets({ serverId, disabled }: { serverId: string; disabled: boolean }) {
  const [userId, setUserId] = useState<string | null>(null);
  const [tickets, setTickets] = useState("1");
  const [error, setError] = useState<string | null>(null);
  const add = useAddRaffleTickets(serverId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(tickets);
    if (!userId) return setError("Choose the member.");
    if (!Number.isInteger(count) || count < 1 || count > raffleLimits.ticketsPerAdd)
      return setError(`Tickets: a whole number from 1 to ${raffleLimits.ticketsPerAdd}.`);
    setError(null);
    add.mutate({ userId, tickets: count }, { onSuccess: () => setTickets("1") });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Give raffle tickets" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <MemberPicker label="Member" value={userId} bots="exclude" onChange={setUserId} />
        <Field label="Tickets">
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={raffleLimits.ticketsPerAdd}
              className={inputClass}
              value={tickets}
              onChange={(event) => setTickets(event.target.value)}
            />
          )}
        </Field>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("secondary")} disabled={disabled || add.isPending}>
          {add.isPending ? "Giving…" : "Give tickets"}
        </button>
      </div>
    </form>
  );
}

function RaffleStatus({ serverId, data }: { serverId: string; data: RaffleOverview }) {
  const raffle = data.raffle;
  const draw = useDrawRaffle(serverId);
  const confirm = useConfirm();
  const { can } = usePermission();
  if (!raffle) return null;
  const open = raffle.status === "open";
  const ask = async () => {
    if (
      await confirm({
        title: "Draw the raffle now?",
        body: `${raffle.winnerCount} winner${raffle.winnerCount === 1 ? " is" : "s are"} drawn by ticket weight from the members still here, and announced. A draw is final.`,
        confirmLabel: "Draw winners",
        dismissLabel: "Not yet",
      })
    )
      draw.mutate(undefined);
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-stone-50">{raffle.prize}</p>
          <p className="text-sm text-stone-400">
            {open
              ? `Open · ${raffle.winnerCount} winner${raffle.winnerCount === 1 ? "" : "s"}`
              : raffle.status === "drawing"
                ? "Being drawn"
                : `Drawn ${shortDateTime(raffle.drawnAt ?? raffle.createdAt)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <SeeInSandbox channelId={raffle.channelId} />
          {open && (
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              disabled={!can("admin") || draw.isPending}
              title={can("admin") ? undefined : "Drawing needs the admin permission"}
              onClick={() => void ask()}
            >
              {draw.isPending ? "Drawing…" : "Draw winners"}
            </button>
          )}
        </div>
      </div>
      {raffle.status === "drawn" && (
        <ol aria-label="Raffle winners" className="space-y-1 text-sm text-stone-200">
          {raffle.winners.length === 0 ? (
            <li>No one was drawn (no tickets held by members still here).</li>
          ) : (
            raffle.winners.map((winner) => (
              <li key={winner.userId}>
                {winner.position}. {winner.name ?? `Member ${winner.userId.slice(-4)}`} ({winner.tickets}{" "}
                ticket
                {winner.tickets === 1 ? "" : "s"})
              </li>
            ))
          )}
        </ol>
      )}
      <HolderList
        holders={data.holders}
        total={data.tickets}
        count={data.holdersCount}
        label="Raffle tickets"
      />
      {open && <GiveTickets serverId={serverId} disabled={!can("admin")} />}
    </div>
  );
}

/** The raffle section: the open (or last) raffle, its tickets and winners; a new one when none is open. */
export function RafflePanel({ serverId }: { serverId: string }) {
  const raffle = useQuery(raffleQuery(serverId));
  const { can } = usePermission();
  if (raffle.isPending) return <PanelLoading label="Loading the raffle" rows={3} />;
  if (raffle.isError && !raffle.data)
    return (
      <PanelError
        message="Failed to load the raffle."
        error={raffle.error}
        onRetry={() => void raffle.refetch()}
      />
    );
  const current = raffle.data.raffle;
  return (
    <div className="space-y-6">
      {current ? (
        <RaffleStatus serverId={serverId} data={raffle.data} />
      ) : (
        <p className="text-sm text-stone-400">No raffle has been held in this server yet.</p>
      )}
      {current && current.status !== "drawn" ? null : (
        <OpenRaffle serverId={serverId} disabled={!can("admin")} />
      )}
    </div>
  );
}
