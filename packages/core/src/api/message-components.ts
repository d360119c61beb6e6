import { z } from "zod";
import { serverIdParams, snowflake } from "./common.ts";

/**
 * The dashboard's Components page: buttons, select menus and forms built by staff (the same records
 * `/components` builds in Discord). Bodies are bounded loosely here; the bot's own rules (Discord's
 * limits, role safety, the template language) check every text and answer 400 naming the field.
 */

export const messageComponentTypes = ["button", "select", "form"] as const;
export const messageComponentStyles = ["primary", "secondary", "success", "danger"] as const;
export const messageComponentActionKinds = [
  "give_role",
  "take_role",
  "toggle_role",
  "send_message",
  "open_form",
  "post_answers",
] as const;

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** One action run when a button is clicked, an option picked or a form submitted. */
export const messageComponentAction = z.object({
  kind: z.enum(messageComponentActionKinds),
  /** give_role, take_role, toggle_role. */
  roleId: snowflake.optional(),
  /** send_message: the text (template tags allowed) and where: "here", "private" or a channel id. */
  text: text(4000).optional(),
  target: text(40).optional(),
  /** open_form: the component id of a form. */
  formId: text(40).optional(),
  /** post_answers: the channel the form's answers go to. */
  channelId: snowflake.optional(),
});
export type MessageComponentAction = z.infer<typeof messageComponentAction>;

export const messageComponentOption = z.object({
  label: text(200),
  /** Omitted or empty: made from the label. */
  value: text(200).nullish(),
  description: text(200).nullish(),
  emoji: text(100).nullish(),
  actions: z.array(messageComponentAction).max(10, "must hold at most 10 actions").default([]),
});

export const messageComponentField = z.object({
  /** The saved field's id (`f1`…), kept on an edit; omitted for a new field. */
  id: z
    .string()
    .regex(/^f\d{1,3}$/, "must be a field id like f1")
    .optional(),
  label: text(100),
  style: z.enum(["short", "paragraph"]).default("short"),
  required: z.boolean().default(true),
  minLength: z.number().int("must be a whole number").min(0).max(4000).nullish(),
  maxLength: z.number().int("must be a whole number").min(1).max(4000).nullish(),
  placeholder: text(200).nullish(),
});

/** What the page sends: the whole definition (the component's look, options, fields and actions). */
export const messageComponentDefinitionInput = z.object({
  message: text(4000).nullish(),
  label: text(200).nullish(),
  emoji: text(100).nullish(),
  style: z.enum(messageComponentStyles).nullish(),
  placeholder: text(300).nullish(),
  title: text(100).nullish(),
  options: z.array(messageComponentOption).max(50, "must hold at most 50 options").default([]),
  fields: z.array(messageComponentField).max(10, "must hold at most 10 fields").default([]),
  actions: z.array(messageComponentAction).max(10, "must hold at most 10 actions").default([]),
});
export type MessageComponentDefinitionInput = z.input<typeof messageComponentDefinitionInput>;

/** A stored definition, as the page reads it. */
export const messageComponentDefinition = z.object({
  message: z.string().nullable(),
  label: z.string(),
  emoji: z.string().nullable(),
  style: z.enum(messageComponentStyles),
  placeholder: z.string().nullable(),
  title: z.string().nullable(),
  options: z.array(
    z.object({
      label: z.string(),
      value: z.string(),
      description: z.string().nullable(),
      emoji: z.string().nullable(),
      actions: z.array(messageComponentAction),
    }),
  ),
  fields: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      style: z.enum(["short", "paragraph"]),
      required: z.boolean(),
      minLength: z.number().int().nullable(),
      maxLength: z.number().int().nullable(),
      placeholder: z.string().nullable(),
    }),
  ),
  actions: z.array(messageComponentAction),
});
export type MessageComponentDefinition = z.infer<typeof messageComponentDefinition>;

export const messageComponentItem = z.object({
  componentId: z.string(),
  name: z.string(),
  type: z.enum(messageComponentTypes),
  definition: messageComponentDefinition,
  /** Messages that carry it now (edits reach them; deleting strips them). */
  postedCount: z.number().int(),
  /** What is missing before it can be posted, or null when it is complete. */
  incomplete: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type MessageComponentItem = z.infer<typeof messageComponentItem>;

export const messageComponentLimits = z.object({
  name: z.number().int(),
  label: z.number().int(),
  placeholder: z.number().int(),
  options: z.number().int(),
  optionLabel: z.number().int(),
  fields: z.number().int(),
  actionsPerTrigger: z.number().int(),
  messageText: z.number().int(),
  perServer: z.number().int(),
});

/** `GET /api/components/{serverId}`: the server's components by name, with the limits. */
export const messageComponentList = z.object({
  components: z.array(messageComponentItem),
  limits: messageComponentLimits,
});
export type MessageComponentList = z.infer<typeof messageComponentList>;

export const messageComponentParams = serverIdParams.extend({
  componentId: z.string().regex(/^[a-z0-9]{1,40}$/, "must be a component id"),
});

/** `POST /api/components/{serverId}`: a new component (its definition optional: defaults). */
export const messageComponentCreateBody = z.object({
  type: z.enum(messageComponentTypes),
  name: text(200),
  definition: messageComponentDefinitionInput.optional(),
});
export type MessageComponentCreateBody = z.input<typeof messageComponentCreateBody>;

/**
 * `PUT /api/components/{serverId}/{componentId}`: a new name (the /components commands then take it)
 * and/or a new definition (posted copies follow it).
 */
export const messageComponentUpdateBody = z
  .object({ name: text(200).optional(), definition: messageComponentDefinitionInput.optional() })
  .refine((body) => body.name !== undefined || body.definition !== undefined, {
    message: "give the name or the definition to change",
    path: ["definition"],
  });

/** `POST /api/components/{serverId}/{componentId}/post`. */
export const messageComponentPostBody = z.object({ channelId: snowflake });
export const messageComponentPosted = z.object({ messageId: z.string(), channelId: z.string() });

/** `POST /api/components/{serverId}/preview`: an unsaved draft, drawn as posting would. */
export const messageComponentPreviewBody = z.object({
  type: z.enum(messageComponentTypes),
  name: text(200).optional(),
  definition: messageComponentDefinitionInput,
});

export const messageComponentSaved = z.object({ component: messageComponentItem });
export const messageComponentDeleted = z.object({ componentId: z.string(), stripped: z.number().int() });
