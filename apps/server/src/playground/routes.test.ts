import type {
  SandboxAnswersResponse,
  SandboxCommandsResponse,
  SandboxMessagesResponse,
  SandboxServerResponse,
} from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { type Bot, createBot } from "../bot/bot.ts";
import { bindFeatures, registerFeatureJobs, seedFeatureDemos } from "../composition.ts";
import { demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";

// The playground's API on the real app, bot and seeded demo server: members act through the
// sandbox's simulate… methods and read back what the bot wrote.

let t: TestApp;
let bot: Bot;
let server: SandboxServerResponse;
const ids = { owner: "", member: "", newcomer: "" };
const channel = (name: string) => server.channels.find((c) => c.name === name)?.id ?? "";

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });

beforeAll(async () => {
  t = await createTestApp();
  await seedFeatureDemos(t.ctx);
  bot = createBot(t.ctx, t.sandbox);
  await bindFeatures(t.ctx, bot);
  registerFeatureJobs(t.ctx);
  await bot.start();
  server = await get<SandboxServerResponse>("/api/sandbox/server");
  for (const identity of server.identities) {
    if (identity.key in ids && identity.userId) ids[identity.key as keyof typeof ids] = identity.userId;
  }
}, 60_000);
afterAll(async () => {
  await bot?.stop();
  await t?.cleanup();
});

