import { RestError, type RestLookups, type Route } from "./rest-shared.ts";
import type { StandInState } from "./state.ts";

// Server invites on the stand-in: GET /guilds/{id}/invites with each invite's uses, members making
// invites (INVITE_CREATE) and joining through them (the use counted, GUILD_MEMBER_ADD; a used-up
// invite deleted with INVITE_DELETE, before the join, as Discord may order them).

export interface StoredInvite {
  code: string;
  guildId: string;
  channelId: string;
  inviterId: string | null;
  uses: number;
  maxUses: number;
  createdAt: string;
}

interface InviteState {
  invites: Map<string, StoredInvite>;
  /** Guilds where the bot lacks Manage Server: listing invites answers 403 Missing Permissions. */
  hidden: Set<string>;
}

const byState = new WeakMap<StandInState, InviteState>();
function inviteState(state: StandInState): InviteState {
  let found = byState.get(state);
  if (!found) {
    found = { invites: new Map(), hidden: new Set() };
    byState.set(state, found);
  }
  return found;
}

type Dispatch = (event: string, data: unknown) => Promise<void>;

function apiInvite(state: StandInState, invite: StoredInvite) {
  return {
    type: 0,
    code: invite.code,
    guild: { id: invite.guildId },
    channel: { id: invite.channelId, type: 0, name: "invite" },
    inviter: invite.inviterId ? state.apiUser(invite.inviterId) : undefined,
    uses: invite.uses,
    max_uses: invite.maxUses,
    max_age: 0,
    temporary: false,
    created_at: invite.createdAt,
  };
}

export function inviteRoutes(state: StandInState, { guildOf }: RestLookups): Route[] {
  return [
    [
      "GET",
      "/guilds/:guild/invites",
      ({ params }) => {
        const guild = guildOf(params.guild);
        const { invites, hidden } = inviteState(state);
        if (hidden.has(guild.id)) throw new RestError(403, 50013, "Missing Permissions");
        return [...invites.values()]
          .filter((invite) => invite.guildId === guild.id)
          .map((invite) => apiInvite(state, invite));
      },
    ],
  ];
}

/** Whether the bot may list the guild's invites (Manage Server). */
export function setInvitesVisible(state: StandInState, guildId: string, visible: boolean): void {
  const { hidden } = inviteState(state);
  if (visible) hidden.delete(guildId);
  else hidden.add(guildId);
}

/** A member makes an invite: stored, and INVITE_CREATE dispatched. */
export async function createInvite(
  state: StandInState,
  dispatch: Dispatch,
  input: { guildId: string; channelId: string; inviterId: string | null; code: string; maxUses?: number },
): Promise<StoredInvite> {
  const invite: StoredInvite = {
    ...input,
    uses: 0,
    maxUses: input.maxUses ?? 0,
    createdAt: new Date().toISOString(),
  };
  inviteState(state).invites.set(invite.code, invite);
  const { guild: _, ...data } = apiInvite(state, invite);
  await dispatch("INVITE_CREATE", { ...data, guild_id: invite.guildId, channel_id: invite.channelId });
  return invite;
}

/** A user joins the guild through an invite: its use counted, the member added, GUILD_MEMBER_ADD dispatched. */
export async function joinViaInvite(
  state: StandInState,
  dispatch: Dispatch,
  input: { code: string; userId: string },
): Promise<void> {
  const invites = inviteState(state).invites;
  const invite = invites.get(input.code);
  if (!invite) throw new Error(`The stand-in has no invite ${input.code}`);
  invite.uses += 1;
  if (invite.maxUses > 0 && invite.uses >= invite.maxUses) {
    invites.delete(invite.code);
    await dispatch("INVITE_DELETE", {
      code: invite.code,
      guild_id: invite.guildId,
      channel_id: invite.channelId,
    });
  }
  const member = state.addMember(invite.guildId, input.userId);
  await dispatch("GUILD_MEMBER_ADD", { ...state.apiMember(member), guild_id: invite.guildId });
}
