import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComponentsFixture, openComponentsFixture } from "../../../test/fixtures/message-components.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { addAction } from "./actions.ts";
import { applyEditorForm } from "./editor.ts";
import {
  answerEmbeds,
  formatLengthRange,
  formModal,
  parseLengthRange,
  readAnswers,
  validateField,
} from "./forms.ts";
import { defaultDefinition } from "./model.ts";
import { runActions } from "./run.ts";
import type { StoredComponent } from "./store.ts";

let f: ComponentsFixture;
const formStub: StoredComponent = {
  id: 1,
  componentId: "abc123",
  serverId: "1",
  name: "apply",
  type: "form",
  definition: defaultDefinition("form", "apply"),
  postChannelId: null,
  createdBy: "1",
  createdAt: 0,
  updatedAt: 0,
};

beforeAll(async () => {
  f = await openComponentsFixture();
});
afterAll(async () => {
  await f.test.cleanup();
});

describe("form fields", () => {
  it("form fields: 5 at most, 45-character labels, lengths 0–4000 with min ≤ max", () => {
    const first = validateField({ label: "Why?", style: "paragraph", required: "no", length: "-500" }, []);
    expect(first).toMatchObject({ id: "f1", style: "paragraph", required: false, maxLength: 500 });
    const five = [first, ...Array.from({ length: 4 }, (_, i) => ({ ...first, id: `f${i + 2}` }))];
    expect(() => validateField({ label: "Sixth" }, five)).toThrow("at most 5 fields");
    expect(validateField({ label: "Next" }, [first]).id).toBe("f2");
    expect(() => validateField({ label: "x".repeat(46) }, [])).toThrow("the limit is 45");
    expect(() => validateField({ label: "a", style: "long" }, [])).toThrow('"short"');
    expect(() => validateField({ label: "a", length: "10-5" }, [])).toThrow("can't be more");
    expect(() => validateField({ label: "a", length: "-5000" }, [])).toThrow("0 to 4000");
    expect(() => validateField({ label: "a", required: "maybe" }, [])).toThrow("yes or no");
  });

  it.each<[string, number | null, number | null]>([
    ["", null, null],
    ["2-40", 2, 40],
    ["2 – 40", 2, 40],
    ["10-", 10, null],
    ["-300", null, 300],
    ["300", null, 300],
    ["0-1", 0, 1],
  ])("the length %j reads as min %j, max %j", (text, minLength, maxLength) => {
    expect(parseLengthRange(text)).toEqual({ minLength, maxLength });
    const shown = formatLengthRange({ minLength, maxLength });
    expect(parseLengthRange(shown)).toEqual({ minLength, maxLength });
  });

  it.each([
    ["ten", "isn't a length: write min-max"],
    ["2-40-60", "isn't a length"],
    ["-0", "at least 1"],
    ["4001", "0 to 4000"],
    ["50-10", "can't be more"],
  ])("the length %j is refused (%s)", (text, message) => {
    expect(() => parseLengthRange(text)).toThrow(message);
  });

  it("a placeholder is up to Discord's 100 characters, and reaches the form members see", () => {
    const field = validateField({ label: "Name", placeholder: "  First name is fine " }, []);
    expect(field.placeholder).toBe("First name is fine");
    expect(validateField({ label: "Name", placeholder: " " }, []).placeholder).toBeNull();
    expect(validateField({ label: "Name", placeholder: "x".repeat(100) }, []).placeholder).toHaveLength(100);
    expect(() => validateField({ label: "Name", placeholder: "x".repeat(101) }, [])).toThrow(
      "The field placeholder is 101 characters; Discord's limit is 100.",
    );
    const bare = validateField({ label: "Bare" }, [field]);
    const form = { ...formStub, definition: { ...formStub.definition, fields: [field, bare] } };
    expect(formModal(form).fields).toEqual([
      { customId: "f1", label: "Name", style: "short", required: true, placeholder: "First name is fine" },
      { customId: "f2", label: "Bare", style: "short", required: true },
    ]);
  });
});

describe("answers", () => {
  it("form answers are checked and posted as embeds within Discord's limits", async () => {
    let form = await f.create("form");
    form = await applyEditorForm(f.test.ctx, form, "look", {
      label: "Apply",
      style: "success",
      title: "Staff application",
    }).then((r) => r.component);
    form = await applyEditorForm(f.test.ctx, form, "field", {
      label: "Age",
      length: "2-3",
    }).then((r) => r.component);
    form = await applyEditorForm(f.test.ctx, form, "field", { label: "Why you?", style: "paragraph" }).then(
      (r) => r.component,
    );
    form = await addAction(f.test.ctx, form, f.owner, {
      kind: "post_answers",
      channel: f.channel("staff-chat"),
    });
    expect(() => readAnswers(form, { f1: "1", f2: "x" })).toThrow("at least 2");
    expect(() => readAnswers(form, { f1: "21" })).toThrow('"Why you?" is required');
    expect(() => readAnswers(form, { f1: "2100", f2: "x" })).toThrow("at most 3");
    const answers = readAnswers(form, { f1: "21", f2: "I like helping" });
    const outcome = await runActions(f.test.ctx, form.definition.actions, {
      serverId: demoGuildId,
      channelId: f.channel("general"),
      member: await f.member(),
      form: { component: form, answers },
    });
    expect(outcome.lines).toEqual([`✅ Sent your answers to <#${f.channel("staff-chat")}>.`]);
    const posted = await f.test.ctx.storage.db
      .selectFrom("sandbox_messages")
      .select("payload")
      .where("channel_id", "=", f.channel("staff-chat"))
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const embed = JSON.parse(posted.payload ?? "{}").embeds[0];
    expect(embed.title).toBe("📝 Staff application");
    expect(embed.description).toBe(`Submitted by <@${f.memberId}>`);
    expect(embed.fields).toEqual([
      { name: "Age", value: "21" },
      { name: "Why you?", value: "I like helping" },
    ]);
    const long = answerEmbeds(
      form,
      await f.member(),
      Array.from({ length: 5 }, (_, i) => ({ label: `Q${i}`, value: "y".repeat(4000) })),
      Date.now(),
    );
    for (const part of long) {
      expect(part.fields?.length).toBeLessThanOrEqual(25);
      for (const field of part.fields ?? []) expect(field.value.length).toBeLessThanOrEqual(1024);
      const size = (part.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
      expect(size).toBeLessThanOrEqual(6000);
    }
    const total = long.flatMap((part) => part.fields ?? []).reduce((n, f) => n + f.value.length, 0);
    expect(total).toBe(20_000);
  });
});
