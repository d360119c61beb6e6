// Shared by the offline composers (welcome and vote notifications): a colour the manager asked for.

const namedColours: [RegExp, string][] = [
  [/\bblurple\b/, "#5865F2"],
  [/\borange\b/, "#F97316"],
  [/\bred\b/, "#ED4245"],
  [/\bpink\b|\bfuchsia\b/, "#EB459E"],
  [/\bpurple\b|\bviolet\b/, "#9B59B6"],
  [/\bblue\b/, "#3498DB"],
  [/\bteal\b|\bcyan\b/, "#1ABC9C"],
  [/\bgreen\b/, "#57F287"],
  [/\byellow\b/, "#FEE75C"],
  [/\bgold\b|\bgolden\b/, "#F1C40F"],
  [/\bwhite\b/, "#FFFFFF"],
  [/\bblack\b/, "#000000"],
  [/\bdark\b|\bgr[ae]y\b/, "#2F3136"],
];

/** A colour named or written in the instructions, or null. */
export function colourFrom(text: string): string | null {
  const hex = /#([0-9a-f]{6})\b/i.exec(text)?.[1];
  if (hex) return `#${hex.toUpperCase()}`;
  return namedColours.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
