import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { bindCommands } from "../../bot/commands/registry.ts";
import { demoOwnerId } from "../../discord/demo-seed.ts";
import type { Attachment, MemberInfo } from "../../discord/port.ts";
import type { SandboxInteractionResponse } from "../../discord/sandbox-adapter.ts";
import { AppError } from "../../lib/errors.ts";
import { embedsBot } from "./commands.ts";
import { registerEmbedsJobs } from "./jobs.ts";

export const x = (n: number) => "x".repeat(n);

/** Awaits an expected failure and answers the AppError it failed with. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

const channelIds = async (test: TestContext) =>
  Object.fromEntries((await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]));

/** Shared set-up of the service tests: the demo server, with the builder's jobs registered. */
export interface EmbedsFixture {
  test: TestContext;
  /** The demo server's channel ids by name. */
  channels: Record<string, string>;
  /** The demo server's owner, who may post anywhere. */
  owner: MemberInfo;
  /** A member without roles, who can't post in #rules. */
  member: MemberInfo;
}

export async function openEmbedsFixture(dialect?: "sqlite" | "postgres"): Promise<EmbedsFixture> {
  const test = await createTestContext({ dialect });
  registerEmbedsJobs(test.ctx);
  const channels = await channelIds(test);
  const owner = await test.ctx.discord.getMember(demoGuildId, demoOwnerId);
  if (!owner) throw new Error("no demo owner");
  const member = await test.sandbox.simulateMemberJoin(demoGuildId, { username: "plainmember" });
  return { test, channels, owner, member };
}

export type Responses = SandboxInteractionResponse[];
export const text = (responses: Responses) => JSON.stringify(responses);

/** Shared set-up of the bot tests: /embed and the builder's controls through the sandbox. */
export interface BuilderBotFixture extends TestContext {
  bot: Bot;
  channels: Record<string, string>;
  /** An Event Manager: may use the builder, but not post in #rules. */
  editor: string;
  /** A member without Manage Messages. */
  plain: string;
  /** Where uploaded files are served from: `/embed.json` is an embed, anything else a 404. */
  filesBase: string;
  run(
    subcommand: string,
    options?: Record<string, string>,
    userId?: string,
    attachments?: Record<string, Attachment>,
  ): Promise<Responses>;
  click(customId: string, userId?: string): Promise<Responses>;
  choose(customId: string, values: string[], userId?: string): Promise<Responses>;
  submit(customId: string, fields: Record<string, string>, userId?: string): Promise<Responses>;
  /** Opens a builder; answers its session id and reply. */
  open(
    options?: Record<string, string>,
    userId?: string,
    attachments?: Record<string, Attachment>,
  ): Promise<{ session: string; reply: Responses[number] | undefined }>;
  /** Stops the bot and the file server, and drops the database. */
  close(): Promise<void>;
}

export async function openBuilderBot(): Promise<BuilderBotFixture> {
  const test = await createTestContext();
  const bot = createBot(test.ctx, test.sandbox);
  bindCommands(bot, test.ctx, embedsBot.commands?.(test.ctx) ?? []);
  embedsBot.listeners?.(bot, test.ctx);
  await bot.start();
  const channels = await channelIds(test);
  const roles = Object.fromEntries(
    (await test.ctx.discord.listRoles(demoGuildId)).map((r) => [r.name, r.id]),
  );
  const editor = (
    await test.sandbox.simulateMemberJoin(
      demoGuildId,
      { username: "eventlead" },
      { roleIds: [roles["Event Manager"] ?? ""] },
    )
  ).user.id;
  const plain = (await test.sandbox.simulateMemberJoin(demoGuildId, { username: "justamember" })).user.id;
  // Ephemeral replies aren't stored by the sandbox: clicks on the builder are hosted on this message.
  const host = (
    await test.ctx.discord.sendMessage(channels["bot-commands"] ?? "", { content: "builder host" })
  ).id;
  const files: Server = createServer((req, res) => {
    if (req.url === "/embed.json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ embeds: [{ title: "Imported", color: 255, fields: [{ name: "a", value: "b" }] }] }),
      );
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  const filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;

  const run: BuilderBotFixture["run"] = (subcommand, options = {}, userId = demoOwnerId, attachments = {}) =>
    test.sandbox.simulateCommand({
      guildId: demoGuildId,
      userId,
      name: "embed",
      subcommand,
      options,
      attachments,
      channelId: channels["bot-commands"] ?? "",
    });
  return {
    ...test,
    bot,
    channels,
    editor,
    plain,
    filesBase,
    run,
    click: (customId, userId = demoOwnerId) =>
      test.sandbox.simulateButton({ guildId: demoGuildId, userId, messageId: host, customId }),
    choose: (customId, values, userId = demoOwnerId) =>
      test.sandbox.simulateSelect({ guildId: demoGuildId, userId, messageId: host, customId, values }),
    submit: (customId, fields, userId = demoOwnerId) =>
      test.sandbox.simulateModal({ guildId: demoGuildId, userId, messageId: host, customId, fields }),
    open: async (options = {}, userId = demoOwnerId, attachments = {}) => {
      const responses = await run("create", options, userId, attachments);
      const session = /embed:b:body:([\w-]+)/.exec(text(responses))?.[1];
      if (!session) throw new Error(`no builder opened: ${text(responses)}`);
      return { session, reply: responses[0] };
    },
    close: async () => {
      await bot.stop();
      await new Promise<void>((resolve) => files.close(() => resolve()));
      await test.cleanup();
    },
  };
}
