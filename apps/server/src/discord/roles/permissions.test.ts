import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PermissionOverwrite, RoleInfo } from "../port/port.ts";
import {
  allPermissions,
  basePermissions,
  channelPermissions,
  hasPermissions,
  Permission,
  permissionNames,
  toBits,
} from "./permissions.ts";

const guildId = "100000000000000000";
const ownerId = "200000000000000000";
const userId = "300000000000000000";
const staffId = "400000000000000000";
const mutedId = "500000000000000000";
const adminId = "600000000000000000";

const role = (id: string, permissions: bigint, position = 1): RoleInfo => ({
  id,
  guildId,
  name: id,
  color: 0,
  position,
  permissions: permissions.toString(),
  managed: false,
});

const { ViewChannel, SendMessages, AddReactions, ManageMessages, EmbedLinks, ReadMessageHistory } =
  Permission;
const everyoneBits = ViewChannel | SendMessages | AddReactions | ReadMessageHistory | EmbedLinks;
const roles = [
  role(guildId, everyoneBits, 0),
  role(staffId, ManageMessages, 3),
  role(mutedId, 0n, 2),
  role(adminId, Permission.Administrator, 4),
];

const ow = (
  id: string,
  type: "role" | "member",
  allow: bigint = 0n,
  deny: bigint = 0n,
): PermissionOverwrite => ({
  id,
  type,
  allow: allow.toString(),
  deny: deny.toString(),
});

describe("Permission flags", () => {
  it.each([
    ["CreateInstantInvite", 1n],
    ["KickMembers", 2n],
    ["BanMembers", 4n],
    ["Administrator", 8n],
    ["ManageChannels", 16n],
    ["ManageGuild", 32n],
    ["AddReactions", 64n],
    ["ViewChannel", 1024n],
    ["SendMessages", 2048n],
    ["ManageMessages", 8192n],
    ["EmbedLinks", 16384n],
    ["AttachFiles", 32768n],
    ["ReadMessageHistory", 65536n],
    ["MentionEveryone", 131072n],
    ["UseExternalEmojis", 262144n],
    ["ManageRoles", 268435456n],
    ["ManageWebhooks", 536870912n],
    ["ModerateMembers", 1n << 40n],
  ] as const)("%s is %s, as on Discord", (name, bit) => {
    expect(Permission[name]).toBe(bit);
  });

  it("reads decimal strings, treats junk as nothing, and names the bits set", () => {
    expect(toBits("268435456")).toBe(Permission.ManageRoles);
    expect(toBits("not a number")).toBe(0n);
    expect(toBits(null)).toBe(0n);
    expect(hasPermissions("268435464", Permission.ManageRoles)).toBe(true);
    expect(hasPermissions("8", Permission.ManageRoles)).toBe(false);
    expect(hasPermissions(Permission.BanMembers | Permission.KickMembers, Permission.BanMembers)).toBe(true);
    expect(permissionNames(Permission.BanMembers | Permission.ManageGuild)).toEqual([
      "BanMembers",
      "ManageGuild",
    ]);
  });
});

describe("basePermissions", () => {
  it.each([
    { what: "the owner has everything", user: ownerId, held: [] as bigint[], expected: allPermissions },
    { what: "@everyone alone", user: userId, held: [], expected: everyoneBits },
    {
      what: "roles add to @everyone",
      user: userId,
      held: [ManageMessages],
      expected: everyoneBits | ManageMessages,
    },
    {
      what: "Administrator means everything",
      user: userId,
      held: [Permission.Administrator],
      expected: allPermissions,
    },
  ])("$what", ({ user, held, expected }) => {
    const bits = basePermissions({
      ownerId,
      everyone: { permissions: everyoneBits.toString() },
      memberRoles: held.map((bitsOfRole) => ({ permissions: bitsOfRole.toString() })),
      userId: user,
    });
    expect(bits).toBe(expected);
  });
});

