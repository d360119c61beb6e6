import http from "node:http";
import type { AddressInfo } from "node:net";
import { renderVoteMessage } from "@hearth/core";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { testConfig } from "../../config.ts";
import { createLogger } from "../../lib/logger.ts";
import { composeOffline, welcomePurpose } from "../welcome/ai-composer.ts";
import { design, emojiCap, pickEmojis, type ServerContext, serverContext } from "./provider.ts";
import { createDraft, deleteDraft, draftLifetimeMs, findDraft, updateDraft } from "./store.ts";
import {
  composeVoteOffline,
  maxRenderedLength,
  parseVoteAnswer,
  renderVoteDesign,
  sampleVoteValues,
  type VoteDesign,
  voteDesignProblems,
  votePurpose,
} from "./vote-design.ts";

const logger = createLogger({ logLevel: "silent" });
const server: ServerContext = {
  name: "Ember Hollow",
  emojis: ["<:ember:111111111111111111>", "<:hollow:222222222222222222>", "<a:spark:333333333333333333>"],
};
const bare: ServerContext = { name: "Quiet Place", emojis: [] };

const words = fc.constantFrom(
  "fun",
  "hype",
  "formal",
  "gaming",
  "calm",
  "thank",
  "red",
  "blurple",
  "#abcdef",
  "no ping",
  "don't mention",
  "no emoji",
  "emojis",
  "reward",
  "leaderboard",
  "remind",
  "streak",
  "time",
  "platform",
  "<#333333333333333333>",
  '"thanks a ton"',
  "{",
  "}",
  "{USER_NAME}",
  "💥",
);
const instruction = fc.oneof(
  fc.string({ maxLength: 1000 }),
  fc.array(fc.oneof(words, fc.string({ maxLength: 12 })), { maxLength: 30 }).map((parts) => parts.join(" ")),
);
const serverArb = fc.record({
  name: fc.string({ minLength: 1, maxLength: 100 }),
  emojis: fc.array(
    fc
      .tuple(fc.stringMatching(/^\w{2,32}$/), fc.bigInt({ min: 10n ** 17n, max: 10n ** 19n }))
      .map(([name, id]) => `<:${name}:${id}>`),
    { maxLength: emojiCap },
  ),
});

describe("the offline vote composer", () => {
  it("always gives a valid design, whatever the instructions, server and attempt", () => {
    fc.assert(
      fc.property(instruction, serverArb, fc.nat(20), (text, ctx, attempt) => {
        const composed = composeVoteOffline(text, ctx, attempt);
        expect(voteDesignProblems(composed)).toEqual([]);
        // Deterministic: the same input gives the same design.
        expect(composeVoteOffline(text, ctx, attempt)).toEqual(composed);
      }),
      { numRuns: 400 },
    );
  });

  it("reads tone, colour, pings, emojis, quotes and topics from the instructions", () => {
    const hype = composeVoteOffline("Make it hype and fun! purple please", server);
    expect(hype.color).toBe("#9B59B6");
    expect(hype.title).toContain("🎉");
    expect(hype.content).toContain("{USER_MENTION}");
    expect(hype.description).toContain("<:ember:111111111111111111>");

    const formal = composeVoteOffline("Formal and professional, colour #12ab9F, don't ping them", server);
    expect(formal.color).toBe("#12AB9F");
    expect(`${formal.content}${formal.description}`).not.toContain("{USER_MENTION}");
    expect(formal.content).toContain("{USER_NAME}");

    const topics = composeVoteOffline(
      'Thank them, say "You rock!", mention the reward role, the leaderboard, remind them to vote again, use our emojis, point to <#444444444444444444>',
      server,
    );
    expect(topics.description).toContain("You rock!");
    expect(topics.description).toContain("reward role");
    expect(topics.description).toContain("/votetracker leaderboard");
    expect(topics.description).toContain("12 hours");
    expect(topics.description).toContain("<#444444444444444444>");
    // "use our emojis": three of the server's emojis.
    for (const emoji of server.emojis) expect(topics.description).toContain(emoji);

    const none = composeVoteOffline("no emoji, calm", server);
    expect(none.description).not.toContain("<:");
    expect(none.color).toBe("#2F3136");
  });

  it("gives another wording on Try again, and uses the server's name through {SERVER_NAME}", () => {
    const first = composeVoteOffline("thanks", server, 0);
    const second = composeVoteOffline("thanks", server, 1);
    expect(second).not.toEqual(first);
    const rendered = renderVoteDesign(
      first,
      sampleVoteValues({ userId: "1", userName: "Morgan", serverName: "Ember Hollow", at: 0 }),
    );
    expect(JSON.stringify(rendered)).toContain("Ember Hollow");
  });
});

