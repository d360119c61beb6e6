import { z } from "zod";
import { embedLimits, linkButtonLimits } from "../embed/limits.ts";
import { botMessagePreview } from "./bot-message.ts";
import { serverIdParams, snowflake } from "./common.ts";

/*
 * The dashboard's embed builder (`/api/embeds/…`): the same draft `/embed create` edits, previewed,
 * sent to a channel and edited in place through the builder's own functions. Each part has
 * Discord's limit here (`embedLimits`); the draft as a whole (6,000 characters, tags, links) is
 * checked by `validateDraft`, which names the part that is wrong.
 */

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
/** Links and image addresses (the draft's own checks say what a link must be). */
const link = text(2048);

export const embedDraftSchema = z.object({
  title: text(embedLimits.title).optional(),
  description: text(embedLimits.description).optional(),
  url: link.optional(),
  /** `#RRGGBB`. */
  color: text(7).optional(),
  footer: z.object({ text: text(embedLimits.footerText), iconUrl: link.optional() }).optional(),
  author: z
    .object({ name: text(embedLimits.authorName), iconUrl: link.optional(), url: link.optional() })
    .optional(),
  thumbnailUrl: link.optional(),
  imageUrl: link.optional(),
  fields: z
    .array(
      z.object({
        name: text(embedLimits.fieldName),
        value: text(embedLimits.fieldValue),
        inline: z.boolean().optional(),
      }),
    )
    .max(embedLimits.fields, `can have at most ${embedLimits.fields} fields`)
    .optional(),
  /** Shows the time of sending under the embed. */
  timestamp: z.boolean().optional(),
  /** Link buttons under the embed: one row of Discord buttons. */
  buttons: z
    .array(
      z.object({
        label: text(linkButtonLimits.label),
        url: text(linkButtonLimits.url),
        emoji: text(100).optional(),
      }),
    )
    .max(linkButtonLimits.perMessage, `can have at most ${linkButtonLimits.perMessage} link buttons`)
    .optional(),
});

/** Text above the embed (a message's content). */
export const embedContentMax = 2000;

/** `POST /api/embeds/:serverId/preview`. */
export const embedPreviewBody = z.object({
  draft: embedDraftSchema,
  content: text(embedContentMax).optional(),
});
export type EmbedPreviewBody = z.input<typeof embedPreviewBody>;

/** `POST /api/embeds/:serverId/preview`: the message with its tags filled for the dashboard's member. */
export const embedPreviewResponse = z.object({ message: botMessagePreview });
export type EmbedPreview = z.infer<typeof embedPreviewResponse>;

/** `POST /api/embeds/:serverId/send`: a text or announcement channel of the server. */
export const embedSendBody = embedPreviewBody.extend({ channelId: snowflake });
export type EmbedSendBody = z.input<typeof embedSendBody>;

/** A message Hearth posted, by channel and message. */
export const embedMessageParams = serverIdParams.extend({ channelId: snowflake, messageId: snowflake });

/** `PUT /api/embeds/:serverId/messages/:channelId/:messageId`: the first embed and the link buttons. */
export const embedEditBody = z.object({ draft: embedDraftSchema });
export type EmbedEditBody = z.input<typeof embedEditBody>;

/** What sending or editing answers. */
export const embedSent = z.object({
  channelId: snowflake,
  messageId: snowflake,
  /** True when an existing message was updated in place. */
  edited: z.boolean(),
});
export type EmbedSent = z.infer<typeof embedSent>;

/** `GET /api/embeds/:serverId/messages/:channelId/:messageId`: a posted embed opened for editing. */
export const embedMessage = z.object({
  channelId: snowflake,
  messageId: snowflake,
  /** Its first embed and its row of link buttons, as the builder edits them. */
  draft: embedDraftSchema,
  /** Its text above the embeds (kept as it is by an edit). */
  content: z.string(),
  /** Its other embeds and rows of buttons or menus, kept as they are by an edit. */
  keptEmbeds: z.number().int(),
  keptRows: z.number().int(),
});
export type EmbedMessage = z.infer<typeof embedMessage>;

/** A saved template's name: as `/embed templates` takes it. */
export const embedTemplateNameMax = 50;

const embedTemplateItem = z.object({
  id: z.number().int(),
  name: z.string(),
  draft: embedDraftSchema,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type EmbedTemplateItem = z.infer<typeof embedTemplateItem>;

/** `GET /api/embeds/:serverId/templates`: the server's saved templates and the built-in ones. */
export const embedTemplates = z.object({
  saved: z.array(embedTemplateItem),
  builtIn: z.array(
    z.object({ key: z.string(), name: z.string(), description: z.string(), draft: embedDraftSchema }),
  ),
  limits: z.object({ max: z.number().int(), nameMax: z.number().int() }),
});
export type EmbedTemplates = z.infer<typeof embedTemplates>;

/** `POST /api/embeds/:serverId/templates`: saves a draft as a template (`replace` one of that name). */
export const saveEmbedTemplateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(embedTemplateNameMax, `must be at most ${embedTemplateNameMax} characters`),
  draft: embedDraftSchema,
  replace: z.boolean().optional(),
});
export type SaveEmbedTemplateBody = z.input<typeof saveEmbedTemplateBody>;

export const embedTemplateSaved = z.object({ template: embedTemplateItem, replaced: z.boolean() });
export type EmbedTemplateSaved = z.infer<typeof embedTemplateSaved>;

export const embedTemplateParams = serverIdParams.extend({
  templateId: z.coerce
    .number()
    .int("must be a template id")
    .positive("must be a template id")
    .max(2_147_483_647),
});
export const embedTemplateDeleted = z.object({ deleted: z.number().int() });
