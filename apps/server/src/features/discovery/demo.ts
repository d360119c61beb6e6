import type { AppContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { grantPremium } from "../settings/service.ts";
import { demoEntry, listed } from "./demo-directory.ts";

const discordEpoch = 1_420_070_400_000n;
const day = 86_400_000;

/** Deterministic ids, so the directory looks the same on every machine. */
const snowflakeAt = (at: number, sequence: number) =>
  (((BigInt(at) - discordEpoch) << 22n) | BigInt(sequence)).toString();

function icon(from: string, to: string, initials: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="128" height="128" rx="28" fill="url(#g)"/><text x="64" y="82" font-family="Verdana, sans-serif" font-size="48" font-weight="700" text-anchor="middle" fill="#ffffff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * The demo server's own entry (public and advertised), plus a small directory of other servers in
 * the sandbox — with owners, members drawn from the demo's users (so member counts are real), a
 * couple of channels — so the public discovery page has something to show: advertised, premium,
 * community and one private entry that must not be listed.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const db = ctx.storage.db;
  const now = Date.now();
  const people = await db
    .selectFrom("sandbox_users")
    .select("id")
    .where("bot", "=", 0)
    .where("id", "!=", demoOwnerId)
    .orderBy("id")
    .execute();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("discovery_entries")
      .values({
        server_id: demoGuildId,
        invite: demoEntry.invite,
        description: demoEntry.description,
        tags: JSON.stringify(demoEntry.tags),
        is_public: 1,
        advertised: 1,
        created_by: demoOwnerId,
        created_at: now - 200 * day,
        updated_at: now - 12 * day,
      })
      .execute();

    for (const [index, server] of listed.entries()) {
      const createdAt = Date.UTC(2021, 0, 10) + index * 37 * day;
      const guildId = snowflakeAt(createdAt, 0x3f0000 + index);
      const ownerId = snowflakeAt(createdAt - 400 * day, 0x3f1000 + index);
      await trx
        .insertInto("sandbox_users")
        .values({
          id: ownerId,
          username: server.owner,
          global_name: null,
          avatar: null,
          bot: 0,
          created_at: createdAt - 400 * day,
          dm_open: 1,
        })
        .execute();
      await trx
        .insertInto("sandbox_guilds")
        .values({
          id: guildId,
          name: server.name,
          icon: icon(server.colors[0], server.colors[1], server.initials),
          owner_id: ownerId,
          description: server.description.slice(0, 120),
          boost_count: server.premium ? 7 : index % 3,
          boost_level: server.premium ? 2 : 0,
          created_at: createdAt,
        })
        .execute();
      await trx
        .insertInto("sandbox_roles")
        .values({
          id: guildId,
          guild_id: guildId,
          name: "@everyone",
          color: 0,
          position: 0,
          permissions: "104324673",
          managed: 0,
          hoist: 0,
        })
        .execute();
      await trx
        .insertInto("sandbox_channels")
        .values(
          ["welcome", "general"].map((name, position) => ({
            id: snowflakeAt(createdAt + (position + 1) * 60_000, 0x3f2000 + index),
            guild_id: guildId,
            name,
            type: 0,
            parent_id: null,
            position,
            topic: null,
            nsfw: 0,
          })),
        )
        .execute();

      const members: Database["sandbox_members"][] = [
        {
          guild_id: guildId,
          user_id: ownerId,
          nick: null,
          roles: "[]",
          joined_at: createdAt,
          timeout_until: null,
        },
      ];
      // A different window of the demo's users for each server; the owner counts as a member too.
      for (let offset = 0; offset < Math.min(server.members - 1, people.length); offset++) {
        const person = people[(index * 29 + offset) % people.length];
        if (!person) continue;
        members.push({
          guild_id: guildId,
          user_id: person.id,
          nick: null,
          roles: "[]",
          joined_at: createdAt + ((offset * 7919) % 300) * day,
          timeout_until: null,
        });
      }
      for (let start = 0; start < members.length; start += 100) {
        await trx
          .insertInto("sandbox_members")
          .values(members.slice(start, start + 100))
          .execute();
      }

      await trx
        .insertInto("discovery_entries")
        .values({
          server_id: guildId,
          invite: server.invite,
          description: server.description,
          tags: JSON.stringify(server.tags),
          is_public: server.private ? 0 : 1,
          advertised: server.advertised ? 1 : 0,
          created_by: ownerId,
          created_at: now - server.createdDaysAgo * day,
          updated_at: now - Math.floor(server.createdDaysAgo / 3) * day,
        })
        .execute();
      // Premium lives in the server's settings (`pro.status`, read-only from the dashboard), which
      // belong to the settings feature: the demo grants it the way staff would, through its service.
      if (server.premium) await grantPremium(trx, guildId, ownerId, now);
    }
  });
}
