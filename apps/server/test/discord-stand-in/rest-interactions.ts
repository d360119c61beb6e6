import { RestError, type RestLookups, type Route, unknown } from "./rest-shared.ts";
import type { StandInState } from "./state.ts";

/** Interactions the stand-in dispatched: their token, when, and whether they were answered. */
export interface InteractionRecord {
  token: string;
  channelId: string;
  guildId: string | null;
  dispatchedAt: number;
  acknowledged: boolean;
  /** The reply (commands) or the message the button is on (buttons). */
  originalId: string | null;
  /** Discord's interaction type: 2 command, 3 component, 4 autocomplete, 5 form submitted. */
  type: number;
  /** Whether the interaction came from a message (a component, or a form opened by one). */
  fromMessage: boolean;
}

/** A form the bot opened (interaction callback of type 9), as Discord received it. */
export interface ModalRecord {
  interactionId: string;
  custom_id: string;
  title: string;
  // biome-ignore lint/suspicious/noExplicitAny: the raw components are asserted on freely in tests
  components: any[];
  /** The text inputs, flattened out of their action rows. */
  fields: {
    custom_id: string;
    label: string;
    style: number;
    required?: boolean;
    min_length?: number;
    max_length?: number;
    placeholder?: string;
    value?: string;
  }[];
}

/** Notes an INTERACTION_CREATE payload being dispatched, so the routes below accept its answers. */
export function recordInteraction(interactions: Map<string, InteractionRecord>, data: unknown): void {
  const payload = data as {
    id: string;
    type: number;
    token: string;
    channel_id: string;
    guild_id?: string;
    message?: { id: string };
  };
  interactions.set(payload.id, {
    token: payload.token,
    channelId: payload.channel_id,
    guildId: payload.guild_id ?? null,
    dispatchedAt: Date.now(),
    acknowledged: false,
    originalId: payload.message?.id ?? null,
    type: payload.type,
    fromMessage: payload.message !== undefined,
  });
}

/** Answering interactions: the callback, follow-ups, and the original response. */
export function interactionRoutes(
  state: StandInState,
  { postMessage, editMessage }: RestLookups,
  interactions: Map<string, InteractionRecord>,
  modals: ModalRecord[],
): Route[] {
  const interactionOf = (token: string | undefined) => {
    for (const record of interactions.values()) if (record.token === token) return record;
    throw unknown("Webhook", 10015);
  };
  const original = (record: InteractionRecord) => {
    const message = state.messages.get(record.originalId ?? "");
    if (!message) throw unknown("Message", 10008);
    return message;
  };

  return [
    [
      "POST",
      "/interactions/:id/:token/callback",
      ({ params, body }) => {
        const record = interactions.get(params.id ?? "");
        // Discord forgets an interaction not answered within 3 s, and accepts one answer only.
        if (!record || record.token !== params.token || Date.now() - record.dispatchedAt > 3000) {
          throw unknown("interaction", 10062);
        }
        if (record.acknowledged)
          throw new RestError(400, 40060, "Interaction has already been acknowledged.");
        const data = (body.data as Record<string, unknown> | undefined) ?? {};
        const rows = (data.components as { components?: Record<string, unknown>[] }[] | undefined) ?? [];
        record.acknowledged = true;
        if (body.type === 4 || body.type === 5) {
          record.originalId = postMessage(
            record.channelId,
            body.type === 4 ? data : { flags: data.flags },
          ).id;
        }
        // A button's "original" is the message it is on: type 7 edits it at once.
        if (body.type === 7) editMessage(original(record), data);
        if (body.type === 9) {
          modals.push({
            interactionId: params.id ?? "",
            custom_id: String(data.custom_id),
            title: String(data.title),
            components: rows,
            fields: rows.flatMap((row) => (row.components ?? []) as ModalRecord["fields"]),
          });
        }
        return null;
      },
    ],
    [
      "POST",
      "/webhooks/:app/:token",
      ({ params, body }) => {
        const record = interactionOf(params.token);
        if (!record.acknowledged) throw unknown("Webhook", 10015);
        return postMessage(record.channelId, body);
      },
    ],
    [
      "PATCH",
      "/webhooks/:app/:token/messages/@original",
      ({ params, body }) => editMessage(original(interactionOf(params.token)), body),
    ],
    [
      "DELETE",
      "/webhooks/:app/:token/messages/@original",
      ({ params }) => {
        state.messages.delete(original(interactionOf(params.token)).id);
        return null;
      },
    ],
  ];
}
