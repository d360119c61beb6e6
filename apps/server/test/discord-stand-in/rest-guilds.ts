import { type RestLookups, type Route, unknown } from "./rest-shared.ts";
import type { StandInState } from "./state.ts";

/** The bot itself, users and their DM channels, guilds, their emojis, and registered commands. */
export function guildRoutes(state: StandInState, { guildOf }: RestLookups): Route[] {
  return [
    ["GET", "/users/@me", () => state.botUser],
    ["GET", "/applications/@me", () => ({ id: state.appId, name: "Hearth", bot: state.botUser })],
    [
      "GET",
      "/users/@me/guilds",
      ({ query }) =>
        [...state.guilds.values()]
          .filter((guild) => BigInt(guild.id) > BigInt(query.get("after") ?? "0"))
          .slice(0, Number(query.get("limit") ?? 200))
          .map((guild) => ({ id: guild.id, name: guild.name, icon: guild.icon, owner: false, features: [] })),
    ],
    [
      "DELETE",
      "/users/@me/guilds/:guild",
      ({ params }) => {
        guildOf(params.guild);
        state.guilds.delete(params.guild ?? "");
        return null;
      },
    ],
    [
      "GET",
      "/users/:user",
      ({ params }) => {
        const user = state.users.get(params.user ?? "");
        if (!user) throw unknown("User", 10013);
        const { dmClosed: _, ...apiUser } = user;
        return apiUser;
      },
    ],
    [
      "POST",
      "/users/@me/channels",
      ({ body }) => {
        const userId = String(body.recipient_id);
        if (!state.users.has(userId)) throw unknown("User", 10013);
        let channelId = [...state.dmChannels].find(([, user]) => user === userId)?.[0];
        if (!channelId) {
          channelId = state.snowflake();
          state.dmChannels.set(channelId, userId);
        }
        return { id: channelId, type: 1, recipients: [state.users.get(userId)], last_message_id: null };
      },
    ],
    ["GET", "/guilds/:guild", ({ params }) => state.apiGuild(guildOf(params.guild))],
    ["GET", "/guilds/:guild/channels", ({ params }) => [...guildOf(params.guild).channels.values()]],
    ["GET", "/guilds/:guild/roles", ({ params }) => [...guildOf(params.guild).roles.values()]],
    [
      "GET",
      "/guilds/:guild/emojis",
      ({ params }) => [...guildOf(params.guild).emojis.values()].map((emoji) => state.apiEmoji(emoji)),
    ],
    [
      "PUT",
      "/applications/:app/commands",
      ({ body }) => {
        state.commands.global = body as unknown as unknown[];
        return state.commands.global;
      },
    ],
    [
      "PUT",
      "/applications/:app/guilds/:guild/commands",
      ({ params, body }) => {
        state.commands.guilds.set(guildOf(params.guild).id, body as unknown as unknown[]);
        return body;
      },
    ],
  ];
}
