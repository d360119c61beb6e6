import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { Bot } from "../../bot/bot.ts";
import type { AppContext } from "../../context.ts";
import { staticaBot } from "./commands.ts";
import { createStaticaConfig } from "./service.ts";
import { listRewards } from "./store.ts";

// Statica through the real discord.js client and the Discord stand-in: a PRESENCE_UPDATE with the
// keyword in the custom status gives the reward role (PUT), one without it takes it back (DELETE).

let standIn: DiscordStandIn;
let ctx: AppContext;
let bot: Bot;
let harness: StandInBot;
let guild: StoredGuild;
let alice: StoredUser;
let rewardRoleId: string;

const presence = (state: string | null) => ({
  guild_id: guild.id,
  user: { id: alice.id },
  status: "online",
  activities: state === null ? [] : [{ type: 4, name: "Custom Status", state }],
  client_status: { desktop: "online" },
});

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Statica Hollow" });
  // The bot's role sits above the reward role, as Discord requires for giving it.
  const botRole = [...guild.roles.values()].find((role) => role.name === "Hearth");
  if (botRole) botRole.position = 5;
  rewardRoleId = standIn.state.addRole(guild.id, { name: "Supporter", position: 2 }).id;
  alice = standIn.state.addUser({ username: "alice" });
  standIn.state.addMember(guild.id, alice.id);
  harness = await startStandInBot(standIn, staticaBot, {});
  ({ ctx, bot } = harness);
  await createStaticaConfig(
    ctx,
    guild.id,
    { tokenId: null, userId: guild.ownerId },
    {
      enabled: true,
      type: "status",
      roleConfig: { status: [rewardRoleId] },
      conditions: { status: { keywords: ["hearth"] } },
    },
  );
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("statica through the Discord stand-in", () => {
  const rolePath = () => `/guilds/${guild.id}/members/${alice.id}/roles/${rewardRoleId}`;

  it("a custom status with the keyword gives the reward role; one without takes it back", async () => {
    let after = standIn.requests.length;
    await standIn.dispatch("PRESENCE_UPDATE", presence("Grinding for Hearth 🔥"));
    const put = await standIn.waitForRequest((r) => r.method === "PUT" && r.path === rolePath(), { after });
    expect(put.reason).toBe("Statica: supporter reward");
    expect(standIn.state.guild(guild.id).members.get(alice.id)?.roles).toContain(rewardRoleId);
    await bot.events.idle();
    expect(await listRewards(ctx.storage.db, guild.id, alice.id)).toEqual([
      expect.objectContaining({ roleId: rewardRoleId, category: "status" }),
    ]);

    after = standIn.requests.length;
    await standIn.dispatch("PRESENCE_UPDATE", presence("just vibing"));
    await standIn.waitForRequest((r) => r.method === "DELETE" && r.path === rolePath(), { after });
    expect(standIn.state.guild(guild.id).members.get(alice.id)?.roles).not.toContain(rewardRoleId);
    expect(standIn.find("PUT", rolePath())).toHaveLength(1);
  });
});
