export function StatusLine() {
  return (
    <p className="inline-flex items-center gap-2 text-sm text-stone-300">
      <span aria-hidden="true" className="relative flex size-2.5">
        <span className="absolute inline-flex size-full rounded-full bg-emerald-400 opacity-60 motion-safe:animate-ping" />
        <span className="relative inline-flex size-2.5 rounded-full bg-emerald-400" />
      </span>
      All systems operational
    </p>
  );
}
