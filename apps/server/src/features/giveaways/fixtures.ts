import type { CreateGiveawayBody } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId, demoMembers as demoServerMembers } from "../../discord/demo-seed.ts";
import { makeSnowflake } from "../../lib/snowflake.ts";
import { createGiveaway, endJobKey } from "./service.ts";

/** Test helpers of this feature: members with chosen ages and roles, giveaways, due ends. */

const day = 86_400_000;

export async function channelId(
  ctx: AppContext,
  name = "giveaways",
  serverId = demoGuildId,
): Promise<string> {
  const channel = (await ctx.discord.listChannels(serverId)).find((c) => c.name === name);
  if (!channel) throw new Error(`no #${name}`);
  return channel.id;
}

export async function roleId(ctx: AppContext, name: string, serverId = demoGuildId): Promise<string> {
  const role = (await ctx.discord.listRoles(serverId)).find((r) => r.name === name);
  if (!role) throw new Error(`no @${name}`);
  return role.id;
}

/** A new member of the demo server: account and membership `ageDays` old unless told otherwise. */
export async function addMember(
  ctx: AppContext,
  options: {
    accountAgeDays?: number;
    memberAgeDays?: number;
    roleIds?: string[];
    bot?: boolean;
    username?: string;
    serverId?: string;
  } = {},
): Promise<string> {
  const now = Date.now();
  const createdAt = now - (options.accountAgeDays ?? 400) * day;
  const userId = makeSnowflake(createdAt);
  await ctx.storage.db
    .insertInto("sandbox_users")
    .values({
      id: userId,
      username: options.username ?? `member${userId.slice(-6)}`,
      global_name: null,
      avatar: null,
      bot: options.bot ? 1 : 0,
      created_at: createdAt,
      dm_open: 1,
    })
    .execute();
  await ctx.storage.db
    .insertInto("sandbox_members")
    .values({
      guild_id: options.serverId ?? demoGuildId,
      user_id: userId,
      nick: null,
      roles: JSON.stringify(options.roleIds ?? []),
      joined_at: now - (options.memberAgeDays ?? 200) * day,
      timeout_until: null,
    })
    .execute();
  return userId;
}

/** Ids of `count` existing human members of the demo server (the owner excluded). */
export function demoMembers(ctx: AppContext, count: number): Promise<string[]> {
  return demoServerMembers(ctx.storage.db, count);
}

export const owner = { tokenId: null, userId: demoOwnerId };

/** A giveaway in the demo server's #giveaways, ending in an hour unless told otherwise. */
export async function newGiveaway(
  ctx: AppContext,
  body: Partial<CreateGiveawayBody> = {},
  serverId = demoGuildId,
) {
  // The other server of test/helpers.ts seedOtherGuild() is owned by 333…
  const host = serverId === demoGuildId ? owner : { tokenId: null, userId: "333333333333333333" };
  return createGiveaway(ctx, serverId, host, {
    channelId: await channelId(ctx, serverId === demoGuildId ? "giveaways" : "secret-plans", serverId),
    prize: "Test prize",
    winnerCount: 1,
    ...(body.endTime === undefined ? { duration: 3600 } : {}),
    ...body,
  });
}

/** Moves a giveaway's end, and its end job, into the past: the job is due now. */
export async function makeDue(ctx: AppContext, messageId: string): Promise<void> {
  const past = Date.now() - 1000;
  await ctx.storage.db
    .updateTable("giveaways")
    .set({ end_time: past })
    .where("message_id", "=", messageId)
    .execute();
  await ctx.storage.db
    .updateTable("jobs")
    .set({ run_at: past })
    .where("dedupe_key", "=", endJobKey(messageId))
    .execute();
}

/** What the sandbox sent to a channel, oldest first. */
export async function outbox(ctx: AppContext, action: string) {
  const rows = await ctx.storage.db
    .selectFrom("sandbox_outbox")
    .select("payload")
    .where("action", "=", action)
    .orderBy("id")
    .execute();
  return rows.map(
    (row) =>
      JSON.parse(row.payload) as {
        channelId: string;
        messageId: string;
        message: {
          content?: string;
          embeds?: { title?: string; description?: string }[];
          components?: { customId?: string; disabled?: boolean }[][];
          allowedMentions?: { users?: string[] };
        };
      },
  );
}
