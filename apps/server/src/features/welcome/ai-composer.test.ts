import http from "node:http";
import type { AddressInfo } from "node:net";
import { validateTemplate, welcomeConfigBody } from "@hearth/core";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testConfig } from "../../config.ts";
import { createLogger } from "../../lib/logger.ts";
import { composeOffline, composeWelcome, parseAiAnswer } from "./ai-composer.ts";

const channelId = "123456789012345678";
const asConfig = (welcome: ReturnType<typeof composeOffline>) => ({ ...welcome, enabled: true, channelId });
const templatesOf = (welcome: ReturnType<typeof composeOffline>) => [
  welcome.embed.title,
  welcome.embed.description,
  welcome.embed.footer.text,
  welcome.button.label,
];

describe("the offline composer", () => {
  it("is deterministic", () => {
    const text = "Warm welcome, mention the user, point to <#111111111111111111>, orange embed";
    expect(composeOffline(text)).toEqual(composeOffline(text));
  });

  it("turns keywords into tone, colour, emoji and parts", () => {
    const hype = composeOffline("Make it fun and hype! pink embed");
    expect(hype.embed.color).toBe("#EB459E");
    expect(hype.button.emoji).toBe("🎉");
    expect(hype.embed.description).toContain("{user.mention}");

    const formal = composeOffline("A professional, formal greeting");
    expect(formal.button).toEqual({ enabled: true, label: "Say hello", emoji: "🤝" });
    expect(formal.embed.color).toBe("#5865F2");

    const custom = composeOffline(
      "gaming clan vibe, colour #12ab9F, no button, without avatar, don't ping them",
    );
    expect(custom.embed.color).toBe("#12AB9F");
    expect(custom.button.enabled).toBe(false);
    expect(custom.embed.thumbnail).toBe("");
    expect(custom.mentionUser).toBe(false);
    expect(custom.embed.title).toContain("player");

    const rules = composeOffline('Warm, point to <#222222222222222222> and say "Glad you made it {here}!"');
    expect(rules.embed.description).toContain("<#222222222222222222>");
    expect(rules.embed.description).toContain("Glad you made it here!");
    expect(rules.mentionUser).toBe(true);
    expect(rules.embed.thumbnail).toBe("{user.avatar}");
  });

  it("answers something for empty or meaningless instructions", () => {
    const welcome = composeOffline("");
    expect(welcomeConfigBody.safeParse(asConfig(welcome)).success).toBe(true);
    expect(welcome.embed.title).toContain("{server.name}");
  });

  it("any instructions give a config the welcome schema accepts, using only known tags", () => {
    const words = fc.constantFrom(
      "fun",
      "formal",
      "gaming",
      "calm",
      "warm",
      "red",
      "blurple",
      "#abcdef",
      "no button",
      "no avatar",
      "don't mention",
      "rules",
      "roles",
      "<#333333333333333333>",
      '"hello there"',
      "{",
      "}",
      "💥",
      "account",
    );
    const instruction = fc.oneof(
      fc.string({ maxLength: 2000 }),
      fc
        .array(fc.oneof(words, fc.string({ maxLength: 12 })), { maxLength: 30 })
        .map((parts) => parts.join(" ")),
    );
    fc.assert(
      fc.property(instruction, (text) => {
        const welcome = composeOffline(text);
        const parsed = welcomeConfigBody.safeParse(asConfig(welcome));
        expect(parsed.success).toBe(true);
        // What the schema stores is exactly what was composed (no normalisation needed).
        expect(parsed.data).toEqual(asConfig(welcome));
        for (const template of templatesOf(welcome)) expect(validateTemplate(template)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

describe("reading the model's answer", () => {
  const answer = {
    title: "Welcome {user.displayName}!",
    description: "Hi {user.mention}",
    color: "#ff8800",
    button: { enabled: true, label: "Hi!", emoji: "👋" },
  };

  it("accepts a valid answer, also inside a code fence", () => {
    const fenced = `\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``;
    expect(parseAiAnswer(fenced)).toMatchObject({
      mentionUser: true,
      embed: { title: answer.title, color: "#FF8800", thumbnail: "{user.avatar}" },
      button: answer.button,
    });
  });

  it.each([
    ["not JSON", "Sure! Here is a welcome…"],
    ["a bad colour", JSON.stringify({ ...answer, color: "orange-ish" })],
    ["a made-up tag", JSON.stringify({ ...answer, description: "Hi {user.favouriteFood}" })],
    ["no text", JSON.stringify({ ...answer, title: "", description: "" })],
    ["a title too long", JSON.stringify({ ...answer, title: "x".repeat(300) })],
  ])("refuses %s", (_, content) => {
    expect(parseAiAnswer(content)).toBeNull();
  });
});

describe("the AI endpoint (a local stand-in)", () => {
  type Reply = { status: number; body: unknown; hang?: boolean };
  let server: http.Server;
  let baseUrl: string;
  let reply: Reply;
  const seen: { url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const logger = createLogger({ logLevel: "silent" });

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        seen.push({
          url: request.url ?? "",
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
        });
        if (reply.hang) return;
        response.writeHead(reply.status, { "content-type": "application/json" });
        response.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const ctx = () => ({
    config: testConfig({ aiBaseUrl: baseUrl, aiApiKey: "sk-test", aiModel: "tiny-model" }),
    logger,
  });
  const completion = (content: string) => ({ choices: [{ message: { role: "assistant", content } }] });
  const good = {
    title: "Welcome aboard, {user.displayName}!",
    description: "{user.mention} joined {server.name}: our {server.memberCount.ordinal} member.",
    color: "#F97316",
    button: { enabled: true, label: "Say hi", emoji: "👋" },
    mentionUser: true,
  };

  it("posts a chat completion with the model, the key and the instructions, and uses a valid answer", async () => {
    reply = { status: 200, body: completion(JSON.stringify(good)) };
    const result = await composeWelcome(ctx(), "Warm welcome, orange embed");
    expect(result.source).toBe("ai");
    expect(result.welcome.embed.title).toBe(good.title);
    expect(result.welcome.button).toEqual(good.button);

    expect(seen).toHaveLength(1);
    const request = seen[0];
    expect(request?.url).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe("Bearer sk-test");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body.model).toBe("tiny-model");
    expect(request?.body.response_format).toEqual({ type: "json_object" });
    const messages = request?.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[0]?.content).toContain("{user.mention}");
    expect(messages[1]?.content).toBe("Warm welcome, orange embed");
  });

  it.each<[string, Reply]>([
    ["an error status", { status: 500, body: { error: { message: "boom" } } }],
    ["an invalid answer", { status: 200, body: completion(JSON.stringify({ ...good, color: "nope" })) }],
    ["no choices", { status: 200, body: { choices: [] } }],
  ])("falls back to the offline composer on %s", async (_, next) => {
    reply = next;
    const result = await composeWelcome(ctx(), "Formal greeting");
    expect(seen).toHaveLength(1);
    expect(result).toEqual({ source: "offline", welcome: composeOffline("Formal greeting") });
  });

  it("falls back when the endpoint doesn't answer in time", async () => {
    reply = { status: 200, body: {}, hang: true };
    const result = await composeWelcome(ctx(), "Fun", { timeoutMs: 200 });
    expect(result.source).toBe("offline");
  });

  it("falls back when the endpoint can't be reached", async () => {
    const offline = { config: testConfig({ aiBaseUrl: "http://127.0.0.1:9/v1", aiApiKey: "k" }), logger };
    expect((await composeWelcome(offline, "Fun")).source).toBe("offline");
  });

  it("uses the offline composer without asking when no endpoint is configured", async () => {
    const result = await composeWelcome({ config: testConfig(), logger }, "Fun");
    expect(result.source).toBe("offline");
    expect(seen).toHaveLength(0);
  });
});
