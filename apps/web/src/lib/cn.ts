/** Joins class names, skipping the falsy ones left by conditions. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
