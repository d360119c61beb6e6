import { type EmbedDraft, embedLimits, embedStarters } from "@hearth/core";
import type { Button, Embed, OutgoingMessage, SelectMenu } from "../../discord/port/port.ts";
import { linkButtonsPreview } from "./link-buttons.ts";
import type { DraftSession, EmbedTemplate } from "./service.ts";

/**
 * The builder's look: one private message with the live preview (the embed itself) and the
 * controls; the forms each control opens are in builder-forms.ts. Custom ids carry the session
 * id, so the builder keeps working after a restart: `embed:b:<action>:<session>`,
 * `embed:m:<form>:<session>`, `embed:s:<menu>:<session>`.
 */

export const buttonPrefix = "embed:b:";
export const modalPrefix = "embed:m:";
export const selectPrefix = "embed:s:";
export const templateDeletePrefix = "embed:tdel:";
export const templateDeleteYesPrefix = "embed:tdel-yes:";
export const templateDeleteNo = "embed:tdel-no";

/** What the builder's buttons do: `embed:b:<action>:<session>`. */
export const builderActions = [
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
] as const;

export type BuilderAction = (typeof builderActions)[number];

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
/** Discord's limit for a message's text. */
const contentLimit = 2000;

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
  // A long note (an import's problems, say) gives way rather than the message being refused.
  return { content: truncate(lines.join("\n"), contentLimit), embeds: [preview], components: rows };
}

/** The builder after Close: the draft is gone. */
export function closedMessage(): OutgoingMessage {
  return { content: "Closed the embed builder; the draft was discarded.", embeds: [], components: [] };
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
