import type { ModerationAction, ModerationDmPreviewBody } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { serverMessage } from "../shared/errors";
import { MessagePreview } from "../shared/message-preview";
import { useDebounced } from "../shared/use-debounced";
import { moderationDmPreviewQuery } from "./api";

/**
 * What the preview route is asked for the action form as it is: the action, the trimmed reason and
 * (a ban's) duration; null when there is nothing to preview (a timeout sends no DM; a warning has
 * no reason yet).
 */
export function moderationDmPreviewBody(form: {
  action: ModerationAction;
  reason: string;
  duration: string;
}): ModerationDmPreviewBody | null {
  const reason = form.reason.trim();
  if (form.action === "timeout") return null;
  if (form.action === "warn" && reason === "") return null;
  const duration = form.duration.trim();
  return {
    action: form.action,
    reason: reason === "" ? null : reason,
    ...(form.action === "ban" && duration !== "" ? { duration } : {}),
  };
}

/** The DM the member gets about the action, live as the form changes; the server builds it as the action does. */
export function ModerationDmPreview({
  serverId,
  form,
}: {
  serverId: string;
  form: { action: ModerationAction; reason: string; duration: string };
}) {
  const settled = useDebounced(form, 400);
  const body = moderationDmPreviewBody(settled);
  const preview = useQuery(moderationDmPreviewQuery(serverId, body));
  const empty =
    settled.action === "timeout"
      ? "A timeout sends no DM: Discord shows the member the timeout itself."
      : "Give the warning's reason to see the DM the member gets.";
  return (
    <MessagePreview
      caption="Preview — the DM the member gets"
      message={body === null ? null : preview.data?.message}
      loading={body !== null && preview.isFetching}
      error={
        preview.isError && body !== null
          ? (serverMessage(preview.error) ?? "The preview couldn't be rendered.")
          : null
      }
      empty={empty}
      data-testid="moderation-dm-preview"
    >
      {body !== null &&
        settled.action === "ban" &&
        "Sent only if they are still a member; members with DMs closed get nothing."}
      {body !== null &&
        settled.action !== "ban" &&
        "Members with DMs closed get nothing; the action still happens."}
    </MessagePreview>
  );
}
