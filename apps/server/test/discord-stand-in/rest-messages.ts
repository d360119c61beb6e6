import { type RestLookups, type Route, unknown } from "./rest-shared.ts";
import { reactionKey, type StandInState } from "./state.ts";

/** Messages in a channel and their reactions. */
export function messageRoutes(
  state: StandInState,
  { postMessage, editMessage, messageOf, emojiOf }: RestLookups,
): Route[] {
  return [
    ["POST", "/channels/:channel/messages", ({ params, body }) => postMessage(params.channel ?? "", body)],
    [
      "GET",
      "/channels/:channel/messages/:message",
      ({ params }) => {
        if (state.channelGuild(params.channel ?? "") === undefined) throw unknown("Channel", 10003);
        const { guild_id: _, ...message } = state.apiMessage(messageOf(params.channel, params.message));
        // REST message objects carry no guild id (gateway ones do).
        return message;
      },
    ],
    [
      "PUT",
      "/channels/:channel/messages/:message/reactions/:emoji/@me",
      ({ params }) => {
        state.react(messageOf(params.channel, params.message), emojiOf(params.emoji), state.botUser.id);
        return null;
      },
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message/reactions/:emoji/@me",
      ({ params }) => {
        state.unreact(messageOf(params.channel, params.message), emojiOf(params.emoji), state.botUser.id);
        return null;
      },
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message/reactions/:emoji/:user",
      ({ params }) => {
        state.unreact(messageOf(params.channel, params.message), emojiOf(params.emoji), params.user ?? "");
        return null;
      },
    ],
    [
      "GET",
      "/channels/:channel/messages/:message/reactions/:emoji",
      ({ params, query }) => {
        const message = messageOf(params.channel, params.message);
        const reaction = message.reactions?.get(reactionKey(emojiOf(params.emoji)));
        // Users in id order, at most 100 a page (25 when no limit is given), after the given id.
        const limit = Math.min(100, Math.max(1, Number(query.get("limit") ?? 25)));
        const after = BigInt(query.get("after") ?? "0");
        return [...(reaction?.userIds ?? [])]
          .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
          .filter((id) => BigInt(id) > after)
          .slice(0, limit)
          .map((id) => state.apiUser(id));
      },
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message/reactions/:emoji",
      ({ params }) => {
        messageOf(params.channel, params.message).reactions?.delete(reactionKey(emojiOf(params.emoji)));
        return null;
      },
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message/reactions",
      ({ params }) => {
        messageOf(params.channel, params.message).reactions?.clear();
        return null;
      },
    ],
    [
      "PATCH",
      "/channels/:channel/messages/:message",
      ({ params, body }) => editMessage(messageOf(params.channel, params.message), body),
    ],
    [
      "DELETE",
      "/channels/:channel/messages/:message",
      ({ params }) => {
        state.messages.delete(messageOf(params.channel, params.message).id);
        return null;
      },
    ],
  ];
}
