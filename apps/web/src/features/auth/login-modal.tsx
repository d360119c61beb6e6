import { type FormEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { useLoginModal } from "../../lib/login-modal-context";
import { saveSession } from "../../lib/session";
import { fetchTokenInfo, notifyAccess } from "./api";
import { EMPTY_TOKEN_MESSAGE, loginErrorMessage, MISSING_SERVER_MESSAGE } from "./login-messages";

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      className="size-5"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path strokeLinecap="round" d="M4 4l16 16" />}
    </svg>
  );
}

/** 'Dashboard Access': exchanges a dashboard token for a session (spec: dashboard-and-api §§2, 4, 5). */
export function LoginModal() {
  const { isOpen, close } = useLoginModal();
  const navigate = useNavigate();
  const [token, setToken] = useState("");
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), description: useId(), field: useId(), error: useId(), info: useId() };

  const reset = () => {
    setToken("");
    setError(null);
    setVisible(false);
  };

  const cancel = () => {
    if (busy) return;
    reset();
    close();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = token.trim();
    if (!value) {
      setError(EMPTY_TOKEN_MESSAGE);
      input.current?.focus();
      return;
    }

    setBusy(true);
    setError(null);
    try {
      const info = await fetchTokenInfo(value);
      if (!info?.serverId) throw new Error(MISSING_SERVER_MESSAGE);
      saveSession(value);
      const destination = `/dashboard/${info.serverId}`;
      await notifyAccess(value, destination);
      reset();
      close();
      navigate(destination);
    } catch (failure) {
      setError(loginErrorMessage(failure));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={isOpen}
      onClose={cancel}
      labelledBy={ids.title}
      describedBy={ids.description}
      initialFocus={input}
    >
      <form onSubmit={submit} noValidate className="p-6 sm:p-7">
        <div className="flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-ember-500/15 text-ember-300">
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              aria-hidden="true"
              className="size-6"
            >
              <rect x="4" y="10" width="16" height="10" rx="2" />
              <path d="M8 10V7a4 4 0 0 1 8 0v3" />
            </svg>
          </span>
          <div>
            <h2 id={ids.title} className="text-xl font-semibold text-stone-50">
              Dashboard Access
            </h2>
            <p id={ids.description} className="mt-1 text-sm text-stone-300">
              Enter the dashboard token Hearth sent you by DM after{" "}
              <code className="text-ember-200">/dashboard create</code>.
            </p>
          </div>
        </div>

        <label htmlFor={ids.field} className="mt-6 block text-sm font-medium text-stone-200">
          Dashboard Token
        </label>
        <div className="relative mt-2">
          <input
            ref={input}
            id={ids.field}
            name="token"
            type={visible ? "text" : "password"}
            autoComplete="off"
            spellCheck={false}
            placeholder="Enter your dashboard token..."
            value={token}
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : ids.info}
            onChange={(event) => {
              setToken(event.target.value);
              if (error) setError(null);
            }}
            className="h-11 w-full rounded-lg border border-white/15 bg-ink-950 pr-12 pl-3.5 font-mono text-sm text-stone-100 placeholder:font-sans placeholder:text-stone-400 focus:border-ember-400 focus:outline-none read-only:opacity-70 aria-invalid:border-red-400"
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? "Hide token" : "Show token"}
            aria-pressed={visible}
            aria-controls={ids.field}
            className="absolute inset-y-1 right-1 flex w-10 items-center justify-center rounded-md text-stone-300 hover:bg-white/5 hover:text-stone-50"
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
        {error && (
          <p id={ids.error} role="alert" className="mt-2 text-sm font-medium text-red-300">
            {error}
          </p>
        )}

        <div id={ids.info} className="mt-5 rounded-xl border border-sky-400/25 bg-sky-400/5 p-4">
          <p className="text-sm font-semibold text-sky-200">Secure Authentication</p>
          <p className="mt-1 text-sm leading-relaxed text-stone-300">
            Hearth uses dashboard tokens instead of Discord OAuth2 for security and control: each token opens
            one server's dashboard only, and an administrator can revoke it at any time with{" "}
            <code className="text-sky-200">/dashboard revoke</code>.
          </p>
        </div>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={cancel} disabled={busy} className={buttonClass("secondary")}>
            Cancel
          </button>
          <button type="submit" disabled={busy || token.length === 0} className={buttonClass("primary")}>
            {busy ? "Authorizing..." : "Authorize"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
