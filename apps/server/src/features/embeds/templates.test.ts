import type { EmbedDraft } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, openEmbedsFixture, x } from "../../../test/fixtures/embeds.ts";
import { demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { embedBuilderLimits } from "./service.ts";
import { deleteTemplate, listTemplates, resolveTemplate, saveTemplate } from "./templates.ts";

describe.each(dialects)("embed builder service (%s)", (dialect) => {
  let test: TestContext;

  beforeAll(async () => {
    ({ test } = await openEmbedsFixture(dialect));
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
      expect(full.message).toBe(
        "This server has reached its cap of 50 embed templates; delete one with /embed templates first.",
      );
      expect(full.statusCode).toBe(409);
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
});
