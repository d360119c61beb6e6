import { type TournamentMatch, type TournamentOverview, tournamentLimits } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { BracketView } from "../../../components/tournament-bracket/bracket-view";
import { statusLabel } from "../../../components/tournament-bracket/display";
import { buttonClass } from "../../../components/ui/button-styles";
import { usePermission } from "../session/permission";
import { useConfirm } from "../shared/confirm";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { PanelError, PanelLoading } from "../shared/panel-state";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import {
  tournamentQuery,
  useCancelTournament,
  useCreateTournament,
  useReportMatch,
  useStartTournament,
} from "./api";
import { EventPreview } from "./shared";

type Detail = NonNullable<TournamentOverview["tournament"]>;

/** `/tournament create`: the name, the bracket size, the channel; the sign-up post previewed. */
function CreateTournament({ serverId, disabled }: { serverId: string; disabled: boolean }) {
  const [name, setName] = useState("");
  const [size, setSize] = useState<number>(8);
  const [channelId, setChannelId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTournament(serverId);
  useUnsavedChanges(name !== "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (name.trim() === "") problems.name = "Name the tournament.";
    if (!channelId) problems.channelId = "Choose the channel its sign-ups are posted in.";
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !channelId) return;
    create.mutate({ name: name.trim(), size, channelId }, { onSuccess: () => setName("") });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Create a tournament" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field label="Name" error={errors.name} aside={`${name.length}/${tournamentLimits.nameMaxLength}`}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={tournamentLimits.nameMaxLength}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setErrors({});
              }}
            />
          )}
        </Field>
        <Field label="Players at most">
          {(control) => (
            <SelectBox {...control} value={size} onChange={(event) => setSize(Number(event.target.value))}>
              {tournamentLimits.sizes.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectBox>
          )}
        </Field>
      </div>
      <ChannelPicker label="Channel" value={channelId} error={errors.channelId} onChange={setChannelId} />
      <EventPreview
        kind="tournaments"
        body={name.trim() === "" ? null : { name: name.trim(), size }}
        empty="Fill in the name to see the sign-up post."
      />
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("primary")} disabled={disabled || create.isPending}>
          {create.isPending ? "Creating…" : "Open sign-ups"}
        </button>
      </div>
    </form>
  );
}

/** A match that can take a result now: both players known, not a bye. */
const playable = (match: TournamentMatch) => !match.bye && match.player1 !== null && match.player2 !== null;

/** `/tournament report`: a match and its winner (a decided match can be corrected while its winner's next is unplayed). */
function ReportResult({
  serverId,
  detail,
  disabled,
}: {
  serverId: string;
  detail: Detail;
  disabled: boolean;
}) {
  const matches = detail.rounds.flatMap((round) =>
    round.matches.filter(playable).map((match) => ({ match, round: round.name })),
  );
  const firstOpen = matches.find(({ match }) => match.winnerId === null) ?? matches[0];
  const [number, setNumber] = useState<number | null>(firstOpen?.match.number ?? null);
  const [winnerId, setWinnerId] = useState<string | null>(null);
  const report = useReportMatch(serverId);
  const chosen = matches.find(({ match }) => match.number === number)?.match;
  if (matches.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !winnerId) return;
    report.mutate({ match: chosen.number, winnerId }, { onSuccess: () => setWinnerId(null) });
  };
  return (
    <form onSubmit={submit} aria-label="Report a result" className="space-y-3">
      <Field label="Match">
        {(control) => (
          <SelectBox
            {...control}
            value={number ?? ""}
            onChange={(event) => {
              setNumber(Number(event.target.value));
              setWinnerId(null);
            }}
          >
            {matches.map(({ match, round }) => (
              <option key={match.number} value={match.number}>
                Match {match.number} · {round}: {match.player1?.name} vs {match.player2?.name}
                {match.winnerId ? " (decided)" : ""}
              </option>
            ))}
          </SelectBox>
        )}
      </Field>
      {chosen && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-200">Winner</legend>
          {[chosen.player1, chosen.player2].map((player) =>
            player ? (
              <label key={player.userId} className="flex items-center gap-2 text-sm text-stone-200">
                <input
                  type="radio"
                  name="tournament-winner"
                  value={player.userId}
                  checked={winnerId === player.userId}
                  onChange={() => setWinnerId(player.userId)}
                  className="size-4 accent-ember-500"
                />
                {player.name}
                {chosen.winnerId === player.userId ? " (recorded)" : ""}
              </label>
            ) : null,
          )}
        </fieldset>
      )}
      <div className="flex justify-end">
        <button
          type="submit"
          className={buttonClass("primary")}
          disabled={disabled || !winnerId || report.isPending}
        >
          {report.isPending ? "Recording…" : "Record result"}
        </button>
      </div>
    </form>
  );
}

