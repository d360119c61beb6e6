/**
 * Shown where a message preview goes while its code loads: the seed tabs load the Discord renderer
 * only when a form that previews is shown, so the dashboard's first load doesn't carry it.
 */
export function PreviewFallback({ caption = "Preview — what Hearth will post" }: { caption?: string }) {
  return (
    <div
      aria-busy="true"
      className="min-w-0 overflow-hidden rounded-xl border border-white/[0.08] bg-[#313338] font-sans text-[15px] leading-snug"
    >
      <p className="border-b border-black/20 px-4 py-2 text-xs font-semibold tracking-wide text-[#b5bac1] uppercase">
        {caption}
      </p>
      <p className="px-4 py-4 text-sm text-[#b5bac1]">Loading the preview…</p>
    </div>
  );
}
