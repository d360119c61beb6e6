import type { WelcomeConfig } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { SubHeading } from "../shared/card";
import { serverMessage } from "../shared/errors";
import { MessagePreview } from "../shared/message-preview";
import { useDebounced } from "../shared/use-debounced";
import { welcomePreviewQuery } from "./api";
import { welcomeAsBotMessage, welcomeFieldErrors } from "./welcome-rules";

interface LivePreviewProps {
  serverId: string;
  /** The config on screen; rendered once typing pauses and only while it is valid. */
  config: WelcomeConfig;
}

/** What the form calls each field, for the preview's "paused" note. */
const fieldLabels: Record<string, string> = {
  channelId: "Channel",
  "embed.title": "Title",
  "embed.description": "Description",
  "embed.color": "Colour",
  "embed.thumbnail": "Thumbnail",
  "embed.footer.text": "Footer text",
  "embed.footer.iconURL": "Footer icon",
  "button.label": "Button label",
  "button.emoji": "Button emoji",
};

/**
 * The live preview: the API renders the unsaved config for the dashboard user as a sample member
 * (the bot's own renderer), and the dashboard's shared Discord renderer draws it, thumbnail and all.
 */
export function LivePreview({ serverId, config }: LivePreviewProps) {
  const settled = useDebounced(config, 400);
  const valid = Object.keys(welcomeFieldErrors(settled)).length === 0;
  const preview = useQuery(welcomePreviewQuery(serverId, valid ? settled : null));
  const problems = Object.entries(welcomeFieldErrors(config));
  const invalidNow = problems.length > 0;
  return (
    <>
      <SubHeading>Live preview</SubHeading>
      {invalidNow && (
        // Said next to the preview, so a preview that stopped changing isn't taken for the result.
        <div
          role="status"
          className="mb-3 rounded-xl border border-amber-400/30 bg-amber-400/5 px-4 py-3 text-sm text-amber-100"
        >
          <p className="font-medium">
            {preview.data ? "Preview paused: it shows the last valid version." : "Preview paused."} Fix
            {problems.length === 1 ? " this field" : " these fields"} to update it:
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {problems.map(([field, message]) => (
              <li key={field}>
                {fieldLabels[field] ?? field}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <MessagePreview
        caption="Preview — the welcome a new member gets"
        message={preview.data ? welcomeAsBotMessage(preview.data) : null}
        loading={preview.isFetching}
        error={
          preview.isError && !invalidNow ? (serverMessage(preview.error) ?? "Preview unavailable.") : null
        }
        empty={invalidNow ? "Fix the highlighted fields to see the preview." : "Rendering preview…"}
        data-testid="welcome-preview"
      />
      {preview.data && preview.data.notes.length > 0 && (
        <ul
          aria-label="Changed so Discord accepts it"
          className="space-y-1 rounded-xl border border-amber-400/30 bg-amber-400/5 px-4 py-3 text-sm text-amber-100"
        >
          {preview.data.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {preview.data && preview.data.unknownTags.length > 0 && (
        <ul className="space-y-1 rounded-xl border border-amber-400/30 bg-amber-400/5 px-4 py-3 text-sm text-amber-100">
          {preview.data.unknownTags.map((unknown) => (
            <li key={`${unknown.field}-${unknown.tag}`}>
              Unknown tag <code>{unknown.tag}</code>
              {unknown.suggestion ? (
                <>
                  {" "}
                  — did you mean <code>{unknown.suggestion}</code>?
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
