import { dmMessageMax } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { serverMessage } from "../shared/errors";
import { MessagePreview } from "../shared/message-preview";
import { useDebounced } from "../shared/use-debounced";
import { grinderDmPreviewQuery } from "./api";

/** The DM each grinder gets, live as the message is written (the server builds it as the broadcast does). */
export function DmPreview({ serverId, message }: { serverId: string; message: string }) {
  const settled = useDebounced(message.trim(), 400);
  const tooLong = settled.length > dmMessageMax;
  const preview = useQuery(grinderDmPreviewQuery(serverId, tooLong ? "" : settled));
  return (
    <MessagePreview
      caption="Preview — the DM each grinder gets"
      message={settled === "" || tooLong ? null : preview.data}
      loading={settled !== "" && preview.isFetching}
      error={preview.isError ? (serverMessage(preview.error) ?? "The preview couldn't be rendered.") : null}
      empty={
        tooLong
          ? `Shorten the message to ${dmMessageMax} characters to see the DM.`
          : "Write the message to see the DM grinders will get."
      }
      data-testid="grinder-dm-preview"
    />
  );
}
