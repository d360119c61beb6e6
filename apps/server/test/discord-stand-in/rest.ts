import { inviteRoutes } from "./invites.ts";
import { channelRoutes } from "./rest-channels.ts";
import { guildRoutes } from "./rest-guilds.ts";
import { type InteractionRecord, interactionRoutes, type ModalRecord } from "./rest-interactions.ts";
import { memberRoutes } from "./rest-members.ts";
import { messageRoutes } from "./rest-messages.ts";
import { type Route, restLookups } from "./rest-shared.ts";
import type { StandInState } from "./state.ts";

export { type InteractionRecord, type ModalRecord, recordInteraction } from "./rest-interactions.ts";
export { RestError, type RestRequest } from "./rest-shared.ts";

// The REST routes the adapter uses, under /api/v10, answered from the stand-in's state with
// Discord's JSON shapes and error codes. Writes change the state; as on Discord, channel and role
// writes are also sent to the gateway (CHANNEL_CREATE/UPDATE/DELETE, GUILD_ROLE_CREATE/UPDATE/DELETE,
// before the answer, so the client's cache is current when the call returns). Other writes (messages,
// reactions, member roles) dispatch nothing: tests play other users through DiscordStandIn's helpers.

export function restRoutes(
  state: StandInState,
  interactions: Map<string, InteractionRecord>,
  modals: ModalRecord[] = [],
): Route[] {
  const lookups = restLookups(state);
  return [
    ...guildRoutes(state, lookups),
    ...channelRoutes(state, lookups),
    ...memberRoutes(state, lookups),
    ...inviteRoutes(state, lookups),
    ...messageRoutes(state, lookups),
    ...interactionRoutes(state, lookups, interactions, modals),
  ];
}
