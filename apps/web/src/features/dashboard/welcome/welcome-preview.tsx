import type { WelcomeConfig, WelcomePreview } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode } from "react";
import { SubHeading } from "../shared/card";
import { previewImage } from "../shared/preview-image";
import { useDebounced } from "../shared/use-debounced";
import { welcomePreviewQuery } from "./api";
import { welcomeFieldErrors } from "./welcome-rules";

interface Lookup {
  channels: readonly { id: string; name: string }[];
  userName: string;
}

/** Discord's light markdown, enough for a preview: **bold**, *italic*, mentions and line breaks. */
function renderInline(text: string, lookup: Lookup): ReactNode[] {
  const parts = text.split(/(\*\*[^*]+\*\*|\*[^*\n]+\*|<#\d{17,20}>|<@&\d{17,20}>|<@!?\d{17,20}>)/g);
  // The parts of one string, keyed by position: they are rebuilt together, never reordered.
  return parts.map((part, index) => {
    const key = `${index}-${part}`;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4)
      return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (/^\*[^*]+\*$/.test(part)) return <em key={key}>{part.slice(1, -1)}</em>;
    const channel = /^<#(\d+)>$/.exec(part);
    if (channel) {
      const name = lookup.channels.find((candidate) => candidate.id === channel[1])?.name ?? "channel";
      return (
        <span key={key} className="rounded bg-[#5865f2]/25 px-0.5 text-[#c9cdfb]">
          #{name}
        </span>
      );
    }
    if (/^<@&\d+>$/.test(part))
      return (
        <span key={key} className="rounded bg-[#5865f2]/25 px-0.5 text-[#c9cdfb]">
          @role
        </span>
      );
    if (/^<@!?\d+>$/.test(part))
      return (
        <span key={key} className="rounded bg-[#5865f2]/25 px-0.5 text-[#c9cdfb]">
          @{lookup.userName}
        </span>
      );
    return <Fragment key={key}>{part}</Fragment>;
  });
}

function Lines({ text, lookup }: { text: string; lookup: Lookup }) {
  return (
    <>
      {text.split("\n").map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, rebuilt together and never reordered
        <Fragment key={`${index}-${line}`}>
          {index > 0 && <br />}
          {renderInline(line, lookup)}
        </Fragment>
      ))}
    </>
  );
}

function PreviewImage({
  url,
  className,
  alt,
}: {
  url: string | null | undefined;
  className: string;
  alt: string;
}) {
  const image = previewImage(url);
  if (!image) return null;
  if ("src" in image) return <img src={image.src} alt={alt} className={className} />;
  return (
    <span
      title={`Image from ${image.host}, shown in Discord`}
      className={`${className} flex items-center justify-center bg-white/5 text-[10px] text-stone-400`}
    >
      image
    </span>
  );
}

/** The rendered welcome as members will see it, from the API's own renderer. */
export function WelcomePreviewCard({ preview, lookup }: { preview: WelcomePreview; lookup: Lookup }) {
  const { embed, button } = preview;
  return (
    <div className="rounded-xl bg-[#313338] p-4 font-sans text-[15px] leading-snug text-[#dbdee1]">
      <div className="flex gap-3">
        <img src="/favicon.svg" alt="" className="size-10 shrink-0 rounded-full bg-ink-900 p-1.5" />
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            <span className="font-semibold text-white">Hearth</span>
            <span className="ml-1.5 rounded bg-[#5865f2] px-1 py-px text-[10px] font-semibold text-white">
              APP
            </span>
          </p>
          {preview.content && <p className="mt-0.5">{renderInline(preview.content, lookup)}</p>}
          <div
            className="mt-1.5 flex max-w-[32rem] overflow-hidden rounded bg-[#2b2d31]"
            style={{ borderLeft: `4px solid ${embed.color}` }}
          >
            <div className="min-w-0 flex-1 p-3 pr-4">
              {/* Discord shows an embed's title as plain text: a mention there is its raw <@id>, no pill
                  (mentions render only in the content, the description and field values). */}
              {embed.title && <p className="font-semibold break-words text-white">{embed.title}</p>}
              {embed.description && (
                <p className="mt-1.5 text-sm break-words">
                  <Lines text={embed.description} lookup={lookup} />
                </p>
              )}
              {(embed.footer || embed.timestamp) && (
                <p className="mt-2 flex items-center gap-1.5 text-xs text-[#b5bac1]">
                  <PreviewImage url={embed.footer?.iconURL} alt="" className="size-5 rounded-full" />
                  {embed.footer?.text}
                  {embed.footer?.text && embed.timestamp ? " • " : ""}
                  {embed.timestamp
                    ? `Today at ${new Date(embed.timestamp).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}`
                    : ""}
                </p>
              )}
            </div>
            <div className="shrink-0 p-3 pl-0">
              <PreviewImage url={embed.thumbnail} alt="Thumbnail" className="size-16 rounded object-cover" />
            </div>
          </div>
          {button && (
            <span className="mt-2 inline-flex h-8 items-center gap-1.5 rounded bg-[#4e5058] px-4 text-sm font-medium text-white">
              {button.emoji && (
                <span aria-hidden="true">{button.emoji.startsWith("<") ? "🙂" : button.emoji}</span>
              )}
              {button.label}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

interface LivePreviewProps {
  serverId: string;
  /** The config on screen; rendered once typing pauses and only while it is valid. */
  config: WelcomeConfig;
  lookup: Lookup;
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

/** The live preview: the API renders the unsaved config for the dashboard user as a sample member. */
export function LivePreview({ serverId, config, lookup }: LivePreviewProps) {
  const settled = useDebounced(config, 400);
  const valid = Object.keys(welcomeFieldErrors(settled)).length === 0;
  const preview = useQuery(welcomePreviewQuery(serverId, valid ? settled : null));
  const problems = Object.entries(welcomeFieldErrors(config));
  const invalidNow = problems.length > 0;
  return (
    <>
      <div className="flex items-baseline justify-between">
        <SubHeading>Live preview</SubHeading>
        {preview.isFetching && <span className="text-xs text-stone-400">Updating…</span>}
      </div>
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
      <div aria-live="polite" aria-busy={preview.isFetching}>
        {preview.data ? (
          <WelcomePreviewCard preview={preview.data} lookup={lookup} />
        ) : (
          <div className="rounded-xl border border-dashed border-white/10 p-6 text-center text-sm text-stone-400">
            {invalidNow
              ? "Fix the highlighted fields to see the preview."
              : preview.isError
                ? "Preview unavailable."
                : "Rendering preview…"}
          </div>
        )}
      </div>
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
