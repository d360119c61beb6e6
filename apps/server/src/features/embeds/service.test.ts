import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { EmbedDraft } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { demoOwnerId } from "../../discord/demo-seed.ts";
import type { MemberInfo } from "../../discord/port.ts";
import { AppError } from "../../lib/errors.ts";
import { seedDemo } from "./demo.ts";
import { registerEmbedsJobs } from "./jobs.ts";
import {
  changeDraft,
  deleteTemplate,
  downloadAttachment,
  embedBuilderLimits,
  exportParts,
  importJson,
  listTemplates,
  openEditSession,
  openSession,
  previewMessage,
  requireSession,
  resolveChannel,
  resolveTemplate,
  saveTemplate,
  sendSession,
  sessionSweepJob,
} from "./service.ts";
import { findSession } from "./store.ts";

const x = (n: number) => "x".repeat(n);

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe.each(dialects)("embed builder service (%s)", (dialect) => {
  let test: TestContext;
  let channels: Record<string, string>;
  let owner: MemberInfo;
  let member: MemberInfo;

  beforeAll(async () => {
    test = await createTestContext({ dialect });
    registerEmbedsJobs(test.ctx);
    channels = Object.fromEntries(
      (await test.ctx.discord.listChannels(demoGuildId)).map((c) => [c.name, c.id]),
    );
    const found = await test.ctx.discord.getMember(demoGuildId, demoOwnerId);
    if (!found) throw new Error("no demo owner");
    owner = found;
    member = await test.sandbox.simulateMemberJoin(demoGuildId, { username: "plainmember" });
  });
  afterAll(async () => {
    await test.cleanup();
  });

  describe("templates", () => {
    it("saves, lists, refuses a second of the same name in any case, and replaces when asked", async () => {
      const draft: EmbedDraft = { title: "Patch notes", color: "#00FF00" };
      const { template } = await saveTemplate(test.ctx, demoGuildId, {
        name: "  Patch   Notes ",
        draft,
        userId: "1",
      });
      expect(template.name).toBe("Patch Notes");
      const again = await failure(
        saveTemplate(test.ctx, demoGuildId, { name: "patch notes", draft, userId: "1" }),
      );
      expect(again.statusCode).toBe(409);
      expect(again.message).toContain("already has a template named “Patch Notes”");
      const replaced = await saveTemplate(test.ctx, demoGuildId, {
        name: "PATCH NOTES",
        draft: { title: "v2" },
        userId: "1",
        replace: true,
      });
      expect(replaced).toMatchObject({ replaced: true, template: { id: template.id, name: "PATCH NOTES" } });
      expect((await resolveTemplate(test.ctx, demoGuildId, "patch notes")).draft).toEqual({ title: "v2" });
      expect((await listTemplates(test.ctx, demoGuildId)).map((t) => t.name)).toContain("PATCH NOTES");
    });

    it("checks the name's length and the embed, tags included", async () => {
      const long = await failure(
        saveTemplate(test.ctx, demoGuildId, { name: x(51), draft: { title: "t" }, userId: null }),
      );
      expect(long.message).toBe("The template name is 51 characters; the limit is 50.");
      const empty = await failure(
        saveTemplate(test.ctx, demoGuildId, { name: " ", draft: { title: "t" }, userId: null }),
      );
      expect(empty.message).toBe("Give the template a name.");
      const tag = await failure(
        saveTemplate(test.ctx, demoGuildId, {
          name: "Tags",
          draft: { title: "{user.mentoin}" },
          userId: null,
        }),
      );
      expect(tag.message).toContain(
        "{user.mentoin} in the title isn't a tag Hearth knows. Did you mean {user.mention}?",
      );
    });

    it("allows 50 per server, then asks to delete one", async () => {
      const other = "999999999999999999";
      for (let i = 0; i < embedBuilderLimits.templatesPerServer; i++) {
        await saveTemplate(test.ctx, other, { name: `T${i}`, draft: { title: "t" }, userId: null });
      }
      const full = await failure(
        saveTemplate(test.ctx, other, { name: "one more", draft: { title: "t" }, userId: null }),
      );
      expect(full.message).toContain("This server has 50 templates, the limit.");
      const [first] = await listTemplates(test.ctx, other);
      await deleteTemplate(test.ctx, other, first?.id ?? 0);
      await expect(
        saveTemplate(test.ctx, other, { name: "one more", draft: { title: "t" }, userId: null }),
      ).resolves.toMatchObject({ replaced: false });
      expect((await failure(deleteTemplate(test.ctx, other, first?.id ?? 0))).statusCode).toBe(404);
    });

    it("finds built-in templates, and names the choices when none matches", async () => {
      expect(await resolveTemplate(test.ctx, demoGuildId, "announcement")).toMatchObject({ builtIn: true });
      const missing = await failure(resolveTemplate(test.ctx, demoGuildId, "nope"));
      expect(missing.message).toMatch(
        /No template named “nope”\. Saved here: .*PATCH NOTES.*Built in: announcement/,
      );
    });
  });

  it("the demo seed saves a few valid templates on Ember Hollow, once", async () => {
    await seedDemo(test.ctx);
    await seedDemo(test.ctx);
    const names = (await listTemplates(test.ctx, demoGuildId)).map((t) => t.name);
    expect(names.filter((name) => name === "Weekly boss raid")).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(["Market rules", "Welcome card"]));
  });

  describe("drafts", () => {
    it("are kept in the database by session id, for their owner only, and expire after 24 hours", async () => {
      const now = Date.now();
      const session = await openSession(
        test.ctx,
        { serverId: demoGuildId, userId: owner.user.id, draft: { title: "Hi" } },
        now,
      );
      expect(session.id).toMatch(/^[\w-]{12}$/);
      expect((await requireSession(test.ctx, session.id, owner.user.id)).draft).toEqual({ title: "Hi" });
      const other = await failure(requireSession(test.ctx, session.id, member.user.id));
      expect(other.message).toBe("Only the member who opened this embed builder can use it.");
      const later = await failure(
        requireSession(test.ctx, session.id, owner.user.id, now + 24 * 3_600_000 + 1),
      );
      expect(later.message).toContain("has expired");
      const jobs = await test.ctx.storage.db
        .selectFrom("jobs")
        .select(["kind", "run_at"])
        .where("kind", "=", sessionSweepJob)
        .execute();
      expect(jobs.length).toBeGreaterThan(0);
      expect(Math.max(...jobs.map((j) => Number(j.run_at)))).toBeGreaterThanOrEqual(session.expiresAt);
    });

    it("the sweep job deletes expired drafts", async () => {
      const old = await openSession(
        test.ctx,
        { serverId: demoGuildId, userId: owner.user.id, draft: { title: "Old" } },
        Date.now() - 25 * 3_600_000,
      );
      const fresh = await openSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        draft: { title: "New" },
      });
      await test.ctx.jobs.schedule(sessionSweepJob, {}, Date.now());
      await test.ctx.jobs.runDue();
      const rows = await test.ctx.storage.db.selectFrom("embed_drafts").select("id").execute();
      expect(rows.map((r) => r.id)).not.toContain(old.id);
      expect(rows.map((r) => r.id)).toContain(fresh.id);
    });

    const limitCases: [string, EmbedDraft, string][] = [
      ["title", { title: x(257) }, "The title is 257 characters; the limit is 256."],
      ["description", { description: x(4097) }, "The description is 4097 characters; the limit is 4096."],
      [
        "fields",
        { fields: Array.from({ length: 26 }, () => ({ name: "n", value: "v" })) },
        "The embed has 26 fields; the limit is 25.",
      ],
      [
        "field name",
        { fields: [{ name: x(257), value: "v" }] },
        "Field 1's name is 257 characters; the limit is 256.",
      ],
      [
        "field value",
        { fields: [{ name: "n", value: x(1025) }] },
        "Field 1's value is 1025 characters; the limit is 1024.",
      ],
      [
        "footer",
        { title: "t", footer: { text: x(2049) } },
        "The footer is 2049 characters; the limit is 2048.",
      ],
      ["author", { author: { name: x(257) } }, "The author name is 257 characters; the limit is 256."],
      [
        "total",
        {
          title: x(256),
          description: x(4000),
          fields: [{ name: "n", value: x(1000) }],
          footer: { text: x(800) },
        },
        "The embed has 6057 characters in all; Discord's limit is 6000.",
      ],
      ["colour", { title: "t", color: "orange" }, "Colours are written #RRGGBB, for example #FF8C00."],
      [
        "link",
        { title: "t", url: "example.com" },
        "The title link must be a web address starting with http:// or https://.",
      ],
      [
        "image format",
        { title: "t", imageUrl: "https://example.com/banner.svg" },
        "The image must be a PNG, JPG, GIF or WebP image; “.svg” isn't one of those formats.",
      ],
      ["empty", {}, "The embed is empty: give it a title, a description or a field."],
    ];
    it.each(limitCases)(
      "a change past the %s limit is refused with the limit named; the draft stays",
      async (_l, next, message) => {
        const session = await openSession(test.ctx, {
          serverId: demoGuildId,
          userId: owner.user.id,
          draft: { title: "Keep me" },
        });
        const change = await changeDraft(test.ctx, session, next, {
          form: "body",
          fields: { title: "typed" },
        });
        expect(change.ok).toBe(false);
        if (!change.ok) expect(change.problems.map((p) => p.message)).toContain(message);
        const stored = await findSession(test.ctx.storage.db, session.id, Date.now());
        expect(stored?.draft).toEqual({ title: "Keep me" });
        expect(stored?.pendingForm).toEqual({ form: "body", fields: { title: "typed" } });
      },
    );

    it("a good change is saved and clears the refused form", async () => {
      const session = await openSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        draft: { title: "A" },
      });
      await changeDraft(test.ctx, session, { title: "" }, { form: "body", fields: {} });
      const change = await changeDraft(test.ctx, session, { title: "B" });
      expect(change).toMatchObject({ ok: true, session: { draft: { title: "B" }, pendingForm: null } });
    });
  });

  describe("import", () => {
    let server: Server;
    let base: string;
    const bodies: Record<string, { body: string | Buffer; length?: boolean; status?: number }> = {};

    beforeAll(async () => {
      server = createServer((req, res) => {
        const entry = bodies[req.url ?? ""];
        if (!entry) {
          res.writeHead(404).end();
          return;
        }
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (entry.length !== false) headers["content-length"] = String(Buffer.byteLength(entry.body));
        res.writeHead(entry.status ?? 200, headers);
        res.end(entry.body);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const file = (path: string) => ({
      id: "1",
      url: `${base}${path}`,
      filename: "embed.json",
      contentType: "application/json",
    });

    it("downloads a file and reads it", async () => {
      bodies["/ok.json"] = { body: '{"version":1,"embed":{"title":"From a file"}}' };
      const text = await downloadAttachment(file("/ok.json"));
      expect(importJson(text).draft).toEqual({ title: "From a file" });
    });

    it("refuses more than 1 MB, by its declared size and by the bytes read", async () => {
      bodies["/big.json"] = { body: Buffer.alloc(1_200_000, 32) };
      const declared = await failure(downloadAttachment(file("/big.json")));
      expect(declared.message).toBe("embed.json is 1.1 MB; the import limit is 1 MB (1,048,576 bytes).");
      bodies["/sneaky.json"] = { body: Buffer.alloc(2 * 1024 * 1024, 32), length: false };
      const read = await failure(downloadAttachment(file("/sneaky.json")));
      expect(read.message).toMatch(/^embed\.json is 1\.\d MB; the import limit is 1 MB/);
    });

    it("explains a failed download, and fetches only Discord's CDN on Discord", async () => {
      expect((await failure(downloadAttachment(file("/missing.json")))).message).toContain(
        "Discord answered 404",
      );
      const elsewhere = await failure(downloadAttachment(file("/ok.json"), { onlyDiscordCdn: true }));
      expect(elsewhere.message).toContain("Upload the JSON file to Discord");
    });

    it("names the problem in bad JSON", () => {
      const shape = (() => {
        try {
          importJson('{"embed":{"title":"ok","fields":[{"name":"a","value":false}]}}');
        } catch (error) {
          return (error as Error).message;
        }
        return "";
      })();
      expect(shape).toBe("That JSON can't be imported:\n• embed.fields[0].value must be text.");
      expect(() => importJson("nope")).toThrow(/That isn't valid JSON/);
    });
  });

  describe("export", () => {
    it("fits a short embed in one pretty code block and splits a long one", () => {
      expect(exportParts({ pretty: "{\n}", compact: "{}" })).toEqual(["{\n}"]);
      const compact = x(4000);
      const parts = exportParts({ pretty: x(5000), compact });
      expect(parts.map((p) => p.length)).toEqual([1900, 1900, 200]);
      expect(parts.join("")).toBe(compact);
    });
  });

  describe("sending", () => {
    it("fills in tags for the sender and posts in the channel", async () => {
      const session = await openSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        draft: { title: "Hi {user.name}", description: "Welcome to {server.name}", timestamp: true },
      });
      const sent = await sendSession(test.ctx, session, owner, {
        channel: "#general",
        content: "Hey {user.mention}",
      });
      expect(sent).toMatchObject({ channelId: channels.general, edited: false });
      const message = await test.ctx.discord.getMessage(sent.channelId, sent.messageId);
      expect(message?.embeds[0]).toMatchObject({
        title: `Hi ${owner.user.username}`,
        description: "Welcome to Ember Hollow",
      });
      expect(message?.embeds[0]?.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(message?.content).toBe(`Hey <@${owner.user.id}>`);
      const preview = (await previewMessage(test.ctx, demoGuildId, owner, session.draft)).embed;
      expect(preview.title).toBe(`Hi ${owner.user.username}`);
    });

    it("accepts a channel as a mention, an id or a name, and refuses others", async () => {
      expect((await resolveChannel(test.ctx, demoGuildId, `<#${channels.events}>`)).name).toBe("events");
      expect((await resolveChannel(test.ctx, demoGuildId, channels.memes ?? "")).name).toBe("memes");
      expect((await resolveChannel(test.ctx, demoGuildId, "Announcements")).name).toBe("announcements");
      expect((await failure(resolveChannel(test.ctx, demoGuildId, "#nowhere"))).message).toBe(
        "I can't find a channel “#nowhere” in this server.",
      );
      expect((await failure(resolveChannel(test.ctx, demoGuildId, channels.Lounge ?? ""))).message).toBe(
        "#Lounge isn't a text or announcement channel.",
      );
    });

    it("won't post where the sender can't post", async () => {
      const session = await openSession(test.ctx, {
        serverId: demoGuildId,
        userId: member.user.id,
        draft: { title: "x" },
      });
      const refused = await failure(sendSession(test.ctx, session, member, { channel: "#rules" }));
      expect(refused.message).toBe(
        `You can't post in <#${channels.rules}> yourself, so I won't post there for you.`,
      );
    });

    it("checks the limits again with the tags filled in", async () => {
      // 18 mentions are 252 characters as written, but about 380 once each is a member's mention.
      const draft = { title: "{user.mention}".repeat(18) };
      const session = await openSession(test.ctx, { serverId: demoGuildId, userId: owner.user.id, draft });
      const refused = await failure(sendSession(test.ctx, session, owner, { channel: "#general" }));
      expect(refused.message).toMatch(
        /^With the tags filled in, the embed breaks Discord's limits:\n• The title is \d{3} characters; the limit is 256\.$/,
      );
      // The preview shows the text as written when the filled-in one wouldn't fit.
      expect((await previewMessage(test.ctx, demoGuildId, owner, draft)).embed.title).toBe(draft.title);
    });

    it("edits a message Hearth posted in place, keeping its text and other embeds", async () => {
      const posted = await test.ctx.discord.sendMessage(channels.events ?? "", {
        content: "Event!",
        embeds: [{ title: "Old", color: 0x112233 }, { description: "second" }],
      });
      const session = await openEditSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        member: owner,
        channelId: channels.events ?? "",
        messageId: posted.id,
      });
      expect(session.draft).toEqual({ title: "Old", color: "#112233" });
      const changed = await changeDraft(test.ctx, session, { ...session.draft, title: "New" });
      if (!changed.ok) throw new Error("change refused");
      const result = await sendSession(test.ctx, changed.session, owner);
      expect(result).toEqual({ channelId: channels.events, messageId: posted.id, edited: true });
      const message = await test.ctx.discord.getMessage(channels.events ?? "", posted.id);
      expect(message?.content).toBe("Event!");
      expect(message?.embeds).toEqual([{ title: "New", color: 0x112233 }, { description: "second" }]);
    });

    it("an edit keeps the message within 6000 characters counting its other embeds", async () => {
      const posted = await test.ctx.discord.sendMessage(channels.events ?? "", {
        embeds: [{ title: "Old" }, { description: x(3000) }],
      });
      const session = await openEditSession(test.ctx, {
        serverId: demoGuildId,
        userId: owner.user.id,
        member: owner,
        channelId: channels.events ?? "",
        messageId: posted.id,
      });
      const changed = await changeDraft(test.ctx, session, { description: x(3001) });
      if (!changed.ok) throw new Error("a 3001-character embed is valid on its own");
      const refused = await failure(sendSession(test.ctx, changed.session, owner));
      expect(refused.message).toBe(
        "With the message's other embeds (3000 characters), it would have 6001 characters in all; Discord's limit for a message is 6000.",
      );
      const unchanged = await test.ctx.discord.getMessage(channels.events ?? "", posted.id);
      expect(unchanged?.embeds[0]).toEqual({ title: "Old" });
    });

    it("refuses to edit a message that isn't Hearth's, has no embed, or doesn't exist", async () => {
      const open = (messageId: string) =>
        failure(
          openEditSession(test.ctx, {
            serverId: demoGuildId,
            userId: owner.user.id,
            member: owner,
            channelId: channels.general ?? "",
            messageId,
          }),
        );
      const theirs = await test.sandbox.simulateMessage(channels.general ?? "", member.user.id, "mine");
      expect((await open(theirs.id)).message).toBe(
        "I can only edit messages Hearth posted; that one is someone else's.",
      );
      const plain = await test.ctx.discord.sendMessage(channels.general ?? "", { content: "no embed" });
      expect((await open(plain.id)).message).toBe("That message has no embed to edit.");
      expect((await open("123456789012345678")).message).toContain("I can't find message 123456789012345678");
      expect((await open("abc")).message).toContain("must be a message ID");
    });
  });
});
