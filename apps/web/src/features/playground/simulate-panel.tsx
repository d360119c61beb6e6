import type { SandboxEventBody } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { buttonClass } from "../../components/ui/button-styles";
import { errorText } from "../../lib/api-client";
import { jobsQuery, useFastForward, useResetSandbox, useSimulateEvent } from "./api";
import { type Server, shownName } from "./world";

const inputClass =
  "w-full rounded-lg border border-white/10 bg-ink-950 px-3 py-2 text-sm text-stone-100 focus:border-ember-400";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2 border-t border-white/10 pt-4">
      <h3 id={id} className="text-sm font-semibold text-stone-100">
        {title}
      </h3>
      {children}
    </section>
  );
}

const when = (at: number) =>
  new Date(at).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/**
 * What happens on the server without anyone typing: members join and leave, change status or
 * server tag, boost, a vote arrives, time passes (scheduled work runs now), and the reset.
 */
export function SimulatePanel({
  server,
  viewerId,
  onJoined,
}: {
  server: Server;
  viewerId: string | null;
  onJoined: (userId: string) => void;
}) {
  const ids = { target: useId(), join: useId(), status: useId(), custom: useId(), tag: useId() };
  const [target, setTarget] = useState(viewerId ?? "");
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const simulate = useSimulateEvent();
  const fastForward = useFastForward();
  const reset = useResetSandbox();
  const jobs = useQuery(jobsQuery());
  const humans = server.members
    .filter((member) => !member.bot)
    .sort((a, b) => shownName(a).localeCompare(shownName(b)));
  const targetId = humans.some((member) => member.id === target) ? target : (viewerId ?? "");

  const run = async (body: SandboxEventBody) => {
    try {
      const answer = await simulate.mutateAsync(body);
      setNotice({ text: answer.message, error: false });
      return answer;
    } catch (error) {
      setNotice({ text: errorText(error, "That didn't work."), error: true });
      return null;
    }
  };
  const join = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const username = String(new FormData(form).get("username") ?? "")
      .trim()
      .toLowerCase();
    const answer = await run({ kind: "join", username });
    if (answer?.userId) {
      form.reset();
      onJoined(answer.userId);
    }
  };
  const status = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const custom = String(data.get("custom") ?? "").trim();
    await run({
      kind: "presence",
      userId: targetId,
      status: String(data.get("status")) as "online",
      customStatus: custom || null,
    });
  };
  const tag = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("tag") ?? "").trim();
    await run({ kind: "tag", userId: targetId, tag: value || null });
  };
  const forward = async (jobId: number | null) => {
    try {
      const { ran } = await fastForward.mutateAsync({ jobId });
      setNotice({ text: `Time passed: ${ran} scheduled ${ran === 1 ? "job" : "jobs"} ran.`, error: false });
    } catch (error) {
      setNotice({ text: errorText(error, "That didn't work."), error: true });
    }
  };
  const doReset = async () => {
    setConfirmReset(false);
    try {
      const answer = await reset.mutateAsync({ confirm: "reset" });
      setNotice({ text: answer.message, error: false });
    } catch (error) {
      setNotice({ text: errorText(error, "The reset failed."), error: true });
    }
  };
  const pending = jobs.data?.jobs ?? [];

  return (
    <div className="space-y-4 p-6 text-sm text-stone-300">
      <p role="status" className={notice?.error ? "text-red-300" : "text-emerald-300"}>
        {notice?.text}
      </p>

      <Section title="A member joins">
        <form onSubmit={join} className="flex gap-2">
          <label htmlFor={ids.join} className="sr-only">
            New member's username
          </label>
          <input
            id={ids.join}
            name="username"
            required
            pattern="[a-zA-Z0-9_.]{2,32}"
            placeholder="username, e.g. fresh_fox"
            className={inputClass}
          />
          <button type="submit" className={buttonClass("primary", "sm")} disabled={simulate.isPending}>
            Join
          </button>
        </form>
      </Section>

      <Section title="Something happens to a member">
        <label htmlFor={ids.target} className="block text-xs text-stone-400">
          Member
        </label>
        <select
          id={ids.target}
          value={targetId}
          onChange={(event) => setTarget(event.target.value)}
          className={inputClass}
        >
          {humans.map((member) => (
            <option key={member.id} value={member.id}>
              {shownName(member)} (@{member.username}){member.id === viewerId ? " — you" : ""}
            </option>
          ))}
        </select>
        <form onSubmit={status} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          <div>
            <label htmlFor={ids.status} className="block text-xs text-stone-400">
              Status
            </label>
            <select id={ids.status} name="status" className={inputClass} defaultValue="online">
              <option value="online">Online</option>
              <option value="idle">Idle</option>
              <option value="dnd">Do Not Disturb</option>
              <option value="offline">Offline</option>
            </select>
          </div>
          <div>
            <label htmlFor={ids.custom} className="block text-xs text-stone-400">
              Custom status
            </label>
            <input
              id={ids.custom}
              name="custom"
              maxLength={128}
              className={inputClass}
              placeholder="optional"
            />
          </div>
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Set status
          </button>
        </form>
        <form onSubmit={tag} className="grid grid-cols-[1fr_auto] items-end gap-2">
          <div>
            <label htmlFor={ids.tag} className="block text-xs text-stone-400">
              Server tag (up to 4 characters; empty takes it off)
            </label>
            <input id={ids.tag} name="tag" maxLength={4} className={inputClass} placeholder="EMBR" />
          </div>
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Set tag
          </button>
        </form>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => void run({ kind: "boost", userId: targetId })}
          >
            Boost the server
          </button>
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => void run({ kind: "vote", userId: targetId })}
          >
            A vote arrives (top.gg)
          </button>
          <button
            type="button"
            className={buttonClass("ghost", "sm")}
            onClick={() => void run({ kind: "leave", userId: targetId })}
          >
            Leaves the server
          </button>
        </div>
      </Section>

      <Section title="Time passes">
        <p className="text-xs text-stone-400">
          The bot's scheduled work (a giveaway's end, a timer, a birthday's midnight) runs now instead of
          later.
        </p>
        {jobs.isError && <p className="text-red-300">Couldn't read the schedule.</p>}
        {pending.length === 0 && jobs.isSuccess && <p>Nothing is scheduled.</p>}
        {pending.length > 0 && (
          <ul className="max-h-48 space-y-1 overflow-y-auto">
            {pending.map((job) => (
              <li
                key={job.id}
                className="flex items-center justify-between gap-2 rounded bg-white/5 px-2 py-1"
              >
                <span>
                  <span className="font-mono text-xs text-stone-100">{job.kind}</span>
                  <span className="block text-xs text-stone-400">due {when(job.runAt)}</span>
                </span>
                <button
                  type="button"
                  className={buttonClass("ghost", "sm")}
                  onClick={() => void forward(job.id)}
                >
                  Run now
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className={buttonClass("primary", "sm")}
          disabled={fastForward.isPending || pending.length === 0}
          onClick={() => void forward(null)}
        >
          Fast-forward: run everything now
        </button>
      </Section>

      <Section title="Reset">
        <p className="text-xs text-stone-400">
          Restores Ember Hollow as the first start seeded it: members, messages and every feature's demo data.
          Dashboard tokens stay valid.
        </p>
        {confirmReset ? (
          <div className="flex gap-2">
            <button type="button" className={buttonClass("primary", "sm")} onClick={() => void doReset()}>
              Yes, reset the demo server
            </button>
            <button
              type="button"
              className={buttonClass("ghost", "sm")}
              onClick={() => setConfirmReset(false)}
            >
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            disabled={reset.isPending}
            onClick={() => setConfirmReset(true)}
          >
            {reset.isPending ? "Resetting…" : "Reset the demo server"}
          </button>
        )}
      </Section>
    </div>
  );
}
