import type { CreateGiveawayBody, Role } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { rolesQuery } from "../shared/api";
import { serverMessage } from "../shared/errors";
import { MessagePreview } from "../shared/message-preview";
import { useDebounced } from "../shared/use-debounced";
import { previewQuery } from "./manage-api";

/**
 * What the giveaway will look like in Discord and whom it pings, read from the server (the same
 * message the post sends) and drawn by the dashboard's shared Discord renderer, so the choice of
 * ping role is visible before anything is posted. Used by the create form and the schedule editor.
 */
export function GiveawayPreview({
  serverId,
  body,
  roles,
  empty = "Fill in the prize, channel and duration to see the message.",
}: {
  serverId: string;
  body: CreateGiveawayBody | null;
  /** The server's roles, when the form has them already (else read here). */
  roles?: readonly Role[];
  empty?: string;
}) {
  const settled = useDebounced(body, 400);
  const preview = useQuery(previewQuery(serverId, settled));
  const serverRoles = useQuery({ ...rolesQuery(serverId), enabled: roles === undefined });
  const known = roles ?? serverRoles.data ?? [];
  const data = settled ? preview.data : undefined;
  const pingName = data?.pingRoleId
    ? (known.find((role) => role.id === data.pingRoleId)?.name ?? data.pingRoleName ?? data.pingRoleId)
    : null;
  return (
    <section aria-label="Message preview" className="min-w-0">
      <MessagePreview
        message={data?.message}
        loading={settled !== null && preview.isFetching}
        error={
          preview.isError && settled
            ? `The preview could not be loaded (${serverMessage(preview.error) ?? "try again"}). The giveaway can still be created.`
            : null
        }
        empty={empty}
        data-testid="giveaway-preview"
      >
        {data && (
          <p data-testid="ping-line" className="font-medium">
            {pingName ? (
              <>
                Pings <span className="rounded bg-[#5865f2]/30 px-1 text-[#c9cdfb]">@{pingName}</span> when it
                is posted
              </>
            ) : (
              "Pings no one when it is posted"
            )}
          </p>
        )}
      </MessagePreview>
    </section>
  );
}
