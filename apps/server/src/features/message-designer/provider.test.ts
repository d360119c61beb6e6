import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bare, instruction, server, serverArb } from "../../../test/fixtures/message-designer.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { testConfig } from "../../config.ts";
import { createLogger } from "../../lib/logger.ts";
import { composeOffline, welcomePurpose } from "../welcome/ai-composer.ts";
import { design, pickEmojis, serverContext } from "./provider.ts";
import { composeVoteOffline } from "./vote-composer.ts";
import { votePurpose } from "./vote-purpose.ts";

const logger = createLogger({ logLevel: "silent" });

describe("server emojis", () => {
  it("picks at most 10, static ones first, oldest first, the same every time", () => {
    const emojis = Array.from({ length: 14 }, (_, index) => ({
      id: String(100000000000000000n + BigInt(14 - index)),
      name: `e${index}`,
      animated: index % 4 === 0,
    }));
    const picked = pickEmojis(emojis);
    expect(picked).toHaveLength(10);
    expect(picked).toEqual(pickEmojis([...emojis].reverse()));
    expect(picked.every((markup) => markup.startsWith("<:"))).toBe(true);
    expect(picked[0]).toBe("<:e13:100000000000000001>");
  });
});

describe("the AI provider (a local stand-in endpoint)", () => {
  type Reply = { status: number; body: unknown; hang?: boolean };
  let endpoint: http.Server;
  let baseUrl: string;
  let reply: Reply;
  const seen: Record<string, unknown>[] = [];

  beforeAll(async () => {
    endpoint = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        seen.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>);
        if (reply.hang) return;
        response.writeHead(reply.status, { "content-type": "application/json" });
        response.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    endpoint.closeAllConnections();
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const ctx = () => ({
    config: testConfig({ aiBaseUrl: baseUrl, aiApiKey: "sk-test", aiModel: "m" }),
    logger,
  });
  const completion = (content: string) => ({ choices: [{ message: { content } }] });
  const good = {
    content: "{USER_MENTION} voted!",
    title: "🔥 Thanks {USER_NAME}",
    description: "You have {TOTAL_VOTES} votes <:ember:111111111111111111>",
    color: "#112233",
    footer: "{SERVER_NAME}",
  };

  it("uses a valid JSON answer, and tells the model the server's name, emojis and the vote tags", async () => {
    reply = { status: 200, body: completion(JSON.stringify(good)) };
    const result = await design(ctx(), votePurpose, "fiery thanks", server);
    expect(result).toEqual({ design: good, source: "ai", fellBack: false });
    const messages = seen[0]?.messages as { role: string; content: string }[];
    expect(messages[0]?.content).toContain('"Ember Hollow"');
    expect(messages[0]?.content).toContain("<:ember:111111111111111111>");
    expect(messages[0]?.content).toContain("{VOTE_TIMESTAMP}");
    expect(messages[1]?.content).toBe("fiery thanks");
    expect(seen[0]?.response_format).toEqual({ type: "json_object" });
  });

  it.each<[string, Reply]>([
    ["garbage", { status: 200, body: completion("I'd love to help! Here's an idea…") }],
    ["an unknown tag", { status: 200, body: completion(JSON.stringify({ ...good, title: "{VOTER}" })) }],
    [
      "a text past Discord's limit",
      { status: 200, body: completion(JSON.stringify({ ...good, title: "x".repeat(300) })) },
    ],
    ["an error status", { status: 503, body: { error: "busy" } }],
  ])("falls back to the offline composer on %s, and says so", async (_, next) => {
    reply = next;
    const result = await design(ctx(), votePurpose, "fiery thanks", server);
    expect(seen).toHaveLength(1);
    expect(result).toEqual({
      design: composeVoteOffline("fiery thanks", server),
      source: "offline",
      fellBack: true,
    });
  });

  it("falls back when the endpoint answers too late", async () => {
    reply = { status: 200, body: {}, hang: true };
    const result = await design(ctx(), votePurpose, "calm", bare, { timeoutMs: 150 });
    expect(result).toMatchObject({ source: "offline", fellBack: true });
  });

  it("designs welcomes through the same provider, with the server's emojis offline", async () => {
    reply = { status: 500, body: {} };
    const result = await design(ctx(), welcomePurpose, "warm, with our emojis", server);
    expect(result.source).toBe("offline");
    expect(result.design).toEqual(composeOffline("warm, with our emojis", server));
    expect(result.design.embed.description).toContain("<:hollow:222222222222222222>");
    expect(welcomePurpose.problems(result.design)).toEqual([]);
  });

  it("doesn't call anything, and doesn't flag a fallback, without an endpoint", async () => {
    const result = await design({ config: testConfig(), logger }, votePurpose, "hype", server);
    expect(result).toMatchObject({ source: "offline", fellBack: false });
    expect(seen).toHaveLength(0);
  });
});

describe("offline welcome designs", () => {
  it("stay valid with server emojis and any attempt", () => {
    fc.assert(
      fc.property(instruction, serverArb, fc.nat(10), (text, ctx, attempt) => {
        expect(welcomePurpose.problems(composeOffline(text, ctx, attempt))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe.each(dialects)("the server context (%s)", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
  });
  afterAll(() => t.cleanup());

  it("gives the server's name and at most 10 of its emojis", async () => {
    for (let index = 0; index < 12; index++) await t.sandbox.addEmoji(demoGuildId, `emoji_${index}`);
    const context = await serverContext(t.ctx, demoGuildId);
    expect(context.name).toBe("Ember Hollow");
    expect(context.emojis).toHaveLength(10);
    expect(await serverContext(t.ctx, demoGuildId)).toEqual(context);
  });
});
