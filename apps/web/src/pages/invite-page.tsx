import { useCallback } from "react";
import { Link } from "react-router";
import { ButtonLink } from "../components/ui/button-link";
import { buttonClass } from "../components/ui/button-styles";
import { LoadingState, MessagePanel } from "../components/ui/status-message";
import { useInvite } from "../features/invite/api";
import { permissionReasons } from "../features/invite/permissions";
import { INVITE_REDIRECT_MS, useRedirectCountdown } from "../features/invite/use-redirect-countdown";
import { pluralize } from "../lib/format";

const delaySeconds = INVITE_REDIRECT_MS / 1000;

export function InvitePage() {
  const invite = useInvite();
  const url = invite.data?.url ?? null;
  const go = useCallback((target: string) => window.location.assign(target), []);
  const countdown = useRedirectCountdown(url, go);

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-20 sm:px-6 sm:py-24">
      <p className="text-sm font-semibold uppercase tracking-widest text-ember-400">Add to Server</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-stone-50 sm:text-5xl">Invite Hearth</h1>

      <div className="mt-10">
        {invite.isPending ? (
          <LoadingState className="py-8">Preparing your invite link...</LoadingState>
        ) : invite.isError ? (
          <MessagePanel
            role="alert"
            tone="error"
            title="Couldn't load the invite link"
            actions={
              <button type="button" className={buttonClass("primary")} onClick={() => invite.refetch()}>
                Try Again
              </button>
            }
          >
            The server didn't answer. Check your connection and try again.
          </MessagePanel>
        ) : url ? (
          <div className="rounded-2xl border border-white/10 bg-ink-900/60 p-6 text-center sm:p-8">
            <p className="text-lg text-stone-200" aria-live="polite">
              {countdown.cancelled ? (
                "Redirect cancelled. Use the button below when you're ready."
              ) : (
                <>
                  Redirecting you to Discord to add Hearth in{" "}
                  <strong className="text-ember-200 tabular-nums" data-testid="invite-countdown">
                    {pluralize(countdown.secondsLeft, "second")}
                  </strong>
                  ...
                </>
              )}
            </p>
            {!countdown.cancelled && (
              <div
                aria-hidden="true"
                className="mx-auto mt-5 h-1.5 max-w-sm overflow-hidden rounded-full bg-white/10"
              >
                <div
                  className="invite-progress h-full rounded-full bg-ember-400"
                  style={{ animationDuration: `${INVITE_REDIRECT_MS}ms` }}
                />
              </div>
            )}
            <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
              <a href={url} className={buttonClass("primary", "lg")}>
                Continue to Invite
              </a>
              {!countdown.cancelled && (
                <button type="button" className={buttonClass("secondary", "lg")} onClick={countdown.cancel}>
                  Stay on this page
                </button>
              )}
            </div>
            <p className="mt-5 text-sm text-stone-400">
              Not redirected after {delaySeconds} seconds? Use Continue to Invite.
            </p>
          </div>
        ) : (
          <MessagePanel
            title="The invite link isn't configured on this instance"
            actions={
              <>
                <ButtonLink to="/docs/setup">Read the setup guide</ButtonLink>
                <ButtonLink to="/support" variant="secondary">
                  Get Support
                </ButtonLink>
              </>
            }
          >
            This Hearth instance has no Discord application id (
            <code className="text-ember-200">DISCORD_CLIENT_ID</code>
            ), so there is no authorisation link to send you to. Its operator can set it and restart the
            server; no rebuild of the site is needed.
          </MessagePanel>
        )}
      </div>

      <div className="mt-12">
        <h2 className="text-2xl font-semibold text-stone-50">Permissions Hearth asks for</h2>
        <p className="mt-2 text-stone-300">
          Discord shows these five on the authorisation page. Features that manage roles or channels (grinder
          tiers, self-roles, perks) need Manage Roles or Manage Channels too; the{" "}
          <Link to="/docs/setup" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
            setup guide
          </Link>{" "}
          explains when.
        </p>
        <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {(invite.data?.permissions ?? Object.keys(permissionReasons)).map((name) => (
            <li key={name} className="flex gap-3 rounded-xl border border-white/10 bg-white/[0.03] p-4">
              <span aria-hidden="true" className="mt-0.5 text-emerald-300">
                ✓
              </span>
              <div>
                <p className="font-medium text-stone-100">{name}</p>
                {permissionReasons[name] && (
                  <p className="mt-1 text-sm text-stone-300">{permissionReasons[name]}</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
