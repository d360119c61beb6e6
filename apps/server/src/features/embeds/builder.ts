import { type EmbedDraft, embedLimits, embedStarters } from "@hearth/core";
import type { Button, Embed, Modal, OutgoingMessage, SelectMenu, TextInput } from "../../discord/port.ts";
import { applyLinkButtonsForm, linkButtonsForm, linkButtonsPreview } from "./link-buttons.ts";
import type { DraftSession, EmbedTemplate } from "./store.ts";

/**
 * The builder's look: one private message with the live preview (the embed itself) and the
 * controls, and the forms each control opens. Custom ids carry the session id, so the builder
 * keeps working after a restart: `embed:b:<action>:<session>`, `embed:m:<form>:<session>`,
 * `embed:s:<menu>:<session>`.
 */

export const buttonPrefix = "embed:b:";
export const modalPrefix = "embed:m:";
export const selectPrefix = "embed:s:";
export const templateDeletePrefix = "embed:tdel:";
export const templateDeleteYesPrefix = "embed:tdel-yes:";
export const templateDeleteNo = "embed:tdel-no";

export type BuilderAction =
  | "body"
  | "author"
  | "footer"
  | "colour"
  | "images"
  | "addfield"
  | "timestamp"
  | "save"
  | "export"
  | "import"
  | "buttons"
  | "send"
  | "cancel"
  | "retry";

export const builderActions: readonly BuilderAction[] = [
  "body",
  "author",
  "footer",
  "colour",
  "images",
  "addfield",
  "timestamp",
  "save",
  "export",
  "import",
  "buttons",
  "send",
  "cancel",
  "retry",
];

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

const accent = 0xf97316;

/** Splits `<prefix><name>:<session>` (a field form is `field:<n>:<session>`). */
export function parseCustomId(prefix: string, customId: string): { name: string; sessionId: string } | null {
  const rest = customId.slice(prefix.length);
  const cut = rest.lastIndexOf(":");
  if (cut <= 0) return null;
  return { name: rest.slice(0, cut), sessionId: rest.slice(cut + 1) };
}

const button = (
  session: string,
  action: BuilderAction,
  label: string,
  extra: Partial<Button> = {},
): Button => ({
  type: "button",
  style: "secondary",
  label,
  customId: `${buttonPrefix}${action}:${session}`,
  ...extra,
});

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The builder message: a line of guidance, the preview, and the controls. */
export function builderMessage(
  session: DraftSession,
  preview: Embed,
  options: {
    templates: EmbedTemplate[];
    note?: string;
    /** The link buttons as the member would send them (tags filled in); the draft's otherwise. */
    buttons?: EmbedDraft["buttons"];
  },
): OutgoingMessage {
  const { draft, id } = session;
  const fields = draft.fields ?? [];
  const mode = session.target
    ? `Editing [this message](https://discord.com/channels/${session.serverId}/${session.target.channelId}/${session.target.messageId}); **Update message** changes it in place.`
    : "**Send** posts it in a channel you choose.";
  const lines = [
    `🛠️ **Embed builder** — the preview below is how it will look (tags are filled in for you). ${mode}`,
    `Changes are saved as you go; this draft is kept until <t:${Math.floor(session.expiresAt / 1000)}:f>.`,
  ];
  const buttonsLine = linkButtonsPreview(options.buttons ?? draft.buttons);
  if (buttonsLine) lines.push(buttonsLine);
  if (options.note) lines.push("", options.note);
  const rows: (Button | SelectMenu)[][] = [
    [
      button(id, "body", "Title & text", { emoji: "📝" }),
      button(id, "author", "Author", { emoji: "👤" }),
      button(id, "footer", "Footer", { emoji: "🔻" }),
      button(id, "colour", "Colour", { emoji: "🎨" }),
      button(id, "images", "Images", { emoji: "🖼️" }),
    ],
    [
      button(id, "addfield", "Add field", { emoji: "➕", disabled: fields.length >= embedLimits.fields }),
      button(id, "timestamp", draft.timestamp ? "Timestamp: on" : "Timestamp: off", { emoji: "🕒" }),
      button(id, "save", "Save as template", { emoji: "💾" }),
      button(id, "export", "Export JSON", { emoji: "📤" }),
      button(id, "import", "Import JSON", { emoji: "📥" }),
    ],
  ];
  if (fields.length > 0) {
    rows.push([
      {
        type: "select",
        customId: `${selectPrefix}field:${id}`,
        placeholder: "Edit or remove a field…",
        options: fields.map((field, index) => ({
          label: truncate(`${index + 1}. ${field.name}`, 100),
          value: String(index),
          description: truncate(field.value.replace(/\s+/g, " "), 100),
        })),
      },
    ]);
  }
  const saved = options.templates.slice(0, 25 - embedStarters.length);
  rows.push([
    {
      type: "select",
      customId: `${selectPrefix}load:${id}`,
      placeholder: "Load a template (replaces this draft)…",
      options: [
        ...saved.map((template) => ({
          label: truncate(template.name, 100),
          value: `t:${template.id}`,
          description: "Saved on this server",
        })),
        ...embedStarters.map((starter) => ({
          label: starter.name,
          value: `s:${starter.key}`,
          description: truncate(`Built in · ${starter.description}`, 100),
        })),
      ],
    },
  ]);
  rows.push([
    button(id, "send", session.target ? "Update message" : "Send", { style: "success", emoji: "📨" }),
    button(id, "buttons", "Link buttons", { emoji: "🔗" }),
    button(id, "cancel", "Close", { style: "danger" }),
  ]);
  return { content: lines.join("\n"), embeds: [preview], components: rows };
}

/** The builder after Close: the draft is gone. */
export function closedMessage(): OutgoingMessage {
  return { content: "Closed the embed builder; the draft was discarded.", embeds: [], components: [] };
}

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
    key in fields ? (fields[key] ?? "") : (current ?? "");
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

/** The embed listing the server's templates. */
export function templatesMessage(templates: EmbedTemplate[], canDelete: boolean): OutgoingMessage {
  const builtIn = embedStarters.map((starter) => `\`${starter.key}\` · ${starter.description}`).join("\n");
  const own =
    templates.length === 0
      ? "No saved templates yet. In the builder, **Save as template** keeps the current embed."
      : templates
          .map((template) => `• **${template.name}** · saved <t:${Math.floor(template.updatedAt / 1000)}:d>`)
          .join("\n");
  const embed: Embed = {
    title: `Embed templates (${templates.length} saved)`,
    color: accent,
    description: truncate(own, 4000),
    fields: [{ name: "Built in", value: truncate(builtIn, 1024) }],
    footer: { text: "Start from one with /embed create template:<name>" },
  };
  const components: SelectMenu[][] = [];
  if (canDelete) {
    for (let at = 0; at < templates.length && components.length < 2; at += 25) {
      components.push([
        {
          type: "select",
          customId: `${templateDeletePrefix}${at / 25}`,
          placeholder: at === 0 ? "Delete a template…" : "Delete a template (more)…",
          options: templates.slice(at, at + 25).map((template) => ({
            label: truncate(template.name, 100),
            value: String(template.id),
          })),
        },
      ]);
    }
  }
  return { embeds: [embed], components };
}