function TournamentStatus({ serverId, detail }: { serverId: string; detail: Detail }) {
  const start = useStartTournament(serverId);
  const cancel = useCancelTournament(serverId);
  const confirm = useConfirm();
  const { can } = usePermission();
  const admin = can("admin");
  const active = detail.status === "signup" || detail.status === "running";
  const label = statusLabel[detail.status];
  const decided = detail.rounds
    .flatMap((round) => round.matches)
    .filter((match) => match.reportedAt !== null).length;
  const askStart = async () => {
    if (
      await confirm({
        title: `Start ${detail.name}?`,
        body: `Sign-ups close and the ${detail.players.length} players are seeded at random into the bracket.`,
        confirmLabel: "Start",
        dismissLabel: "Not yet",
      })
    )
      start.mutate(undefined);
  };
  const askCancel = async () => {
    if (
      await confirm({
        title: `Cancel ${detail.name}?`,
        body: "The tournament ends without a champion; its message says it was cancelled.",
        confirmLabel: "Cancel tournament",
        dismissLabel: "Keep it",
        destructive: true,
      })
    )
      cancel.mutate(detail.id);
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-stone-50">{detail.name}</p>
          <p className="text-sm text-stone-400">
            {label.text} · {detail.players.length}/{detail.size} players
            {detail.champion ? ` · champion ${detail.champion.name}` : ""}
          </p>
          <Link
            to={`/tournaments/${detail.serverId}/${detail.id}`}
            className="text-sm text-ember-300 underline-offset-2 hover:underline"
          >
            Public bracket page
          </Link>
        </div>
        <div className="flex flex-wrap gap-2">
          <SeeInSandbox channelId={detail.channelId} />
          {detail.status === "signup" && (
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              disabled={!admin || start.isPending || detail.players.length < tournamentLimits.minPlayers}
              title={
                detail.players.length < tournamentLimits.minPlayers
                  ? "It needs at least 2 players to start"
                  : undefined
              }
              onClick={() => void askStart()}
            >
              {start.isPending ? "Starting…" : "Start"}
            </button>
          )}
          {active && (
            <button
              type="button"
              className={buttonClass("ghost", "sm")}
              disabled={!admin || cancel.isPending}
              onClick={() => void askCancel()}
            >
              Cancel tournament
            </button>
          )}
        </div>
      </div>
      {detail.rounds.length > 0 ? (
        <BracketView detail={detail} />
      ) : (
        <div>
          <p className="text-sm font-medium text-stone-200">Signed up</p>
          {detail.players.length === 0 ? (
            <p className="text-sm text-stone-400">No one yet: members join with the button on its message.</p>
          ) : (
            <ol aria-label="Players" className="mt-1 grid gap-1 text-sm text-stone-300 sm:grid-cols-2">
              {detail.players.map((player) => (
                <li key={player.userId}>{player.name}</li>
              ))}
            </ol>
          )}
        </div>
      )}
      {detail.status === "running" && (
        // Keyed by the results recorded, so after each one the form offers the next open match.
        <ReportResult key={decided} serverId={serverId} detail={detail} disabled={!admin} />
      )}
    </div>
  );
}

/** The tournament section: the open or running (or last) tournament with its bracket; a new one when none is active. */
export function TournamentPanel({ serverId }: { serverId: string }) {
  const tournament = useQuery(tournamentQuery(serverId));
  const { can } = usePermission();
  if (tournament.isPending) return <PanelLoading label="Loading the tournament" rows={3} />;
  if (tournament.isError && !tournament.data)
    return (
      <PanelError
        message="Failed to load the tournament."
        error={tournament.error}
        onRetry={() => void tournament.refetch()}
      />
    );
  const detail = tournament.data.tournament;
  const active = detail?.status === "signup" || detail?.status === "running";
  return (
    <div className="space-y-6">
      {detail ? (
        <TournamentStatus key={`${detail.id}-${detail.status}`} serverId={serverId} detail={detail} />
      ) : (
        <p className="text-sm text-stone-400">No tournament has been held in this server yet.</p>
      )}
      {active ? null : <CreateTournament serverId={serverId} disabled={!can("admin")} />}
    </div>
  );
}
