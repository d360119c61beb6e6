import { expect } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { bindCommands } from "../../bot/commands/registry.ts";
import { demoMembers, demoOwnerId } from "../../discord/demo-seed.ts";
import type { Attachment, DiscordPort, OutgoingMessage, SentMessage } from "../../discord/port.ts";
import { AppError } from "../../lib/errors.ts";
import { boardsBot } from "./commands.ts";
import { type Board, type CreateBoardInput, createBoard } from "./service.ts";

/** Shared set-up of the board tests: the demo server, with Hearth counting its reactions. */
export interface BoardsFixture extends TestContext {
  bot: Bot;
  /** The demo server's channel ids by name. */
  channels: Record<string, string>;
  /** #general, where most test messages are said. */
  general: string;
  /** Members who can react (people, not the owner), by id. */
  members: string[];
  /** A fresh text channel, so tests don't see each other's posts. */
  newChannel(nsfw?: boolean): Promise<string>;
  /** A ⭐ board needing 3 reactions, posting to a fresh channel unless one is given. */
  makeBoard(overrides?: Partial<CreateBoardInput> & { nsfw?: boolean }): Promise<Board>;
  /** Live (not deleted) messages of a channel, oldest first, with their payloads. */
  postsIn(channelId: string): Promise<Post[]>;
  /** A member (members[0] unless given) posts in a channel (#general unless given). */
  say(content: string, author?: string, channelId?: string, attachments?: Attachment[]): Promise<SentMessage>;
  react(
    channelId: string,
    messageId: string,
    userId: string,
    emoji?: string,
    remove?: boolean,
  ): Promise<boolean>;
  /** Reactions from members[from..from+count), all at once, on a message. */
  reactMany(
    messageId: string,
    count: number,
    from?: number,
    emoji?: string,
    channelId?: string,
  ): Promise<boolean[]>;
  /** Stops the bot and drops the database. */
  close(): Promise<void>;
}

export interface Post {
  id: string;
  author_id: string;
  payload: string;
  edited_at: number | null;
  message: OutgoingMessage;
}

/** Opens the fixture; `commands` binds the /boards slash commands too (the listeners always are). */
export async function openBoardsFixture(
  options: { dialect?: "sqlite" | "postgres"; commands?: boolean } = {},
): Promise<BoardsFixture> {
  const test = await createTestContext({ dialect: options.dialect });
  const { ctx, sandbox } = test;
  const bot = createBot(ctx, sandbox);
  if (options.commands) bindCommands(bot, ctx, boardsBot.commands?.(ctx) ?? []);
  boardsBot.listeners?.(bot, ctx);
  await bot.start();
  const channels = Object.fromEntries(
    (await ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
  );
  const general = channels.general ?? "";
  const members = await demoMembers(ctx.storage.db);
  let made = 0;

  const newChannel = async (nsfw = false) =>
    (await ctx.discord.createChannel(demoGuildId, { name: `board-${++made}`, type: 0, nsfw })).id;
  const react = (channelId: string, messageId: string, userId: string, emoji = "⭐", remove = false) =>
    sandbox.simulateReaction({ channelId, messageId, userId, emoji, remove });

  return {
    ...test,
    bot,
    channels,
    general,
    members,
    newChannel,
    makeBoard: async ({ nsfw = false, ...overrides } = {}) =>
      createBoard(ctx, demoGuildId, {
        name: `board ${++made}`,
        emoji: "⭐",
        channelId: overrides.channelId ?? (await newChannel(nsfw)),
        minReactions: 3,
        userId: demoOwnerId,
        ...overrides,
      }),
    postsIn: async (channelId) => {
      const rows = await ctx.storage.db
        .selectFrom("sandbox_messages")
        .select(["id", "author_id", "payload", "edited_at"])
        .where("channel_id", "=", channelId)
        .where("deleted_at", "is", null)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ ...row, message: JSON.parse(row.payload) as OutgoingMessage }));
    },
    say: (content, author = members[0] ?? "", channelId = general, attachments = []) =>
      sandbox.simulateMessage(channelId, author, content, { attachments }),
    react,
    reactMany: (messageId, count, from = 1, emoji = "⭐", channelId = general) =>
      Promise.all(
        Array.from({ length: count }, (_, i) => react(channelId, messageId, members[from + i] ?? "", emoji)),
      ),
    close: async () => {
      await bot.stop();
      await test.cleanup();
    },
  };
}

/** The Discord port with some calls replaced (one that fails, or answers as another server would). */
export function discordWith(discord: DiscordPort, overrides: Partial<DiscordPort>): DiscordPort {
  return new Proxy(discord, {
    get(target, key, receiver) {
      return key in overrides ? overrides[key as keyof DiscordPort] : Reflect.get(target, key, receiver);
    },
  });
}

/** Awaits an expected failure: an AppError with this status and a message matching `text`. */
export async function expectError(promise: Promise<unknown>, status: number, text: RegExp | string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(status);
  expect((error as AppError).message).toMatch(text);
}
