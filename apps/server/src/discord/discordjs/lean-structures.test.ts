import { Client, type Guild, GuildBanManager, GuildEmojiManager, type TextChannel } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { botIntents, clientOptions } from "./client.ts";

const guildPayload = (id: string) => ({
  id,
  name: "Lean Hollow",
  icon: null,
  owner_id: "100000000000000001",
  roles: [
    {
      id,
      name: "@everyone",
      position: 0,
      permissions: "0",
      color: 0,
      hoist: false,
      managed: false,
      mentionable: false,
      flags: 0,
    },
  ],
  channels: [{ id: `${id.slice(0, -1)}2`, type: 0, name: "general", position: 0, permission_overwrites: [] }],
  emojis: [{ id: "300000000000000001", name: "ember", animated: false, roles: [], available: true }],
  members: [],
  features: [],
});

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.destroy();
});

function addGuild(client: Client, id: string): Guild {
  clients.push(client);
  return (client.guilds as unknown as { _add(data: unknown): Guild })._add(guildPayload(id));
}

describe("managers nobody reads", () => {
  it("are made when asked for on Hearth's client, cache nothing, and share one empty cache", () => {
    const client = new Client(clientOptions({ apiUrl: "http://127.0.0.1:9/api" }));
    const one = addGuild(client, "200000000000000001");
    const two = addGuild(client, "200000000000000011");
    expect(one.bans).toBeInstanceOf(GuildBanManager);
    expect(one.bans.guild).toBe(one);
    // Not kept by the guild: each read makes one (their methods read only the guild and the client).
    expect(Object.getOwnPropertyNames(one)).not.toContain("bans");
    expect(one.emojis).toBeInstanceOf(GuildEmojiManager);
    expect(one.emojis.cache.size).toBe(0);
    expect(one.emojis.cache).toBe(two.emojis.cache);
    const channel = one.channels.cache.first() as TextChannel;
    expect(channel.messages.cache).toBe((two.channels.cache.first() as TextChannel).messages.cache);
    // What features read stays per guild and filled.
    expect(one.roles.cache.map((role) => role.name)).toEqual(["@everyone"]);
    expect(one.channels.cache.map((c) => c.name)).toEqual(["general"]);
    expect(one.channels.cache).not.toBe(two.channels.cache);
  });

  it("are kept per object, as discord.js keeps them, on a client with other cache options", () => {
    // Hearth's client first, so the getters are installed whatever order the tests run in.
    addGuild(new Client(clientOptions({ apiUrl: "http://127.0.0.1:9/api" })), "200000000000000021");
    const guild = addGuild(new Client({ intents: botIntents }), "200000000000000031");
    expect(guild.bans).toBe(guild.bans);
    expect(guild.emojis.cache.map((emoji) => emoji.name)).toEqual(["ember"]);
    expect((guild.channels.cache.first() as TextChannel).messages).toBe(
      (guild.channels.cache.first() as TextChannel).messages,
    );
  });
});
