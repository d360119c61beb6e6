import type { CommandCategory, CommandEntry } from "@hearth/core/commands";

export type CategoryFilter = CommandCategory | "All";

/**
 * The commands whose name or description contains the query (case-insensitive; a leading `/` is
 * ignored, so `/grinder add` finds it), limited to one category unless the filter is "All".
 */
export function filterCommands(
  entries: readonly CommandEntry[],
  query: string,
  category: CategoryFilter,
): CommandEntry[] {
  const needle = query.trim().replace(/^\/+/, "").toLowerCase();
  return entries.filter(
    (entry) =>
      (category === "All" || entry.category === category) &&
      (needle === "" ||
        entry.name.toLowerCase().includes(needle) ||
        entry.description.toLowerCase().includes(needle)),
  );
}

/** How a command's access reads on its card: `Manage Server or the grinder management role`. */
export function accessText(entry: CommandEntry): string | null {
  if (entry.developerOnly) return "Bot developers only";
  const parts: string[] = [...entry.permissions];
  if (entry.managerRole) parts.push(`the ${entry.managerRole}`);
  if (parts.length === 0) return null;
  return parts.join(" or ");
}
