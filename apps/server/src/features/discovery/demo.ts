import type { AppContext } from "../../context.ts";
import { addSandboxServer, sandboxPeople } from "../../discord/sandbox/demo-api.ts";
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
  const people = await sandboxPeople(db);

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
      // A different window of the demo's users for each server; the owner counts as a member too.
      const members: { userId: string; joinedAt: number }[] = [];
      for (let offset = 0; offset < Math.min(server.members - 1, people.length); offset++) {
        const person = people[(index * 29 + offset) % people.length];
        if (!person) continue;
        members.push({ userId: person, joinedAt: createdAt + ((offset * 7919) % 300) * day });
      }
      await addSandboxServer(trx, {
        id: guildId,
        name: server.name,
        icon: icon(server.colors[0], server.colors[1], server.initials),
        description: server.description.slice(0, 120),
        boostCount: server.premium ? 7 : index % 3,
        boostLevel: server.premium ? 2 : 0,
        createdAt,
        owner: { id: ownerId, username: server.owner, createdAt: createdAt - 400 * day },
        everyonePermissions: "104324673",
        channels: ["welcome", "general"].map((name, position) => ({
          id: snowflakeAt(createdAt + (position + 1) * 60_000, 0x3f2000 + index),
          name,
        })),
        members,
      });

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
