import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild, type StoredUser } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { bindFeatures } from "../../composition.ts";
import type { AppContext } from "../../context.ts";
import { features } from "../index.ts";
import { purge } from "./index.ts";

// /purge through the real discord.js client and the Discord stand-in: only the owner, and only
// after typing the server's exact name in the form.

let standIn: DiscordStandIn;
let harness: StandInBot;
let ctx: AppContext;
let guild: StoredGuild;
let otherGuild: StoredGuild;
let admin: StoredUser;

const stickyRows = () => ctx.storage.db.selectFrom("sticky_messages").select("server_id").execute();

async function answer(
  result: { token: string; callback: { body: { type: number; data?: { content?: string } } } },
  after: number,
) {
  if (result.callback.body.type === 4) return String(result.callback.body.data?.content);
  const edit = await standIn.waitForRequest(
    (request) => request.method === "PATCH" && request.path.endsWith(`/${result.token}/messages/@original`),
    { after, timeoutMs: 5000 },
  );
  return String(edit.body.content);
}

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Purge Hollow" });
  otherGuild = standIn.state.addGuild({ name: "Kept Place" });
  admin = standIn.state.addUser({ username: "admin" });
  standIn.state.addMember(guild.id, admin.id);
  harness = await startStandInBot(standIn, {}, { listen: false });
  ({ ctx } = harness);
  await bindFeatures(ctx, harness.bot, [purge(() => features)]);
  await ctx.storage.db
    .insertInto("sticky_messages")
    .values(
      [guild.id, otherGuild.id].map((serverId, i) => ({
        server_id: serverId,
        channel_id: `90000000000000000${i}`,
        message: "x",
        trigger_count: 5,
        created_by: null,
        created_at: 1,
        updated_at: 1,
      })),
    )
    .execute();
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe("/purge through the Discord stand-in", () => {
  it("is the owner's alone: an administrator is refused", async () => {
    const result = await standIn.runCommand({
      guildId: guild.id,
      userId: admin.id,
      permissions: "8",
      name: "purge",
    });
    expect(result.callback.body.data).toMatchObject({
      content: "Only the server's owner can delete all of Hearth's data here.",
      flags: 64,
    });
    expect(result.modal).toBeNull();
  });

  it("asks the owner to type the server's name, and refuses a wrong one", async () => {
    const opened = await standIn.runCommand({ guildId: guild.id, userId: guild.ownerId, name: "purge" });
    expect(opened.callback.body.type).toBe(9);
    expect(opened.modal).toMatchObject({
      custom_id: "purge:confirm",
      title: "Delete all of Hearth's data here",
    });
    expect(opened.modal?.fields[0]).toMatchObject({
      custom_id: "server_name",
      label: "Type the server's name to confirm",
      placeholder: "Purge Hollow",
    });

    const after = standIn.requests.length;
    const wrong = await standIn.submitModal({
      guildId: guild.id,
      userId: guild.ownerId,
      customId: "purge:confirm",
      fields: { server_name: "purge hollow" },
    });
    expect(await answer(wrong, after)).toBe(
      "The name doesn't match. Type the server's name exactly: Purge Hollow",
    );
    expect(await stickyRows()).toHaveLength(2);
  });

  it("deletes every row of the server once the exact name is typed, and only this server's", async () => {
    const after = standIn.requests.length;
    const done = await standIn.submitModal({
      guildId: guild.id,
      userId: guild.ownerId,
      customId: "purge:confirm",
      fields: { server_name: "Purge Hollow" },
    });
    const text = await answer(done, after);
    expect(text).toMatch(
      /^🗑️ Every piece of Hearth data for \*\*Purge Hollow\*\* is deleted: \d+ rows? in \d+ tables?, and 0 dashboard tokens revoked\./,
    );
    expect(await stickyRows()).toEqual([{ server_id: otherGuild.id }]);
  });
});
