import { discoveryEntryBody } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestContext,
  demoGuildId,
  dialects,
  seedOtherGuild,
  type TestContext,
} from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { listAudit } from "../audit/service.ts";
import { seedDemo } from "./demo.ts";
import {
  createEntry,
  deleteEntry,
  directoryTags,
  getEntry,
  searchDirectory,
  toggleEntry,
  updateEntry,
} from "./service.ts";
import * as store from "./store.ts";

const actor = { tokenId: "tok", userId: "200000000000000001" };
const body = (over: Record<string, unknown> = {}) =>
  discoveryEntryBody.parse({
    invite: "https://discord.com/invite/otherplace",
    description: "A quiet place for other people to hang out.",
    tags: "Chill, community",
    ...over,
  });

describe.each(dialects)("discovery service on %s", (dialect) => {
  let t: TestContext;
  let otherGuildId: string;

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    await seedDemo(t.ctx);
    otherGuildId = (await seedOtherGuild(t.ctx)).guildId;
  });
  afterAll(() => t.cleanup());

  const names = async (query = {}) => (await searchDirectory(t.ctx, query)).map((server) => server.name);

  it("lists public entries only: advertised first, then premium, then by name", async () => {
    expect(await names()).toEqual([
      "Pixel Forge",
      "Ember Hollow",
      "Sakura Lounge",
      "Bullpen Traders",
      "Lo-fi Study Hall",
      "Midnight Quill",
      "Bassline Society",
      "Byte Club",
      "Canvas Collective",
      "Cozy Critters",
      "Dungeon Delvers",
    ]);
  });

  it("reads name, icon and member count from the server, premium from its settings", async () => {
    const servers = await searchDirectory(t.ctx);
    const ember = servers.find((server) => server.id === demoGuildId);
    expect(ember).toMatchObject({
      _id: demoGuildId,
      name: "Ember Hollow",
      advertised: true,
      premium: false,
      invite: "https://discord.gg/emberhollow",
      memberCount: 320,
    });
    expect(ember?.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(servers.filter((server) => server.premium).map((server) => server.name)).toEqual([
      "Pixel Forge",
      "Bullpen Traders",
      "Lo-fi Study Hall",
      "Midnight Quill",
    ]);
    for (const server of servers) expect(server.memberCount).toBeGreaterThan(1);
    expect(servers.some((server) => server.description.length > 120)).toBe(true);
  });

  it("searches name, description and tags, case-insensitively, keeping the order", async () => {
    expect(await names({ q: "STUDY" })).toEqual(["Lo-fi Study Hall", "Byte Club"]);
    expect(await names({ q: "roleplay" })).toEqual(["Midnight Quill", "Dungeon Delvers"]);
    expect(await names({ q: "heists" })).toEqual(["Ember Hollow"]);
    expect(await names({ q: "minecraft build" })).toEqual(["Pixel Forge"]);
    expect(await names({ q: "nothing matches this" })).toEqual([]);
    expect(await names({ q: "" })).toHaveLength(11);
  });

  it("filters by one tag, alone or with a query", async () => {
    expect(await names({ tag: "Art" })).toEqual(["Sakura Lounge", "Canvas Collective"]);
    expect(await names({ tag: "gaming", q: "dice" })).toEqual(["Dungeon Delvers"]);
    expect(await names({ tag: "" })).toHaveLength(11);
    expect(await names({ tag: "heists" })).toEqual([]);
  });

  it("counts the tags of public entries, most used first", async () => {
    const tags = await directoryTags(t.ctx);
    expect(tags.slice(0, 2)).toEqual([
      { tag: "community", count: 4 },
      { tag: "gaming", count: 3 },
    ]);
    expect(tags.find((tag) => tag.tag === "heists")).toBeUndefined();
    expect(tags.find((tag) => tag.tag === "study")).toEqual({ tag: "study", count: 2 });
  });

  it("creates, toggles, updates and deletes an entry, auditing each step and updating the directory at once", async () => {
    const created = await createEntry(t.ctx, otherGuildId, actor, body());
    expect(created).toMatchObject({
      id: otherGuildId,
      name: "Other Place",
      invite: "https://discord.gg/otherplace",
      tags: ["chill", "community"],
      toggle: "public",
      premium: false,
      advertised: false,
    });
    expect(await names({ q: "other place" })).toEqual(["Other Place"]);

    const hidden = await toggleEntry(t.ctx, otherGuildId, actor, otherGuildId);
    expect(hidden.toggle).toBe("private");
    expect(await names({ q: "other place" })).toEqual([]);
    expect((await toggleEntry(t.ctx, otherGuildId, actor, otherGuildId)).toggle).toBe("public");

    const updated = await updateEntry(t.ctx, otherGuildId, actor, otherGuildId, body({ tags: ["quiet"] }));
    expect(updated.tags).toEqual(["quiet"]);
    expect(updated.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);
    expect(await getEntry(t.ctx, otherGuildId, otherGuildId)).toEqual(updated);

    await deleteEntry(t.ctx, otherGuildId, actor, otherGuildId);
    await expect(getEntry(t.ctx, otherGuildId, otherGuildId)).rejects.toMatchObject({ statusCode: 404 });
    expect(await names({ q: "other place" })).toEqual([]);

    const actions = (await listAudit(t.ctx.storage.db, otherGuildId)).map((entry) => entry.action);
    expect(actions).toEqual([
      "discovery.delete",
      "discovery.update",
      "discovery.toggle",
      "discovery.toggle",
      "discovery.create",
    ]);
    const update = (await listAudit(t.ctx.storage.db, otherGuildId)).find(
      (entry) => entry.action === "discovery.update",
    );
    expect(update?.summary).toMatchObject({
      before: { tags: ["chill", "community"] },
      after: { tags: ["quiet"] },
    });
  });

  it("refuses a second entry for a server, even when two creations race", async () => {
    const results = await Promise.allSettled([
      createEntry(t.ctx, otherGuildId, actor, body()),
      createEntry(t.ctx, otherGuildId, actor, body()),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ statusCode: 409 });
    await deleteEntry(t.ctx, otherGuildId, actor, otherGuildId);
  });

  it("answers 404 for an id that is not the server's own entry, without touching it", async () => {
    for (const attempt of [
      () => getEntry(t.ctx, otherGuildId, demoGuildId),
      () => updateEntry(t.ctx, otherGuildId, actor, demoGuildId, body()),
      () => toggleEntry(t.ctx, otherGuildId, actor, demoGuildId),
      () => deleteEntry(t.ctx, otherGuildId, actor, demoGuildId),
      () => getEntry(t.ctx, otherGuildId, otherGuildId),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ statusCode: 404 });
      expect(String((error as Error).message)).not.toContain(demoGuildId);
    }
    expect(await store.getEntry(t.ctx.storage.db, demoGuildId)).toMatchObject({
      invite: "https://discord.gg/emberhollow",
      is_public: 1,
    });
  });

  it("leaves out servers the bot is no longer in", async () => {
    const departed = "100000000000000999";
    await store.insertEntry(t.ctx.storage.db, {
      server_id: departed,
      invite: "https://discord.gg/gone",
      description: "A server the bot has left since it was listed.",
      tags: JSON.stringify(["gaming"]),
      is_public: 1,
      advertised: 1,
      created_by: null,
      created_at: 1,
      updated_at: 1,
    });
    // Any write drops the cached directory.
    await toggleEntry(t.ctx, demoGuildId, actor, demoGuildId);
    await toggleEntry(t.ctx, demoGuildId, actor, demoGuildId);
    const servers = await searchDirectory(t.ctx);
    expect(servers.map((server) => server.id)).not.toContain(departed);
    expect(servers).toHaveLength(11);
  });
  it("keeps a server whose read fails as it was last shown, and lists the rest, during a Discord outage", async () => {
    const before = await searchDirectory(t.ctx);
    const failing = before[0];
    if (!failing) throw new Error("the demo directory is empty");
    const read = vi.spyOn(t.ctx.discord, "getGuild");
    read.mockImplementation(async (guildId) => {
      throw new DiscordError("unavailable", `Discord is down (${guildId})`);
    });
    try {
      // Any write drops the cached directory; every server's read now fails.
      await toggleEntry(t.ctx, demoGuildId, actor, demoGuildId);
      await toggleEntry(t.ctx, demoGuildId, actor, demoGuildId);
      const during = await searchDirectory(t.ctx);
      expect(during.map((server) => server.id)).toEqual(before.map((server) => server.id));
      expect(during[0]).toMatchObject({
        name: failing.name,
        icon: failing.icon,
        memberCount: failing.memberCount,
      });
      // The server's own entry still answers, without its name.
      expect((await getEntry(t.ctx, demoGuildId, demoGuildId)).name).toBe("Unknown server");
    } finally {
      read.mockRestore();
    }
    // Kept only briefly: the next read after the outage has the servers' own figures again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await searchDirectory(t.ctx)).map((server) => server.id)).toEqual(
      before.map((server) => server.id),
    );
  });
});
