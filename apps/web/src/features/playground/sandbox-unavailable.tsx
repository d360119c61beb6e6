import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button-styles";
import { MAIN_CONTENT_ID } from "../../components/ui/skip-link";
import { MessagePanel } from "../../components/ui/status-message";
import { ApiError, errorText } from "../../lib/api-client";

/** /sandbox where there is none (a Hearth with a real bot token answers 404), or when it didn't answer. */
export function SandboxUnavailable({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto max-w-xl px-6 py-24">
      <MessagePanel
        title={missing ? "No sandbox here" : "The sandbox didn't answer"}
        tone={missing ? "neutral" : "error"}
        role="alert"
        actions={
          <Link to="/" className={buttonClass("secondary")}>
            Back to the home page
          </Link>
        }
      >
        {missing
          ? "This Hearth runs with a real Discord bot token, so there is no demo server to play with. Start Hearth without DISCORD_TOKEN to get the sandbox."
          : errorText(error, "Try again in a moment.")}
      </MessagePanel>
    </main>
  );
}