describe("the sandbox playground's API", () => {
  it("shows the demo server with its channels, roles, members and who the visitor can be", () => {
    expect(server.guild.name).toBe("Ember Hollow");
    expect(server.channels.map((c) => c.name)).toEqual(expect.arrayContaining(["general", "giveaways"]));
    expect(server.members.length).toBeGreaterThan(300);
    expect(server.identities.map((i) => i.key)).toEqual(["owner", "admin", "manager", "member", "newcomer"]);
    expect(ids.owner).toBe(demoOwnerId);
    expect(server.identities.every((identity) => identity.userId)).toBe(true);
  });

  it("hides the staff channels from a plain member, not from the owner", async () => {
    const asMember = await get<SandboxServerResponse>(`/api/sandbox/server?as=${ids.member}`);
    const asOwner = await get<SandboxServerResponse>(`/api/sandbox/server?as=${ids.owner}`);
    const staff = (view: SandboxServerResponse) => view.channels.find((c) => c.name === "staff-chat");
    expect(staff(asMember)?.canView).toBe(false);
    expect(staff(asOwner)?.canView).toBe(true);
  });

  it("a member's 12*12 is answered 144 by the bot, in the channel", async () => {
    const general = channel("general");
    const sent = await post("/api/sandbox/messages", {
      channelId: general,
      userId: ids.member,
      content: "12*12",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const page = await get<SandboxMessagesResponse>(
      `/api/sandbox/channels/${general}/messages?as=${ids.member}`,
    );
    const last = page.messages.at(-1);
    expect(last?.authorId).toBe(server.botUserId);
    expect(last?.content).toContain("144");
  });

  it("switching who you are changes the commands you may run, as the bot decides", async () => {
    const refusal = async (userId: string) =>
      (await get<SandboxCommandsResponse>(`/api/sandbox/commands?as=${userId}`)).commands.find(
        (c) => c.name === "giveaway start",
      )?.refusal;
    expect(await refusal(ids.owner)).toBeNull();
    expect(await refusal(ids.member)).toMatch(/You need/);
  });

  it("an ephemeral answer is shown to its member only", async () => {
    const general = channel("general");
    const res = await post("/api/sandbox/interactions/command", {
      channelId: general,
      userId: ids.member,
      name: "giveaway start",
      options: { prize: "Nitro", duration: "1h" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answers = (res.json() as SandboxAnswersResponse).answers;
    const refused = answers.find((answer) => answer.message?.ephemeral);
    expect(refused?.message?.content).toMatch(/You need/);
    const mine = await get<SandboxMessagesResponse>(
      `/api/sandbox/channels/${general}/messages?as=${ids.member}`,
    );
    const theirs = await get<SandboxMessagesResponse>(
      `/api/sandbox/channels/${general}/messages?as=${ids.owner}`,
    );
    expect(mine.messages.some((m) => m.ephemeral && m.id === refused?.message?.id)).toBe(true);
    expect(theirs.messages.some((m) => m.id === refused?.message?.id)).toBe(false);
  });

  it("a giveaway: started by the owner, entered by a member, ended by fast-forward with its winner", async () => {
    const giveaways = channel("giveaways");
    const started = await post("/api/sandbox/interactions/command", {
      channelId: giveaways,
      userId: ids.owner,
      name: "giveaway start",
      options: { prize: "Playground Prize", duration: "1h" },
    });
    expect(started.statusCode, started.body).toBe(200);
    const before = await get<SandboxMessagesResponse>(`/api/sandbox/channels/${giveaways}/messages`);
    const post_ = before.messages.findLast((m) =>
      m.embeds.some((embed) => `${embed.title}${embed.description}`.includes("Playground Prize")),
    );
    const enter = post_?.components.flat().find((c) => c.type === "button" && c.label === "Enter");
    expect(enter?.type === "button" && enter.customId).toBeTruthy();
    const pressed = await post("/api/sandbox/interactions/button", {
      userId: ids.member,
      messageId: post_?.id,
      customId: enter?.type === "button" ? enter.customId : "",
    });
    expect(pressed.statusCode, pressed.body).toBe(200);
    const jobs = await get<{ jobs: { id: number; kind: string }[] }>("/api/sandbox/jobs");
    expect(jobs.jobs.length).toBeGreaterThan(0);
    const ran = await post("/api/sandbox/fast-forward", {});
    expect(ran.statusCode, ran.body).toBe(200);
    const after = await get<SandboxMessagesResponse>(`/api/sandbox/channels/${giveaways}/messages`);
    const text = after.messages
      .map((m) => `${m.content} ${m.embeds.map((e) => e.description).join(" ")}`)
      .join("\n");
    expect(text).toContain(`<@${ids.member}>`);
  });

  it("a member joining is welcomed in #welcome with an embed", async () => {
    const joined = await post("/api/sandbox/events", { kind: "join", username: "fresh_fox" });
    expect(joined.statusCode, joined.body).toBe(200);
    const userId = (joined.json() as { userId: string }).userId;
    const page = await get<SandboxMessagesResponse>(`/api/sandbox/channels/${channel("welcome")}/messages`);
    const welcome = page.messages.at(-1);
    expect(welcome?.authorId).toBe(server.botUserId);
    expect(`${welcome?.content}${JSON.stringify(welcome?.embeds)}`).toContain(userId);
  });

  it("refuses bad input with 400 naming the field, and unknown things with 404", async () => {
    const bad = await post("/api/sandbox/messages", {
      channelId: channel("general"),
      userId: ids.member,
      content: "",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("content");
    const unknown = await post("/api/sandbox/messages", {
      channelId: "123456789012345678",
      userId: ids.member,
      content: "hi",
    });
    expect(unknown.statusCode).toBe(404);
    const stream = await t.app.inject({ method: "GET", url: "/api/sandbox/live" });
    expect(stream.statusCode).toBe(406);
  });

  it("reset brings the demo server back to its seeded state", async () => {
    const refused = await post("/api/sandbox/reset", {});
    expect(refused.statusCode).toBe(400);
    const reset = await post("/api/sandbox/reset", { confirm: "reset" });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await get<SandboxServerResponse>("/api/sandbox/server");
    expect(again.members.some((member) => member.username === "fresh_fox")).toBe(false);
    expect(again.members.length).toBe(server.members.length);
    const general = await get<SandboxMessagesResponse>(
      `/api/sandbox/channels/${channel("general")}/messages`,
    );
    expect(general.messages.some((m) => m.content.includes("144"))).toBe(false);
  }, 60_000);
});
