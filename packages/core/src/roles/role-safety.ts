/**
 * The one list of permissions that make a role unsafe for Hearth to give or take automatically or on
 * someone's behalf (rewards, self-roles, components, grinder tiers, perks…), with the reason shown
 * beside such a role in the dashboard and in the bot's refusals. The server decides with it
 * (`apps/server/src/discord/roles/role-safety.ts`, which adds Discord's hierarchy); the web shows the
 * same reasons.
 */
export interface DangerousPermission {
  /** The bit in Discord's permission bitfield. */
  bit: bigint;
  /** Discord's name for it, as shown in Server Settings → Roles. */
  name: string;
}

/**
 * Administrator and every permission that moderates members, changes the server, its roles,
 * channels or messages, or pings everyone. Manage Threads and Manage Nicknames are on the list too
 * (deleting and locking threads, renaming anyone are moderation), and so are the voice moderation
 * permissions (Mute, Deafen and Move Members).
 */
export const dangerousPermissions: readonly DangerousPermission[] = [
  { bit: 1n << 3n, name: "Administrator" },
  { bit: 1n << 5n, name: "Manage Server" },
  { bit: 1n << 28n, name: "Manage Roles" },
  { bit: 1n << 4n, name: "Manage Channels" },
  { bit: 1n << 29n, name: "Manage Webhooks" },
  { bit: 1n << 1n, name: "Kick Members" },
  { bit: 1n << 2n, name: "Ban Members" },
  { bit: 1n << 40n, name: "Timeout Members" },
  { bit: 1n << 13n, name: "Manage Messages" },
  { bit: 1n << 17n, name: "Mention @everyone" },
  { bit: 1n << 30n, name: "Manage Expressions" },
  { bit: 1n << 33n, name: "Manage Events" },
  { bit: 1n << 34n, name: "Manage Threads" },
  { bit: 1n << 27n, name: "Manage Nicknames" },
  { bit: 1n << 22n, name: "Mute Members" },
  { bit: 1n << 23n, name: "Deafen Members" },
  { bit: 1n << 24n, name: "Move Members" },
];

/** The dangerous permissions in a bitfield (Discord sends a decimal string), by name; bad input has none. */
export function dangerousPermissionNames(permissions: string | bigint): string[] {
  let bits: bigint;
  try {
    bits = typeof permissions === "bigint" ? permissions : BigInt(permissions || "0");
  } catch {
    return [];
  }
  return dangerousPermissions.filter((p) => (bits & p.bit) !== 0n).map((p) => p.name);
}

/** Why a role can't be given: each refusal the role-safety rule knows. */
export type RoleRefusal =
  | "missing"
  | "everyone"
  | "managed"
  | "dangerous"
  | "bot-cannot-manage-roles"
  | "above-bot"
  | "above-actor";

const joinNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * The reason for a refusal as a short phrase about the role ("it has Administrator"), written to
 * follow the role's name: `@Admin: it has Administrator`.
 */
export function roleRefusalText(refusal: RoleRefusal, dangerous: readonly string[] = []): string {
  switch (refusal) {
    case "missing":
      return "it no longer exists";
    case "everyone":
      return "it is @everyone, which every member has";
    case "managed":
      return "it is managed by an integration (a bot or boosts); only Discord gives it";
    case "dangerous":
      return `it has ${joinNames(dangerous)}; roles Hearth gives can't carry moderation or admin permissions`;
    case "bot-cannot-manage-roles":
      return "Hearth needs the Manage Roles permission to give it";
    case "above-bot":
      return "it is not below Hearth's highest role";
    case "above-actor":
      return "it is not below your highest role";
  }
}
