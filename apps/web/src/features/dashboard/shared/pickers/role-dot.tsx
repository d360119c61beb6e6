/** Discord's role colour as CSS; 0 means "no colour", shown grey. */
export function roleColor(color: number): string {
  return color === 0 ? "#99aab5" : `#${color.toString(16).padStart(6, "0")}`;
}

/** A role's colour as a small dot beside its name (in a picker, a chip or a list). */
export function RoleDot({ color }: { color: number }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-2.5 shrink-0 rounded-full"
      style={{ backgroundColor: roleColor(color) }}
    />
  );
}
