import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import type { AppContext } from "../../context.ts";
import { birthdaysBot } from "./commands.ts";
import { registerBirthdayJobs } from "./jobs.ts";
import { announceJobKind, findBirthday, roleJobKind } from "./service.ts";

// A birthday end to end, through the real discord.js client and the Discord stand-in: staff set the
// channel and role, a member saves their birthday, the announcement job posts the message and gives
// the role, the removal job takes the role back.

let standIn: DiscordStandIn;
let harness: StandInBot;
let ctx: AppContext;
let guild: StoredGuild;
let channelId: string;
let roleId: string;
let mia: StoredUser;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Party Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "birthdays", type: 0 }).id;
  roleId = standIn.state.addRole(guild.id, { name: "Birthday" }).id;
  // As on Discord, the bot's role sits above the roles it gives (the role-safety rule checks it).
  for (const role of guild.roles.values()) if (role.name === "Hearth") role.position = 50;
  mia = standIn.state.addUser({ username: "mia", global_name: "Mia" });
  standIn.state.addMember(guild.id, mia.id);
  harness = await startStandInBot(standIn, birthdaysBot, {
    commands: true,
    listen: false,
    config: { rateLimitMax: 0 },
    registerJobs: registerBirthdayJobs,
  });
  ({ ctx } = harness);
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

/** Makes the pending jobs of a kind due now and runs them. */
async function runJobs(kind: string) {
  await ctx.storage.db
    .updateTable("jobs")
    .set({ run_at: Date.now() - 1 })
    .where("kind", "=", kind)
    .where("status", "=", "pending")
    .execute();
  return ctx.jobs.runDue();
}

describe("a birthday through the Discord stand-in", () => {
  it("is announced with the member pinged, gets its role for the day, then loses it", async () => {
    const setup = await standIn.runCommand({
      guildId: guild.id,
      userId: guild.ownerId,
      name: "birthday",
      subcommand: "setup",
      options: {
        channel: { channel: channelId },
        role: { role: roleId },
        message: "🎂 Happy birthday {user.mention}{if(birthday.age): — {birthday.age} today}!",
      },
    });
    expect(setup.callback.body).toMatchObject({
      type: 4,
      data: { content: expect.stringContaining(`Birthdays are announced in <#${channelId}>`), flags: 64 },
    });

    const saved = await standIn.runCommand({
      guildId: guild.id,
      userId: mia.id,
      name: "birthday",
      subcommand: "set",
      options: { month: 7, day: 20, year: 2000, timezone: "Asia/Tokyo", show_age: true },
    });
    expect(saved.callback.body.data.content).toMatch(/^🎂 Saved: \*\*20 July\*\* \(Asia\/Tokyo\)/);
    const birthday = await findBirthday(ctx, guild.id, mia.id);
    expect(birthday).toMatchObject({ month: 7, day: 20, timezone: "Asia/Tokyo", showAge: true });

    // Midnight in Tokyo: the announcement job runs.
    const after = standIn.requests.length;
    expect(await runJobs(announceJobKind)).toBe(1);
    const post = standIn
      .find("POST", `/channels/${channelId}/messages`)
      .find((request) => standIn.requests.indexOf(request) >= after);
    const age = new Date((birthday?.nextAt ?? 0) + 86_400_000).getUTCFullYear() - 2000;
    expect(post?.body).toMatchObject({
      content: `🎂 Happy birthday <@${mia.id}> — ${age} today!`,
      allowed_mentions: { parse: [], users: [mia.id] },
    });
    expect(standIn.find("PUT", `/guilds/${guild.id}/members/${mia.id}/roles/${roleId}`)).toHaveLength(1);
    expect(standIn.state.guild(guild.id).members.get(mia.id)?.roles).toContain(roleId);

    // 24 hours later the role is taken back.
    expect(await runJobs(roleJobKind)).toBe(1);
    expect(standIn.find("DELETE", `/guilds/${guild.id}/members/${mia.id}/roles/${roleId}`)).toHaveLength(1);
    expect(standIn.state.guild(guild.id).members.get(mia.id)?.roles).not.toContain(roleId);

    // The job that ran scheduled next year's, and nothing else is announced now.
    const before = standIn.find("POST", `/channels/${channelId}/messages`).length;
    expect(await ctx.jobs.runDue()).toBe(0);
    expect(standIn.find("POST", `/channels/${channelId}/messages`)).toHaveLength(before);
  });

  it("lists upcoming birthdays publicly without pinging anyone, then removes the record", async () => {
    const listed = await standIn.runCommand({
      guildId: guild.id,
      userId: guild.ownerId,
      name: "birthday",
      subcommand: "list",
    });
    expect(listed.callback.body.data.flags ?? 0).toBe(0);
    expect(listed.callback.body.data.embeds[0]).toMatchObject({
      title: "🎂 Upcoming birthdays",
      description: expect.stringMatching(
        new RegExp(`^\\*\\*20 July\\*\\* — <@${mia.id}> · <t:\\d+:R> · turns \\d+$`),
      ),
    });
    expect(listed.callback.body.data.allowed_mentions).toMatchObject({ parse: [] });
    expect(listed.callback.body.data.allowed_mentions.users ?? []).toEqual([]);

    const removed = await standIn.runCommand({
      guildId: guild.id,
      userId: mia.id,
      name: "birthday",
      subcommand: "remove",
    });
    expect(removed.callback.body.data.content).toMatch(/^🗑️ Your birthday is forgotten/);
    expect(await findBirthday(ctx, guild.id, mia.id)).toBeNull();
    const empty = await standIn.runCommand({
      guildId: guild.id,
      userId: mia.id,
      name: "birthday",
      subcommand: "list",
    });
    expect(empty.callback.body.data.content).toBe(
      "No birthdays saved here yet. Save yours with `/birthday set`.",
    );
  });
});
