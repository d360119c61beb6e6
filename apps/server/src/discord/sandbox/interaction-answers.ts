import { badRequest } from "../../lib/errors.ts";
import { makeSnowflake } from "../../lib/snowflake.ts";
import { modalBody } from "../discordjs/mapping-components.ts";
import { checkInteractionCallback, describeFormErrors } from "../payload-rules/form-body.ts";
import { sendable } from "../payload-rules/message-limits.ts";
import type { InteractionData, InteractionTransport } from "../port/interaction.ts";
import type { Modal, OutgoingMessage } from "../port/port.ts";
import type { SandboxContext } from "./context.ts";
import { storeMessage } from "./messages.ts";
import { record } from "./outbox.ts";

/** One answer the bot gave to a simulated command, button, menu choice or form. */
export interface SandboxInteractionResponse {
  type: "reply" | "defer" | "deferUpdate" | "update" | "modal" | "edit" | "delete" | "followUp";
  message?: OutgoingMessage;
  ephemeral?: boolean;
  /** The form the bot opened (`type: "modal"`). */
  modal?: Modal;
}

/** Answers land in the outbox, and the visible ones in the channel, as the member would see them. */
export function interactionTransport(
  context: SandboxContext,
  data: InteractionData,
  originalId: string | null,
  responses: SandboxInteractionResponse[],
): InteractionTransport {
  const { guildId, channelId } = data;
  let original = originalId;
  let deferredPublicly = false;
  const answer = async (response: SandboxInteractionResponse) => {
    responses.push(response);
    await record(context, guildId, `interaction.${response.type}`, {
      interactionId: data.id,
      ...response,
    });
  };
  const post = async (message: OutgoingMessage) =>
    channelId ? storeMessage(context, channelId, guildId, message) : makeSnowflake();
  const rewrite = async (message: OutgoingMessage) => {
    if (!original) return;
    await context.db
      .updateTable("sandbox_messages")
      .set({ content: message.content ?? "", payload: JSON.stringify(message), edited_at: Date.now() })
      .where("id", "=", original)
      .execute();
  };
  // What Discord refuses is refused here too: messages made to fit or refused (payload-rules/message-limits.ts),
  // forms checked against Discord's rules.
  const fit = (message: OutgoingMessage, edit = false) => sendable(message, { allowDataImages: true, edit });
  return {
    respond: async (unchecked) => {
      // Discord refuses a form in answer to a submitted form (400 "Interaction has already been acknowledged").
      if (unchecked.type === "modal" && data.kind === "modal") {
        throw new Error("Discord does not allow a form in answer to a form");
      }
      if (unchecked.type === "modal") {
        const errors = checkInteractionCallback(
          { type: 9, data: JSON.parse(JSON.stringify(modalBody(unchecked.modal))) },
          { type: 2, fromMessage: false },
        );
        if (!errors.empty) throw badRequest(`Discord would refuse this form: ${describeFormErrors(errors)}`);
      }
      const response =
        unchecked.type === "reply"
          ? { ...unchecked, message: fit(unchecked.message) }
          : unchecked.type === "update"
            ? { ...unchecked, message: fit(unchecked.message, true) }
            : unchecked;
      if (response.type === "reply" && !response.ephemeral) original = await post(response.message);
      if (response.type === "update") await rewrite(response.message);
      if (response.type === "defer") deferredPublicly = !response.ephemeral;
      const { type } = response;
      await answer({
        type,
        ...("message" in response ? { message: response.message } : {}),
        ...("ephemeral" in response ? { ephemeral: response.ephemeral } : {}),
        ...("modal" in response ? { modal: response.modal } : {}),
      });
    },
    editOriginal: async (unchecked) => {
      const message = fit(unchecked, true);
      if (!original && deferredPublicly) original = await post(message);
      else await rewrite(message);
      await answer({ type: "edit", message });
    },
    deleteOriginal: async () => {
      if (original && original !== originalId) {
        await context.db
          .updateTable("sandbox_messages")
          .set({ deleted_at: Date.now() })
          .where("id", "=", original)
          .execute();
      }
      await answer({ type: "delete" });
    },
    followUp: async (unchecked, ephemeral) => {
      const message = fit(unchecked);
      const id = ephemeral ? makeSnowflake() : await post(message);
      await answer({ type: "followUp", message, ephemeral });
      return { id, channelId: channelId ?? "" };
    },
  };
}
