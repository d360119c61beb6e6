import { type EmbedDraft, type LinkButtonDraft, linkButtonLimits } from "@hearth/core";
import type { Button, Modal, SelectMenu, TextInput } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";

/**
 * Link buttons in the builder: one form with a line per button (`Label | https://link | emoji`),
 * so adding, changing and removing them all happen in one place, and the builder's own controls
 * keep within Discord's five rows. On the message they are one row of link buttons (style 5).
 */

type Row = (Button | SelectMenu)[];

/** Discord's most rows of buttons and menus on a message. */
export const messageRowLimit = 5;

const lineExample = "Website | https://example.com | 🌐";
/** Room for the longest label, link and custom emoji, with the separators. */
const lineMax = linkButtonLimits.label + linkButtonLimits.url + 100;

const fieldId = (index: number) => `button${index + 1}`;

/** A button as one line of the form. */
export function buttonLine(button: LinkButtonDraft): string {
  return [button.label, button.url, ...(button.emoji ? [button.emoji] : [])].join(" | ");
}

/** The form: one line per button, pre-filled from the draft (or from a refused submission). */
export function linkButtonsForm(
  customId: string,
  draft: EmbedDraft,
  prefill?: Record<string, string>,
): Modal {
  const buttons = draft.buttons ?? [];
  const fields: TextInput[] = Array.from({ length: linkButtonLimits.perMessage }, (_, index) => {
    const current = buttons[index];
    const value = prefill ? prefill[fieldId(index)] : current ? buttonLine(current) : undefined;
    return {
      customId: fieldId(index),
      label: `Button ${index + 1}: Label | https://link | emoji`,
      style: "short",
      required: false,
      maxLength: lineMax,
      ...(index === 0 ? { placeholder: `${lineExample} (emoji optional; empty removes)` } : {}),
      ...(value ? { value } : {}),
    };
  });
  return { customId, title: "Link buttons (empty line removes one)", fields };
}

/**
 * One line of the form as a button, or null when it is empty. The link is the last part that
 * starts like one (http://, https:// or a tag), so a label may itself hold "|"; what follows the
 * link is the emoji. The checks of core name any part that breaks a limit.
 */
export function readButtonLine(line: string, index: number): LinkButtonDraft | null {
  const text = line.trim();
  if (text === "") return null;
  const parts = text.split("|");
  if (parts.length < 2) {
    throw badRequest(
      `Link button ${index + 1}: write it as ${lineExample} (the emoji is optional).`,
      fieldId(index),
    );
  }
  let at = -1;
  for (let i = parts.length - 1; i >= 1 && at < 0; i--) {
    if (/^\s*(https?:\/\/|\{)/i.test(parts[i] ?? "")) at = i;
  }
  if (at < 0) at = parts.length >= 3 ? parts.length - 2 : 1;
  const emoji = parts
    .slice(at + 1)
    .join("|")
    .trim();
  return {
    label: parts.slice(0, at).join("|").trim(),
    url: (parts[at] ?? "").trim(),
    ...(emoji ? { emoji } : {}),
  };
}

/** The draft after the form: its buttons are the non-empty lines, in order. */
export function applyLinkButtonsForm(draft: EmbedDraft, fields: Record<string, string>): EmbedDraft {
  const buttons: LinkButtonDraft[] = [];
  for (let index = 0; index < linkButtonLimits.perMessage; index++) {
    const button = readButtonLine(fields[fieldId(index)] ?? "", index);
    if (button) buttons.push(button);
  }
  return { ...draft, buttons };
}

/** The row of link buttons the draft puts under its embed; empty when it has none. */
export function linkButtonRow(buttons: readonly LinkButtonDraft[] | undefined): Button[] {
  return (buttons ?? []).map((button) => ({
    type: "button",
    style: "link",
    label: button.label,
    url: button.url,
    ...(button.emoji ? { emoji: button.emoji } : {}),
  }));
}

const isLinkButton = (component: Button | SelectMenu): component is Button =>
  component.type === "button" && component.style === "link" && component.url !== undefined;

/**
 * An edited message's rows, split: its first row made only of link buttons becomes the draft's
 * buttons, and every other row is kept as it was, with where the link row stood.
 */
export function splitMessageRows(rows: readonly Row[]): {
  buttons: LinkButtonDraft[];
  others: Row[];
  buttonRowAt: number | null;
} {
  const at = rows.findIndex((row) => row.length > 0 && row.every(isLinkButton));
  if (at < 0) return { buttons: [], others: [...rows], buttonRowAt: null };
  const buttons = (rows[at] ?? []).filter(isLinkButton).map((button) => ({
    label: button.label ?? "",
    url: button.url ?? "",
    ...(button.emoji ? { emoji: button.emoji } : {}),
  }));
  return { buttons, others: rows.filter((_, index) => index !== at), buttonRowAt: at };
}

/**
 * The rows of an edited message: its other rows as they were, with the draft's link row back
 * where it stood (or last when it had none). Refused past Discord's five rows.
 */
export function editedMessageRows(
  buttons: readonly LinkButtonDraft[] | undefined,
  rest: { components?: Row[]; buttonRowAt?: number | null },
): Row[] {
  const others = rest.components ?? [];
  const row = linkButtonRow(buttons);
  if (row.length === 0) return others;
  if (others.length >= messageRowLimit) {
    throw badRequest(
      `That message already has ${others.length} rows of buttons and menus, Discord's limit of ${messageRowLimit}, so there's no row left for link buttons. Remove them to update the message.`,
      "buttons",
    );
  }
  const at = Math.min(rest.buttonRowAt ?? others.length, others.length);
  return [...others.slice(0, at), row, ...others.slice(at)];
}

const escapeLabel = (label: string) => label.replace(/([[\]\\*_~`|])/g, "\\$1");

/** How much of the builder's message (2,000 characters in all) the link-button line may take. */
const previewRoom = 1200;

/** A link as the line shows it when the full links don't fit: host and the path's start. */
const shortLink = (url: string) => {
  const bare = url.replace(/^https?:\/\//i, "");
  return bare.length > 40 ? `${bare.slice(0, 39)}…` : bare;
};

/**
 * A line for the builder listing the buttons the message will have (the builder has no room for a
 * row of them): each a link to its page, or, when five long links would crowd the builder's
 * message past Discord's 2,000 characters, each label with a shortened address.
 */
export function linkButtonsPreview(buttons: readonly LinkButtonDraft[] | undefined): string | null {
  if (!buttons || buttons.length === 0) return null;
  const label = (button: LinkButtonDraft) =>
    `${button.emoji ? `${button.emoji} ` : ""}${escapeLabel(button.label)}`;
  const line = (shown: string[]) => `🔗 **Link buttons** under the embed: ${shown.join(" · ")}`;
  const full = line(
    buttons.map((button) =>
      /^https?:\/\//i.test(button.url)
        ? `[${label(button)}](<${button.url}>)`
        : `${label(button)} (${button.url})`,
    ),
  );
  if (full.length <= previewRoom) return full;
  return line(buttons.map((button) => `${label(button)} (${shortLink(button.url)})`));
}
