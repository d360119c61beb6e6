// Self-roles keep some lists as JSON text (a draft's roles, the panels a blacklisted role was taken
// off); every store of the feature reads them back the same forgiving way.

/** A JSON list stored in a text column; empty when the text isn't one. */
export const parseJsonList = <T>(text: string): T[] => {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};
