import { compileTemplate } from "./template.ts";
import { knownTemplateNames, normalizeTagName } from "./variables.ts";

/** A tag the language doesn't know, for the editor to underline. */
export interface TemplateProblem {
  /** The tag as written, braces included. */
  tag: string;
  /** Its position in the template: [start, end). */
  start: number;
  end: number;
  /** The closest known tag, braces included ("did you mean …?"), or null. */
  suggestion: string | null;
}

/** Suggestions cost a distance per known name; past this many problems the editor has enough to show. */
const maxSuggestions = 50;
const maxSuggestedLength = 48;

/** Edit distance with adjacent transpositions counted as one edit (`mentoin` → `mention` is 1). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (d[(i - 1) * cols + j] as number) + 1,
        (d[i * cols + j - 1] as number) + 1,
        (d[(i - 1) * cols + j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (d[(i - 2) * cols + j - 2] as number) + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1] as number;
}

/** The known tag closest to a misspelt one, when it is close enough to be what was meant. */
export function suggestTemplateTag(written: string): string | null {
  const name = normalizeTagName(written.replace(/^\{|\}$/g, "").trim());
  if (name === "" || name.length > maxSuggestedLength || !/^[\w.]+$/.test(name)) return null;
  const allowed = Math.min(3, Math.max(1, Math.floor(name.length / 4)));
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const known of knownTemplateNames()) {
    const candidate = normalizeTagName(known);
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best === null ? null : `{${best}}`;
}

/**
 * The tags of a template that the language doesn't know (they would be sent as written), in order,
 * each with a suggestion when a known tag is close. An empty list means every tag is understood.
 */
export function validateTemplate(source: string): TemplateProblem[] {
  return compileTemplate(source).unknownTags.map((unknown, index) => ({
    tag: unknown.tag,
    start: unknown.start,
    end: unknown.end,
    suggestion: index < maxSuggestions ? suggestTemplateTag(unknown.tag) : null,
  }));
}