describe("channelPermissions", () => {
  const cases: {
    what: string;
    user?: string;
    roleIds?: string[];
    overwrites: PermissionOverwrite[];
    has: bigint[];
    lacks: bigint[];
  }[] = [
    {
      what: "no overwrites: the base permissions",
      overwrites: [],
      has: [ViewChannel, SendMessages],
      lacks: [ManageMessages],
    },
    {
      what: "@everyone denied View Channel: nothing at all",
      overwrites: [ow(guildId, "role", 0n, ViewChannel)],
      has: [],
      lacks: [ViewChannel, SendMessages, ReadMessageHistory],
    },
    {
      what: "a staff role overwrite allows back what @everyone's denies",
      roleIds: [staffId],
      overwrites: [ow(guildId, "role", 0n, ViewChannel), ow(staffId, "role", ViewChannel)],
      has: [ViewChannel, SendMessages, ManageMessages],
      lacks: [],
    },
    {
      what: "role overwrites: an allow of one role beats a deny of another",
      roleIds: [staffId, mutedId],
      overwrites: [ow(mutedId, "role", 0n, SendMessages), ow(staffId, "role", SendMessages)],
      has: [SendMessages],
      lacks: [],
    },
    {
      what: "a role deny applies to its holders only",
      roleIds: [mutedId],
      overwrites: [ow(mutedId, "role", 0n, SendMessages | AddReactions), ow(staffId, "role", SendMessages)],
      has: [ViewChannel],
      lacks: [SendMessages, AddReactions],
    },
    {
      what: "the member's own overwrite has the last word",
      roleIds: [staffId],
      overwrites: [ow(staffId, "role", SendMessages), ow(userId, "member", 0n, SendMessages)],
      has: [ViewChannel],
      lacks: [SendMessages],
    },
    {
      what: "a member overwrite can open a hidden channel to one member",
      overwrites: [ow(guildId, "role", 0n, ViewChannel), ow(userId, "member", ViewChannel)],
      has: [ViewChannel, SendMessages],
      lacks: [],
    },
    {
      what: "another member's overwrite changes nothing",
      overwrites: [ow(guildId, "role", 0n, ViewChannel), ow(staffId, "member", ViewChannel)],
      has: [],
      lacks: [ViewChannel],
    },
    {
      what: "Administrator ignores overwrites",
      roleIds: [adminId],
      overwrites: [ow(guildId, "role", 0n, ViewChannel), ow(userId, "member", 0n, SendMessages)],
      has: [ViewChannel, SendMessages, Permission.ManageGuild],
      lacks: [],
    },
    {
      what: "the owner ignores overwrites",
      user: ownerId,
      overwrites: [ow(guildId, "role", 0n, ViewChannel), ow(ownerId, "member", 0n, ViewChannel)],
      has: [ViewChannel, Permission.Administrator],
      lacks: [],
    },
    {
      what: "an overwrite for a role the member lacks is ignored",
      overwrites: [ow(staffId, "role", ManageMessages)],
      has: [ViewChannel],
      lacks: [ManageMessages],
    },
  ];

  it.each(cases)("$what", ({ user, roleIds, overwrites, has, lacks }) => {
    const bits = channelPermissions({
      ownerId,
      roles,
      member: { userId: user ?? userId, roleIds: roleIds ?? [] },
      channel: { guildId, permissionOverwrites: overwrites },
    });
    for (const flag of has) expect(hasPermissions(bits, flag)).toBe(true);
    for (const flag of lacks) expect(hasPermissions(bits, flag)).toBe(false);
  });

  it("an unknown role id in the member's list counts for nothing", () => {
    const bits = channelPermissions({
      ownerId,
      roles,
      member: { userId, roleIds: ["999"] },
      channel: { guildId, permissionOverwrites: [] },
    });
    expect(bits).toBe(everyoneBits);
  });
});

describe("channelPermissions properties", () => {
  const bits = fc.bigInt({ min: 0n, max: allPermissions }).map((value) => value & allPermissions);
  const overwrite = (id: string, type: "role" | "member") =>
    fc.option(
      fc.record({ allow: bits, deny: bits }).map(({ allow, deny }) => ow(id, type, allow, deny)),
      { nil: undefined },
    );
  const world = fc.record({
    everyone: bits.map((value) => value & ~Permission.Administrator),
    staff: bits.map((value) => value & ~Permission.Administrator),
    holdsStaff: fc.boolean(),
    overwrites: fc.tuple(
      overwrite(guildId, "role"),
      overwrite(staffId, "role"),
      overwrite(mutedId, "role"),
      overwrite(userId, "member"),
    ),
  });
  interface World {
    everyone: bigint;
    staff: bigint;
    holdsStaff: boolean;
    overwrites: (PermissionOverwrite | undefined)[];
  }
  const compute = (input: World, who = userId) => {
    const memberOverwrite = input.overwrites[3];
    return {
      memberOverwrite,
      result: channelPermissions({
        ownerId,
        roles: [role(guildId, input.everyone, 0), role(staffId, input.staff, 3), role(mutedId, 0n, 2)],
        member: { userId: who, roleIds: input.holdsStaff ? [staffId, mutedId] : [mutedId] },
        channel: {
          guildId,
          permissionOverwrites: input.overwrites.filter((o): o is PermissionOverwrite => o !== undefined),
        },
      }),
    };
  };

  it("never grants more than Discord's flags, and nothing at all without View Channel", () => {
    fc.assert(
      fc.property(world, (input) => {
        const { result } = compute(input);
        expect(result & ~allPermissions).toBe(0n);
        if (!hasPermissions(result, ViewChannel)) expect(result).toBe(0n);
      }),
    );
  });

  it("the member's own overwrite decides every bit it names", () => {
    fc.assert(
      fc.property(world, (input) => {
        const { result, memberOverwrite } = compute(input);
        if (!memberOverwrite || result === 0n) return;
        expect(result & toBits(memberOverwrite.allow)).toBe(toBits(memberOverwrite.allow));
        expect(result & toBits(memberOverwrite.deny) & ~toBits(memberOverwrite.allow)).toBe(0n);
      }),
    );
  });

  it("the owner always has everything", () => {
    fc.assert(
      fc.property(world, (input) => {
        expect(compute(input, ownerId).result).toBe(allPermissions);
      }),
    );
  });
});