describe("vote design validation", () => {
  const valid: VoteDesign = {
    content: "{USER_MENTION} voted!",
    title: "Thanks {USER_NAME}",
    description: "{TOTAL_VOTES} votes on {PLATFORM}, {VOTE_TIMESTAMP}",
    color: "#F97316",
    footer: "{SERVER_NAME}",
  };

  it("accepts the vote tags and names unknown ones with a suggestion", () => {
    expect(voteDesignProblems(valid)).toEqual([]);
    const problems = voteDesignProblems({ ...valid, title: "Hi {user_name} {FAVOURITE}" });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("did you mean {USER_NAME}?");
    expect(problems[1]).toContain("{FAVOURITE} isn't a vote tag");
  });

  it("checks Discord's limits with every tag at its longest", () => {
    // 240 characters of text plus {SERVER_NAME} (up to 100 characters) can pass 256.
    const title = `${"x".repeat(240)}{SERVER_NAME}`;
    expect(maxRenderedLength(title)).toBe(340);
    expect(voteDesignProblems({ ...valid, title }).join()).toMatch(/title: Discord allows 256 characters/);
    expect(voteDesignProblems({ ...valid, content: "x".repeat(2001) }).join()).toMatch(/content: .*2000/);
    expect(voteDesignProblems({ ...valid, color: "orange" }).join()).toMatch(/#RRGGBB/);
    expect(voteDesignProblems({ ...valid, content: "", title: "", description: " " }).join()).toMatch(
      /needs some text/,
    );
  });

  it("repairs harmless AI answers and refuses the rest", () => {
    expect(parseVoteAnswer(JSON.stringify({ ...valid, color: "fa0" }))?.color).toBe("#FFAA00");
    expect(parseVoteAnswer(`\`\`\`json\n${JSON.stringify({ ...valid, color: "f97316" })}\n\`\`\``)).toEqual(
      valid,
    );
    expect(parseVoteAnswer("Sure! Here it is")).toBeNull();
    expect(parseVoteAnswer(JSON.stringify({ ...valid, description: "{STREAK}" }))).toBeNull();
    expect(parseVoteAnswer(JSON.stringify({ ...valid, color: "orange-ish" }))).toBeNull();
  });

  it("renders the tags exactly as the notification does", () => {
    const values = sampleVoteValues({
      userId: "42",
      userName: "Morgan",
      serverName: "Ember Hollow",
      at: 1_000_000,
    });
    const message = renderVoteDesign(valid, values);
    expect(message.content).toBe(renderVoteMessage(valid.content, values));
    expect(message.embeds?.[0]).toMatchObject({
      title: "Thanks Morgan",
      color: 0xf97316,
      footer: { text: "Ember Hollow" },
    });
  });
});

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

describe.each(dialects)("drafts and the server context (%s)", (dialect) => {
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

  it("stores a draft for an hour; updates restart the hour; delete answers whether it was there", async () => {
    const now = 1_700_000_000_000;
    const draft = await createDraft(
      t.ctx.storage.db,
      {
        serverId: demoGuildId,
        userId: "1",
        purpose: "vote",
        instructions: "hype",
        design: composeVoteOffline("hype", server),
        source: "offline",
        fellBack: false,
        attempt: 0,
        extra: { channelId: "2" },
      },
      now,
    );
    expect(draft.id).toMatch(/^[\w-]{16}$/);
    expect(await findDraft(t.ctx.storage.db, draft.id, "vote", now + 1)).toEqual(draft);
    expect(await findDraft(t.ctx.storage.db, draft.id, "welcome", now + 1)).toBeNull();
    expect(await findDraft(t.ctx.storage.db, draft.id, "vote", now + draftLifetimeMs)).toBeNull();
    const expiresAt = await updateDraft(
      t.ctx.storage.db,
      draft.id,
      { design: draft.design, source: "edited", fellBack: false, attempt: 1, instructions: "hype" },
      now + draftLifetimeMs - 1,
    );
    expect(await findDraft(t.ctx.storage.db, draft.id, "vote", now + draftLifetimeMs)).toMatchObject({
      source: "edited",
      attempt: 1,
      expiresAt,
    });
    expect(await deleteDraft(t.ctx.storage.db, draft.id)).toBe(true);
    expect(await deleteDraft(t.ctx.storage.db, draft.id)).toBe(false);
  });
});
