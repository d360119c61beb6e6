import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { AppContext } from "../../context.ts";
import { updateSetup } from "../setup/service.ts";
import { grindersBot } from "./commands.ts";
import { addTier, findGrinderByUser } from "./service.ts";

// /grinder add end to end: the real discord.js client against the Discord stand-in.

let standIn: DiscordStandIn;
let harness: StandInBot;
let ctx: AppContext;
let guild: StoredGuild;
let logChannelId: string;
let alex: StoredUser;
let sam: StoredUser;
let baseRoleId: string;
let goldRoleId: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Grind Hollow" });
  logChannelId = [...guild.channels.keys()][0] ?? "";
  baseRoleId = standIn.state.addRole(guild.id, { name: "Grinder" }).id;
  goldRoleId = standIn.state.addRole(guild.id, { name: "Gold" }).id;
  // As on Discord, the bot's role sits above the roles it gives (the role-safety rule checks it).
  for (const role of guild.roles.values()) if (role.name === "Hearth") role.position = 50;
  alex = standIn.state.addUser({ username: "alex", global_name: "Alex" });
  sam = standIn.state.addUser({ username: "sam" });
  standIn.state.addMember(guild.id, alex.id);
  standIn.state.addMember(guild.id, sam.id);

  harness = await startStandInBot(standIn, grindersBot, {
    commands: true,
    listen: false,
    config: { rateLimitMax: 0 },
  });
  ({ ctx } = harness);
  const actor = { tokenId: null, userId: guild.ownerId };
  await updateSetup(ctx, guild.id, { grinderBaseRoleId: baseRoleId, logChannelId }, actor);
  await addTier(ctx, guild.id, { tierName: "Gold", tierPayment: 1_000_000, tierRoleId: goldRoleId }, actor);
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

async function interact(payload: { id: string; token: string }) {
  const after = standIn.requests.length;
  await standIn.dispatch("INTERACTION_CREATE", payload);
  const callback = await standIn.waitForRequest(
    (request) =>
      request.method === "POST" && request.path === `/interactions/${payload.id}/${payload.token}/callback`,
    { after, timeoutMs: 10_000 },
  );
  return { callback, after };
}

describe("/grinder add through the Discord stand-in", () => {
  it("gives the base and tier roles over REST and answers the interaction", async () => {
    const payload = standIn.slashCommand({
      guildId: guild.id,
      userId: guild.ownerId,
      name: "grinder",
      subcommand: "add",
      options: { user: { user: alex.id }, tier: "gold", payment: "1.5m" },
    });
    const { callback, after } = await interact(payload);
    expect(callback.body).toMatchObject({
      type: 4,
      data: { content: expect.stringContaining(`<@${alex.id}> is now a **Gold** grinder`), flags: 64 },
    });
    const rolePuts = standIn
      .find("PUT", new RegExp(`^/guilds/${guild.id}/members/${alex.id}/roles/\\d+$`))
      .filter((request) => standIn.requests.indexOf(request) >= after)
      .map((request) => request.path.split("/").pop());
    expect(rolePuts).toEqual([baseRoleId, goldRoleId]);
    expect(standIn.state.guild(guild.id).members.get(alex.id)?.roles).toEqual([baseRoleId, goldRoleId]);
    expect(await findGrinderByUser(ctx, guild.id, alex.id)).toMatchObject({ tier: "Gold", paid: true });
    const log = await standIn.waitForRequest(
      (request) => request.method === "POST" && request.path === `/channels/${logChannelId}/messages`,
      { after },
    );
    expect(JSON.stringify(log.body)).toContain("Grinder hired");
  });

  it("refuses a member without Manage Server, with no role calls", async () => {
    const payload = standIn.slashCommand({
      guildId: guild.id,
      userId: sam.id,
      permissions: "0",
      name: "grinder",
      subcommand: "add",
      options: { user: { user: sam.id }, tier: "Gold" },
    });
    const { callback, after } = await interact(payload);
    expect(callback.body).toMatchObject({
      type: 4,
      data: {
        content: "You need Manage Server (or this server's grinder management role) to use /grinder add.",
        flags: 64,
      },
    });
    expect(standIn.requests.slice(after).filter((request) => request.path.includes("/roles/"))).toEqual([]);
    expect(await findGrinderByUser(ctx, guild.id, sam.id)).toBeNull();
  });
});
