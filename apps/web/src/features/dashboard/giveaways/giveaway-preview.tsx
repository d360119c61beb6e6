import type { CreateGiveawayBody, Role } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { useDebounced } from "../shared/use-debounced";
import { previewQuery } from "./manage-api";

/** Discord's markup as the client shows it: times, mentions and bold, as plain text. */
function readable(text: string, roleName: (id: string) => string): string {
  return text
    .replace(/<t:(\d+):[Rf]>/g, (_match, seconds: string) =>
      new Date(Number(seconds) * 1000).toLocaleString(),
    )
    .replace(/<@&(\d+)>/g, (_match, id: string) => `@${roleName(id)}`)
    .replace(/<@!?\d+>/g, "@member")
    .replace(/\*\*(.+?)\*\*/g, "$1");
}

/**
 * What the giveaway will look like in Discord and whom it pings, read from the server (the same
 * message the post sends), so the choice of ping role is visible before anything is posted.
 */
export function GiveawayPreview({
  serverId,
  body,
  roles,
}: {
  serverId: string;
  body: CreateGiveawayBody | null;
  roles: readonly Role[];
}) {
  const settled = useDebounced(body, 400);
  const preview = useQuery(previewQuery(serverId, settled));
  const roleName = (id: string) =>
    roles.find((role) => role.id === id)?.name ?? preview.data?.pingRoleName ?? id;
  return (
    <section
      aria-label="Message preview"
      aria-live="polite"
      className="min-w-0 overflow-hidden rounded-xl border border-white/[0.08] bg-[#313338] p-4 text-sm"
    >
      <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-stone-400">Preview</p>
      {!settled ? (
        <p className="text-stone-400">Fill in the prize, channel and duration to see the message.</p>
      ) : preview.isError ? (
        <p className="text-red-300">The preview could not be loaded. The giveaway can still be created.</p>
      ) : !preview.data ? (
        <p className="text-stone-400">Loading preview…</p>
      ) : (
        <div className="space-y-2">
          <p data-testid="ping-line" className="font-medium text-stone-100">
            {preview.data.pingRoleId ? (
              <>
                Pings{" "}
                <span className="rounded bg-indigo-500/30 px-1 text-indigo-100">
                  @{roleName(preview.data.pingRoleId)}
                </span>{" "}
                when it is posted
              </>
            ) : (
              "Pings no one when it is posted"
            )}
          </p>
          <div
            className="rounded border-l-4 bg-[#2b2d31] p-3"
            style={{
              borderColor: `#${(preview.data.embed.color ?? 0xf97316).toString(16).padStart(6, "0")}`,
            }}
          >
            <p className="font-semibold text-white">{preview.data.embed.title}</p>
            <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere] text-stone-300">
              {readable(preview.data.embed.description, roleName)}
            </p>
            {preview.data.embed.footer && (
              <p className="mt-2 text-xs text-stone-400">{preview.data.embed.footer}</p>
            )}
          </div>
          <span className="inline-block rounded bg-[#5865f2] px-3 py-1 text-xs font-semibold text-white">
            🎉 {preview.data.buttonLabel}
          </span>
        </div>
      )}
    </section>
  );
}
