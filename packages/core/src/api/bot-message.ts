import { z } from "zod";
import { sandboxComponentSchema, sandboxEmbedSchema } from "./sandbox.ts";

/**
 * A message as the bot would post it, for the dashboard's previews: its text, embeds and rows of
 * components, in the shape the sandbox playground renders. A feature's `…/preview` route builds it
 * with the same function the bot posts with.
 */
export const botMessagePreview = z.object({
  content: z.string(),
  embeds: z.array(sandboxEmbedSchema),
  components: z.array(z.array(sandboxComponentSchema)),
});
export type BotMessagePreview = z.infer<typeof botMessagePreview>;
