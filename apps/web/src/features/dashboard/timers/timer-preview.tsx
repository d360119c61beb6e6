import { useQuery } from "@tanstack/react-query";
import { serverMessage } from "../shared/errors";
import { MessagePreview } from "../shared/message-preview";
import { useDebounced } from "../shared/use-debounced";
import { timerPreviewQuery } from "./api";
import { type TimerForm, timerPreviewBody } from "./timer-form";

/**
 * The two posts of a timer, live as the form changes: the countdown it posts on start and the
 * announcement it posts when it ends, both rendered by the server with the bot's posting code.
 */
export function TimerPreview({ serverId, form }: { serverId: string; form: TimerForm }) {
  // The form (a stable state object) waits for a pause in typing; the body is read from it then.
  const settled = timerPreviewBody(useDebounced(form, 400));
  const preview = useQuery(timerPreviewQuery(serverId, settled));
  const loading = settled !== null && preview.isFetching;
  const error = preview.isError
    ? (serverMessage(preview.error) ?? "The preview couldn't be rendered.")
    : null;
  const empty = "Write the message (and a valid duration) to see what the timer posts.";
  return (
    <div className="space-y-3">
      <MessagePreview
        caption="Preview — the countdown, posted now"
        message={settled === null ? null : preview.data?.countdown}
        loading={loading}
        error={error}
        empty={empty}
        data-testid="timer-countdown-preview"
      />
      <MessagePreview
        caption="Preview — posted when it ends"
        message={settled === null ? null : preview.data?.announcement}
        loading={loading}
        empty={error ? "No preview: see the error above." : empty}
        data-testid="timer-end-preview"
      >
        Mentions in the message ping only in this post.
      </MessagePreview>
    </div>
  );
}
