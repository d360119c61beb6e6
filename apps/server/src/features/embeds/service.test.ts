import type { EmbedDraft } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, openEmbedsFixture, x } from "../../../test/fixtures/embeds.ts";
import { demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import type { MemberInfo } from "../../discord/port/port.ts";
import { changeDraft, openSession, requireSession, sessionSweepJob } from "./service.ts";
import { findSession } from "./store.ts";

describe.each(dialects)("embed builder service (%s)", (dialect) => {
  let test: TestContext;
  let owner: MemberInfo;
  let member: MemberInfo;

  beforeAll(async () => {
    ({ test, owner, member } = await openEmbedsFixture(dialect));
  });
  afterAll(async () => {
    await test.cleanup();
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
});
