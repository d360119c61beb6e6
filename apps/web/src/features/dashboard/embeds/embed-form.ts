import { type EmbedDraft, type EmbedProblem, embedLength, validateDraft } from "@hearth/core";

/** A new message's starting draft. */
export const blankEmbed: EmbedDraft = { title: "", description: "", color: "#F97316" };

/**
 * The builder's problems, from core's `validateDraft` (the numbers the server checks, and the
 * `/embed` builder too), by the part they name (`title`, `fields[2].value`, `buttons[0].url`…).
 */
export function draftProblems(draft: EmbedDraft): Map<string, string> {
  const problems = new Map<string, string>();
  const all: EmbedProblem[] = validateDraft(draft);
  if (isEmpty(draft))
    all.unshift({
      field: "description",
      message: "Give the embed a title, a description, a field or an image.",
    });
  for (const problem of all) if (!problems.has(problem.field)) problems.set(problem.field, problem.message);
  return problems;
}

/** True when the draft has nothing Discord would show. */
export function isEmpty(draft: EmbedDraft): boolean {
  const has = (text: string | undefined) => (text ?? "").trim() !== "";
  return !(
    has(draft.title) ||
    has(draft.description) ||
    (draft.fields ?? []).length > 0 ||
    has(draft.imageUrl) ||
    has(draft.thumbnailUrl) ||
    has(draft.author?.name) ||
    has(draft.footer?.text)
  );
}

/** The characters Discord counts toward an embed's 6,000. */
export const draftLength = (draft: EmbedDraft) => embedLength(draft);

/**
 * A Discord message link (right-click → Copy Message Link), read as its channel and message;
 * null when the text isn't one of this server's links.
 */
export function parseMessageLink(
  text: string,
  serverId: string,
): { channelId: string; messageId: string } | null {
  const match =
    /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/channels\/(\d{17,20})\/(\d{17,20})\/(\d{17,20})\/?$/.exec(
      text.trim(),
    );
  if (!match || match[1] !== serverId) return null;
  return { channelId: match[2] as string, messageId: match[3] as string };
}

/** The draft without the empty parts the form keeps while typing (blank footer, author). */
export function sendableDraft(draft: EmbedDraft): EmbedDraft {
  const out: EmbedDraft = { ...draft };
  if (out.footer && out.footer.text.trim() === "" && !(out.footer.iconUrl ?? "").trim()) delete out.footer;
  if (
    out.author &&
    out.author.name.trim() === "" &&
    !(out.author.iconUrl ?? "").trim() &&
    !(out.author.url ?? "").trim()
  )
    delete out.author;
  if (out.fields?.length === 0) delete out.fields;
  if (out.buttons?.length === 0) delete out.buttons;
  return out;
}
