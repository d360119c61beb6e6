import { type EmbedDraft, embedLimits } from "@hearth/core";
import type { Modal, TextInput } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import { modalPrefix } from "./builder.ts";
import { applyLinkButtonsForm, linkButtonsForm } from "./link-buttons.ts";
import type { DraftSession } from "./service.ts";

/**
 * The builder's forms: each one pre-filled from the draft (or from a refused submission), and the
 * draft after a form is submitted. Their custom ids are `embed:m:<form>:<session>`.
 */

/** Forms: the editing ones, plus `field:<n>` for field n (0-based). */
export type BuilderForm =
  | "body"
  | "author"
  | "footer"
  | "colour"
  | "images"
  | "addfield"
  | `field:${number}`
  | "buttons"
  | "save"
  | "import"
  | "send";

/** Discord's most for a form's text field; the description can be longer (up to 4,096 by JSON). */
export const textInputMax = 4000;

const input = (
  customId: string,
  label: string,
  value: string | undefined,
  options: Partial<TextInput> = {},
): TextInput => ({
  customId,
  label,
  style: "short",
  required: false,
  ...(value ? { value } : {}),
  ...options,
});

const yesNo = (value: boolean | undefined) => (value ? "yes" : "no");

/** The form for an editing control, pre-filled from the draft (or from a refused submission). */
export function draftForm(
  session: DraftSession,
  form: BuilderForm,
  defaults: { channelName?: string | null } = {},
  prefill?: Record<string, string>,
): Modal {
  const { draft } = session;
  const customId = `${modalPrefix}${form}:${session.id}`;
  const value = (key: string, fallback: string | undefined) => (prefill ? prefill[key] : fallback);
  switch (form) {
    case "body": {
      const long = (draft.description?.length ?? 0) > textInputMax;
      return {
        customId,
        title: "Title & text",
        fields: [
          input("title", "Title", value("title", draft.title), { maxLength: embedLimits.title }),
          ...(long
            ? []
            : [
                input("description", "Description", value("description", draft.description), {
                  style: "paragraph",
                  maxLength: textInputMax,
                  placeholder: "Markdown and tags like {user.mention} or {server.name} work here.",
                }),
              ]),
          input("url", "Title link (https://…)", value("url", draft.url)),
        ],
      };
    }
    case "author":
      return {
        customId,
        title: "Author",
        fields: [
          input("name", "Author name", value("name", draft.author?.name), {
            maxLength: embedLimits.authorName,
          }),
          input("iconUrl", "Author icon URL (or {user.avatar})", value("iconUrl", draft.author?.iconUrl)),
          input("url", "Author link (https://…)", value("url", draft.author?.url)),
        ],
      };
    case "footer":
      return {
        customId,
        title: "Footer",
        fields: [
          input("text", "Footer text", value("text", draft.footer?.text), {
            style: "paragraph",
            maxLength: embedLimits.footerText,
          }),
          input("iconUrl", "Footer icon URL (or {server.icon})", value("iconUrl", draft.footer?.iconUrl)),
        ],
      };
    case "colour":
      return {
        customId,
        title: "Colour",
        fields: [
          input("color", "Colour as #RRGGBB (empty for none)", value("color", draft.color), {
            maxLength: 7,
            placeholder: "#F97316",
          }),
        ],
      };
    case "images":
      return {
        customId,
        title: "Images",
        fields: [
          input(
            "thumbnailUrl",
            "Thumbnail URL (small, top right)",
            value("thumbnailUrl", draft.thumbnailUrl),
            {
              placeholder: "https://… or {server.icon}",
            },
          ),
          input("imageUrl", "Image URL (large, at the bottom)", value("imageUrl", draft.imageUrl), {
            placeholder: "https://… a PNG, JPG, GIF or WebP",
          }),
        ],
      };
    case "buttons":
      return linkButtonsForm(customId, draft, prefill);
    case "save":
      return {
        customId,
        title: "Save as template",
        fields: [
          input("name", "Template name (1–50 characters)", value("name", undefined), {
            required: true,
            maxLength: 50,
          }),
          input("replace", "Replace a template of that name? (yes/no)", value("replace", "no"), {
            maxLength: 3,
          }),
        ],
      };
    case "import":
      return {
        customId,
        title: "Import JSON",
        fields: [
          input("json", "Embed JSON (replaces this draft)", value("json", undefined), {
            style: "paragraph",
            required: true,
            maxLength: textInputMax,
            placeholder: '{"version":1,"embed":{"title":"…"}} — or upload a file: /embed create file:',
          }),
        ],
      };
    case "send":
      return {
        customId,
        title: "Send the embed",
        fields: [
          input("channel", "Channel (#name or ID)", value("channel", defaults.channelName ?? undefined), {
            required: true,
          }),
          input("content", "Message text above the embed (optional)", value("content", undefined), {
            style: "paragraph",
            maxLength: 2000,
          }),
        ],
      };
    default: {
      // "addfield" or "field:<n>"
      const index = form === "addfield" ? -1 : Number(form.slice("field:".length));
      const field = index >= 0 ? draft.fields?.[index] : undefined;
      return {
        customId,
        title: index >= 0 ? `Field ${index + 1}` : "Add a field",
        fields: [
          input("name", "Name", value("name", field?.name), {
            required: index < 0,
            maxLength: embedLimits.fieldName,
          }),
          input("value", "Value", value("value", field?.value), {
            style: "paragraph",
            required: index < 0,
            maxLength: embedLimits.fieldValue,
          }),
          input("inline", "Side by side with others? (yes/no)", value("inline", yesNo(field?.inline)), {
            maxLength: 3,
          }),
          ...(index >= 0
            ? [
                input("remove", "Type REMOVE to delete this field", value("remove", undefined), {
                  maxLength: 6,
                }),
              ]
            : []),
        ],
      };
    }
  }
}

