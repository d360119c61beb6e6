import type { ChannelInfo, PermissionOverwrite, RoleInfo } from "../port/port.ts";

/** Discord's permission flags (bit values of the `permissions` bitfield). */
export const Permission = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewAuditLog: 1n << 7n,
  PrioritySpeaker: 1n << 8n,
  Stream: 1n << 9n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  SendTTSMessages: 1n << 12n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  ViewGuildInsights: 1n << 19n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  MuteMembers: 1n << 22n,
  DeafenMembers: 1n << 23n,
  MoveMembers: 1n << 24n,
  UseVAD: 1n << 25n,
  ChangeNickname: 1n << 26n,
  ManageNicknames: 1n << 27n,
  ManageRoles: 1n << 28n,
  ManageWebhooks: 1n << 29n,
  ManageGuildExpressions: 1n << 30n,
  UseApplicationCommands: 1n << 31n,
  RequestToSpeak: 1n << 32n,
  ManageEvents: 1n << 33n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  UseExternalStickers: 1n << 37n,
  SendMessagesInThreads: 1n << 38n,
  UseEmbeddedActivities: 1n << 39n,
  ModerateMembers: 1n << 40n,
  ViewCreatorMonetizationAnalytics: 1n << 41n,
  UseSoundboard: 1n << 42n,
  CreateGuildExpressions: 1n << 43n,
  CreateEvents: 1n << 44n,
  UseExternalSounds: 1n << 45n,
  SendVoiceMessages: 1n << 46n,
  SendPolls: 1n << 49n,
  UseExternalApps: 1n << 50n,
} as const;

export type PermissionName = keyof typeof Permission;

/** Every flag set: what the server owner and Administrator holders get. */
export const allPermissions: bigint = Object.values(Permission).reduce((all, bit) => all | bit, 0n);

/** Reads a decimal-string bitfield (Discord's representation); bad input counts as no permissions. */
export function toBits(value: string | bigint | null | undefined): bigint {
  if (typeof value === "bigint") return value;
  if (!value) return 0n;
  try {
    return BigInt(value);
  } catch {
    return 0n;
  }
}

/** True when every bit of `flag` is in `bits`. Administrator is not implied here: resolve it first. */
export function hasPermissions(bits: bigint | string, flag: bigint): boolean {
  return (toBits(bits) & flag) === flag;
}

/** The names of the flags set in a bitfield (for messages such as "this role has Ban Members"). */
export function permissionNames(bits: bigint | string): PermissionName[] {
  const value = toBits(bits);
  return (Object.keys(Permission) as PermissionName[]).filter((name) => (value & Permission[name]) !== 0n);
}

/**
 * A member's server-wide permissions: the owner has all; otherwise @everyone's bits combined with
 * every role the member holds, and all of them when that includes Administrator.
 */
export function basePermissions(input: {
  ownerId: string;
  /** The @everyone role (its id is the guild id); null when unknown. */
  everyone: Pick<RoleInfo, "permissions"> | null;
  /** The member's roles (unknown ids are ignored by the caller). */
  memberRoles: readonly Pick<RoleInfo, "permissions">[];
  userId: string;
}): bigint {
  if (input.userId === input.ownerId) return allPermissions;
  let bits = toBits(input.everyone?.permissions);
  for (const role of input.memberRoles) bits |= toBits(role.permissions);
  return (bits & Permission.Administrator) !== 0n ? allPermissions : bits;
}

function applyOverwrite(bits: bigint, overwrite: Pick<PermissionOverwrite, "allow" | "deny"> | undefined) {
  if (!overwrite) return bits;
  return (bits & ~toBits(overwrite.deny)) | toBits(overwrite.allow);
}

/**
 * A member's effective permissions in a channel, following Discord's algorithm: owner and
 * Administrator get everything; else the base permissions, then the @everyone overwrite, then the
 * member's role overwrites (all denies, then all allows), then the member's own overwrite.
 */
export function channelPermissions(input: {
  /** The guild's owner id. */
  ownerId: string;
  /** Every role of the guild (the one whose id is the guild id is @everyone). */
  roles: readonly RoleInfo[];
  member: { userId: string; roleIds: readonly string[] };
  channel: Pick<ChannelInfo, "guildId" | "permissionOverwrites">;
}): bigint {
  const { channel, member } = input;
  const byId = new Map(input.roles.map((role) => [role.id, role]));
  const memberRoles = member.roleIds.flatMap((id) => {
    const role = id === channel.guildId ? undefined : byId.get(id);
    return role ? [role] : [];
  });
  const base = basePermissions({
    ownerId: input.ownerId,
    everyone: byId.get(channel.guildId) ?? null,
    memberRoles,
    userId: member.userId,
  });
  if ((base & Permission.Administrator) !== 0n) return allPermissions;

  const overwrites = channel.permissionOverwrites ?? [];
  let bits = applyOverwrite(
    base,
    overwrites.find((o) => o.type === "role" && o.id === channel.guildId),
  );
  const held = new Set(member.roleIds);
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of overwrites) {
    if (overwrite.type !== "role" || overwrite.id === channel.guildId || !held.has(overwrite.id)) continue;
    allow |= toBits(overwrite.allow);
    deny |= toBits(overwrite.deny);
  }
  bits = (bits & ~deny) | allow;
  bits = applyOverwrite(
    bits,
    overwrites.find((o) => o.type === "member" && o.id === member.userId),
  );
  // Without View Channel nothing else in the channel applies, as Discord implies.
  return (bits & Permission.ViewChannel) === 0n ? 0n : bits;
}
