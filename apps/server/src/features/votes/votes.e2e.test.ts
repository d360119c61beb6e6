import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { openTestStorage, type TestStorage } from "../../../test/helpers.ts";
import { buildHearthApp } from "../../composition.ts";
import { testConfig } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { DiscordJsAdapter } from "../../discord/discordjs/adapter.ts";
import { DatabaseJobQueue } from "../../jobs/queue.ts";
import { createLogger } from "../../lib/logger.ts";
import { registerVoteJobs } from "./jobs.ts";
import { rewardExpireJob } from "./rewards.ts";
import { configureVotes } from "./service.ts";
import { findReward } from "./store.ts";
import { signTimestamped } from "./webhook.ts";

// A signed vote webhook through the real HTTP app gives the reward role through discord.js and the
// Discord stand-in (PUT); the expiry job later takes it back (DELETE).

const logger = createLogger({ logLevel: "silent" });
let standIn: DiscordStandIn;
let test: TestStorage;
let ctx: AppContext;
let app: FastifyInstance;
let adapter: DiscordJsAdapter;
let guild: StoredGuild;
let voter: StoredUser;
let rewardRoleId: string;
let channelId: string;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Vote Hollow" });
  const botRole = [...guild.roles.values()].find((role) => role.name === "Hearth");
  if (botRole) botRole.position = 5;
  rewardRoleId = standIn.state.addRole(guild.id, { name: "Voter", position: 2 }).id;
  voter = standIn.state.addUser({ username: "morgan" });
  standIn.state.addMember(guild.id, voter.id);
  test = await openTestStorage();
  adapter = new DiscordJsAdapter({ token: standIn.token, apiUrl: standIn.apiUrl, gateway: false, logger });
  ctx = {
    config: testConfig({ databaseUrl: test.url, rateLimitMax: 0 }),
    storage: test.storage,
    discord: adapter,
    jobs: new DatabaseJobQueue(test.storage, logger),
    logger,
    startedAt: Date.now(),
  };
  registerVoteJobs(ctx);
  app = await buildHearthApp(ctx, { serveWeb: false });
  await app.ready();
  channelId = (await adapter.listChannels(guild.id)).find((channel) => channel.type === 0)?.id ?? "";
});

afterAll(async () => {
  await app?.close();
  await ctx?.jobs.stop();
  await adapter?.stop();
  await standIn?.close();
  await test?.cleanup();
});

describe("vote tracker through the Discord stand-in", () => {
  const rolePath = () => `/guilds/${guild.id}/members/${voter.id}/roles/${rewardRoleId}`;

  it("a signed vote grants the reward role (PUT); the expiry job removes it (DELETE)", async () => {
    const { settings } = await configureVotes(
      ctx,
      guild.id,
      { tokenId: null, userId: guild.ownerId },
      { channelId, rewardRoleId, rewardHours: 1 },
    );
    const raw = JSON.stringify({
      type: "vote.create",
      data: { id: "e2e-1", weight: 1, user: { platform_id: voter.id } },
    });
    let after = standIn.requests.length;
    const res = await app.inject({
      method: "POST",
      url: `/api/votes/${settings.webhook_id}`,
      headers: {
        "content-type": "application/json",
        "x-topgg-signature": signTimestamped(settings.secret, raw),
      },
      payload: raw,
    });
    expect(res.statusCode).toBe(204);
    await ctx.jobs.runDue();
    const put = await standIn.waitForRequest((r) => r.method === "PUT" && r.path === rolePath(), { after });
    expect(put.reason).toBe("Vote reward");
    expect(standIn.state.guild(guild.id).members.get(voter.id)?.roles).toContain(rewardRoleId);
    const post = await standIn.waitForRequest(
      (r) => r.method === "POST" && r.path === `/channels/${channelId}/messages`,
      { after },
    );
    expect(JSON.stringify(post.body)).toContain("voted for **Vote Hollow** on top.gg");

    // An hour later: bring the reward's time and its job due now rather than waiting.
    const past = Date.now() - 1000;
    await ctx.storage.db
      .updateTable("vote_rewards")
      .set({ expires_at: past })
      .where("user_id", "=", voter.id)
      .execute();
    await ctx.storage.db
      .updateTable("jobs")
      .set({ run_at: past })
      .where("kind", "=", rewardExpireJob)
      .execute();
    after = standIn.requests.length;
    expect(await ctx.jobs.runDue()).toBe(1);
    await standIn.waitForRequest((r) => r.method === "DELETE" && r.path === rolePath(), { after });
    expect(standIn.state.guild(guild.id).members.get(voter.id)?.roles).not.toContain(rewardRoleId);
    expect(await findReward(ctx.storage.db, guild.id, voter.id)).toBeUndefined();
    expect(standIn.find("PUT", rolePath())).toHaveLength(1);
  });
});
