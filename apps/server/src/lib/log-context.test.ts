import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../test/helpers.ts";
import { type Bot, createBot } from "../bot/bot.ts";
import { defineCommand } from "../bot/commands/command.ts";
import { bindCommands } from "../bot/commands/registry.ts";
import { demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";
import { resolveToken } from "../features/auth/service.ts";
import { buildApp } from "../http/app.ts";
import { withLogFields } from "./log-context.ts";
import { createLogger } from "./logger.ts";

/** A JSON-lines logger whose lines the test reads back. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger({ logLevel: "info", logFormat: "json" }, stream);
  const find = (msg: string) => lines.filter((line) => line.msg === msg);
  return { logger, lines, find };
}

describe("every log line names its request or interaction", () => {
  let t: TestContext;
  let bot: Bot;
  const log = capturedLogger();

  beforeAll(async () => {
    t = await createTestContext({ logger: log.logger });
    bot = createBot(t.ctx, t.sandbox);
    bindCommands(bot, t.ctx, [
      defineCommand("logprobe", async (command) => {
        command.logger.info("from the command handler");
        await sleep(1);
        // A service several awaits down logs through ctx.logger, which knows nothing of the interaction.
        command.ctx.logger.info("from a service under the command");
        await command.reply("logged");
      }),
    ]);
    bot.onButton("logprobe:", async (interaction, { logger }) => {
      logger.info("from a button handler");
      await interaction.reply("clicked", { ephemeral: true });
    });
    bot.events.on("memberAdd", async () => {
      await sleep(1);
      t.ctx.logger.info("from a member listener");
    });
    await bot.start();
  });
  afterAll(async () => {
    await bot.stop();
    await t.cleanup();
  });

  it("a command handler's lines, and its services', carry the interaction id, server and command", async () => {
    const [first] = await Promise.all([
      t.sandbox.simulateCommand({ guildId: demoGuildId, userId: demoOwnerId, name: "logprobe" }),
      t.sandbox.simulateCommand({ guildId: demoGuildId, userId: demoOwnerId, name: "logprobe" }),
    ]);
    expect(first?.[0]?.message?.content).toBe("logged");
    const handlerLines = log.find("from the command handler");
    const serviceLines = log.find("from a service under the command");
    expect(handlerLines).toHaveLength(2);
    expect(serviceLines).toHaveLength(2);
    for (const line of [...handlerLines, ...serviceLines]) {
      expect(line.interactionId).toMatch(/^\d{17,20}$/);
      expect(line.guildId).toBe(demoGuildId);
      expect(line.command).toBe("/logprobe");
    }
    // Two interactions at once: each service line carries its own interaction's id, not the other's.
    const ids = new Set(handlerLines.map((line) => line.interactionId));
    expect(ids.size).toBe(2);
    expect(new Set(serviceLines.map((line) => line.interactionId))).toEqual(ids);
    // Bound once: the child logger's field is not repeated by the log context.
    expect(JSON.stringify(handlerLines[0]).match(/"interactionId"/g)).toHaveLength(1);
  });

  it("a button handler gets a logger naming the interaction and the button", async () => {
    const [channel] = (await t.sandbox.listChannels(demoGuildId)).filter((c) => c.type === 0);
    const message = await t.sandbox.sendMessage(channel?.id ?? "", { content: "a panel" });
    await t.sandbox.simulateButton({
      guildId: demoGuildId,
      userId: demoOwnerId,
      messageId: message.id,
      customId: "logprobe:42",
    });
    const [line] = log.find("from a button handler");
    expect(line).toMatchObject({ guildId: demoGuildId, command: "button logprobe:42" });
    expect(line?.interactionId).toMatch(/^\d{17,20}$/);
  });

  it("an event listener's lines carry the event's type and ids", async () => {
    const userId = "777777777777777777";
    await t.sandbox.simulateMemberJoin(demoGuildId, { id: userId, username: "newcomer" });
    await bot.events.idle();
    const [line] = log.find("from a member listener");
    expect(line).toMatchObject({ event: "memberAdd", guildId: demoGuildId, userId });
  });

  it("a job's lines name the job, not the request that scheduled it", async () => {
    const ran = new Promise<void>((resolve) => {
      t.ctx.jobs.register("log-probe", async () => {
        await sleep(1);
        t.ctx.logger.info("from a job handler");
        resolve();
      });
    });
    t.ctx.jobs.start();
    try {
      const jobId = await withLogFields({ reqId: "req-that-scheduled" }, () =>
        t.ctx.jobs.schedule("log-probe", {}, Date.now()),
      );
      await ran;
      const [line] = log.find("from a job handler");
      expect(line).toMatchObject({ jobId, jobKind: "log-probe" });
      expect(line).not.toHaveProperty("reqId");
    } finally {
      await t.ctx.jobs.stop();
    }
  });

  it("a request's lines, its services' included, carry the request id Fastify logs it under", async () => {
    const app = await buildApp(t.ctx, {
      serveWeb: false,
      resolveToken: (authorization) => resolveToken(t.ctx, authorization),
      routes: [
        async (scope, { ctx }) => {
          scope.post("/probe", async (request) => {
            request.log.info("from the route");
            await sleep(1);
            ctx.logger.info("from a service under the route");
            return { ok: true };
          });
        },
      ],
    });
    try {
      // Over real HTTP: the body arrives in stream events, outside the async context the request began in.
      const url = await app.listen({ port: 0, host: "127.0.0.1" });
      const responses = await Promise.all(
        [1, 2].map((n) =>
          fetch(`${url}/probe`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ n, padding: "x".repeat(100_000) }),
          }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200]);
      const routeLines = log.find("from the route");
      const serviceLines = log.find("from a service under the route");
      expect(serviceLines).toHaveLength(2);
      // One line per request, on completion, with what Fastify's two lines carried.
      expect(log.find("incoming request")).toEqual([]);
      const requestLines = log.find("request completed");
      expect(requestLines).toHaveLength(2);
      for (const line of requestLines) {
        expect(line).toMatchObject({ method: "POST", url: "/probe", statusCode: 200, ip: "127.0.0.1" });
        expect(typeof line.responseTime).toBe("number");
      }
      const requestIds = new Set(requestLines.map((line) => line.reqId));
      expect(requestIds.size).toBe(2);
      expect(new Set(routeLines.map((line) => line.reqId))).toEqual(requestIds);
      expect(new Set(serviceLines.map((line) => line.reqId))).toEqual(requestIds);
      // The answer names its request id, so a user's report leads to these lines.
      expect(new Set(responses.map((response) => response.headers.get("x-request-id")))).toEqual(requestIds);
      for (const id of requestIds) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(routeLines[0]).match(/"reqId"/g)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
