import { makeSnowflake } from "../lib/snowflake.ts";
import type { InteractionData, InteractionTransport } from "./interaction.ts";
import type { Modal, OutgoingMessage } from "./port.ts";
import type { SandboxContext } from "./sandbox-context.ts";
import { storeMessage } from "./sandbox-messages.ts";
import { record } from "./sandbox-outbox.ts";

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
  return {
    respond: async (response) => {
      // Discord refuses a form in answer to a submitted form (400 "Interaction has already been acknowledged").
      if (response.type === "modal" && data.kind === "modal") {
        throw new Error("Discord does not allow a form in answer to a form");
      }
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
    editOriginal: async (message) => {
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
    followUp: async (message, ephemeral) => {
      const id = ephemeral ? makeSnowflake() : await post(message);
      await answer({ type: "followUp", message, ephemeral });
      return { id, channelId: channelId ?? "" };
    },
  };
}
