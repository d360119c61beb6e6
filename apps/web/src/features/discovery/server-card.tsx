import type { DiscoveryServer } from "@hearth/core";
import { useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { buttonClass } from "../../components/ui/button-styles";
import { ImageWithFallback } from "../../components/ui/image-with-fallback";
import { cn } from "../../lib/cn";
import { pluralize } from "../../lib/format";
import { truncate, visibleTags } from "./display";

export const DEFAULT_SERVER_ICON = "/images/default-server.svg";

export function ServerCard({ server, featured = false }: { server: DiscoveryServer; featured?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const preview = truncate(server.description);
  const tags = visibleTags(server.tags);

  return (
    <article
      aria-label={server.name}
      className={cn(
        "flex h-full flex-col rounded-2xl border bg-ink-900/60 p-5",
        featured ? "border-ember-400/40 shadow-lg shadow-ember-500/10" : "border-white/10",
      )}
    >
      <div className="flex items-center gap-3">
        <ImageWithFallback
          src={server.icon}
          fallback={DEFAULT_SERVER_ICON}
          alt=""
          size={48}
          className="size-12 shrink-0 rounded-xl bg-ink-800 object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="flex items-center gap-2 font-semibold text-stone-50">
            <span className="truncate">{server.name}</span>
            {server.premium && (
              <Badge tone="amber" className="shrink-0">
                PRO
              </Badge>
            )}
          </h3>
          <p className="text-sm text-stone-400">{pluralize(server.memberCount, "member")}</p>
        </div>
      </div>

      <p id={descriptionId} className="mt-4 text-sm leading-relaxed break-words text-stone-300">
        {expanded ? server.description : preview.text}
      </p>
      {preview.truncated && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={descriptionId}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1 self-start rounded text-sm font-medium text-ember-300 underline underline-offset-4 hover:text-ember-200"
        >
          {expanded ? "Show less" : "Read more"}
        </button>
      )}

      {server.tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
          {tags.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="stone">{tag}</Badge>
            </li>
          ))}
          {tags.more > 0 && (
            <li>
              <Badge tone="stone" className="text-stone-400">
                +{tags.more} more
              </Badge>
            </li>
          )}
        </ul>
      )}

      <div className="mt-auto pt-5">
        <a
          href={server.invite}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonClass(featured ? "primary" : "secondary"), "w-full")}
        >
          Join Server
          <span className="sr-only"> {server.name} (opens in a new tab)</span>
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
            <path d="M11 3a1 1 0 1 0 0 2h2.6l-6.3 6.3a1 1 0 1 0 1.4 1.4L15 6.4V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5z" />
            <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5z" />
          </svg>
        </a>
      </div>
    </article>
  );
}
