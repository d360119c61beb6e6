import { RestError, type RestLookups, type Route } from "./rest-shared.ts";
import type { StandInState } from "./state.ts";

/** Guild channels: creating, reading and deleting them, and their permission overwrites (DM channels read too). */
export function channelRoutes(state: StandInState, { guildOf, channelOf }: RestLookups): Route[] {
  return [
    [
      "POST",
      "/guilds/:guild/channels",
      ({ params, body, emit }) => {
        const channel = state.addChannel(guildOf(params.guild).id, {
          name: String(body.name),
          type: Number(body.type ?? 0),
          parent_id: (body.parent_id as string | null) ?? null,
          topic: (body.topic as string | undefined) ?? null,
          nsfw: body.nsfw === true,
          permission_overwrites: (body.permission_overwrites as never[] | undefined) ?? [],
        });
        emit("CHANNEL_CREATE", channel);
        return channel;
      },
    ],
    [
      "GET",
      "/channels/:channel",
      ({ params }) => {
        const recipient = state.dmChannels.get(params.channel ?? "");
        if (recipient) {
          return {
            id: params.channel,
            type: 1,
            recipients: [state.apiUser(recipient)],
            last_message_id: null,
          };
        }
        return channelOf(params.channel).channel;
      },
    ],
    [
      "DELETE",
      "/channels/:channel",
      ({ params }) => {
        const { guild, channel } = channelOf(params.channel);
        guild.channels.delete(channel.id);
        for (const [id, message] of state.messages)
          if (message.channel_id === channel.id) state.messages.delete(id);
        return channel;
      },
    ],
    [
      "PUT",
      "/channels/:channel/permissions/:target",
      ({ params, body, emit }) => {
        const { channel } = channelOf(params.channel);
        const overwrite = {
          id: params.target ?? "",
          type: Number(body.type),
          allow: String(body.allow ?? "0"),
          deny: String(body.deny ?? "0"),
        };
        if (overwrite.type !== 0 && overwrite.type !== 1) {
          throw new RestError(400, 50035, "Invalid Form Body: type must be 0 (role) or 1 (member)");
        }
        channel.permission_overwrites = [
          ...channel.permission_overwrites.filter((existing) => existing.id !== overwrite.id),
          overwrite as never,
        ];
        emit("CHANNEL_UPDATE", channel);
        return null;
      },
    ],
    [
      "DELETE",
      "/channels/:channel/permissions/:target",
      ({ params, emit }) => {
        const { channel } = channelOf(params.channel);
        channel.permission_overwrites = channel.permission_overwrites.filter(
          (existing) => existing.id !== params.target,
        );
        emit("CHANNEL_UPDATE", channel);
        return null;
      },
    ],
  ];
}