/** Reads a yes/no answer (empty is no); null when it is neither. */
export function readYesNo(text: string | undefined): boolean | null {
  const answer = (text ?? "").trim().toLowerCase();
  if (["", "no", "n", "false", "off"].includes(answer)) return false;
  if (["yes", "y", "true", "on"].includes(answer)) return true;
  return null;
}

/** The draft after a submitted form (parts not in the form, or not sent, stay as they were). */
export function applyForm(draft: EmbedDraft, form: BuilderForm, fields: Record<string, string>): EmbedDraft {
  const get = (key: string, current: string | undefined) =>
    Object.hasOwn(fields, key) ? (fields[key] ?? "") : (current ?? "");
  switch (form) {
    case "body":
      return {
        ...draft,
        title: get("title", draft.title),
        description: get("description", draft.description),
        url: get("url", draft.url).trim(),
      };
    case "author":
      return {
        ...draft,
        author: {
          name: get("name", draft.author?.name),
          iconUrl: get("iconUrl", draft.author?.iconUrl).trim(),
          url: get("url", draft.author?.url).trim(),
        },
      };
    case "footer":
      return {
        ...draft,
        footer: {
          text: get("text", draft.footer?.text),
          iconUrl: get("iconUrl", draft.footer?.iconUrl).trim(),
        },
      };
    case "colour": {
      const colour = get("color", draft.color).trim();
      // `f97316` and `#f97316` both mean #F97316.
      return { ...draft, color: /^[0-9a-fA-F]{6}$/.test(colour) ? `#${colour}` : colour };
    }
    case "images":
      return {
        ...draft,
        thumbnailUrl: get("thumbnailUrl", draft.thumbnailUrl).trim(),
        imageUrl: get("imageUrl", draft.imageUrl).trim(),
      };
    case "buttons":
      return applyLinkButtonsForm(draft, fields);
    default:
      return draft;
  }
}

/** The draft after a field form: added, changed, or removed (REMOVE). */
export function applyFieldForm(
  draft: EmbedDraft,
  form: BuilderForm,
  fields: Record<string, string>,
): EmbedDraft {
  const inline = readYesNo(fields.inline);
  if (inline === null) throw badRequest("Answer **yes** or **no** for side by side.", "inline");
  const list = [...(draft.fields ?? [])];
  const field = { name: fields.name ?? "", value: fields.value ?? "", ...(inline ? { inline: true } : {}) };
  if (form === "addfield") return { ...draft, fields: [...list, field] };
  const index = Number(form.slice("field:".length));
  if (!list[index]) throw badRequest("That field is no longer in the embed.");
  if ((fields.remove ?? "").trim().toLowerCase() === "remove") list.splice(index, 1);
  else list[index] = field;
  return { ...draft, fields: list };
}
