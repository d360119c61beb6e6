import { describe, expect, it } from "vitest";
import { exportEmbedJson, parseEmbedJson, utf8Length } from "./json.ts";
import { type EmbedDraft, embedLimits } from "./limits.ts";

const x = (n: number) => "x".repeat(n);

describe("JSON import and export", () => {
  const cases: [string, string, { field: string; message: RegExp } | EmbedDraft][] = [
    [
      "Hearth's file",
      '{"version":1,"name":"News","embed":{"title":"Hi","color":"#00ff00"}}',
      { title: "Hi", color: "#00FF00" },
    ],
    ["a bare embed", '{"description":"Body"}', { description: "Body" }],
    [
      "Discord's spelling",
      '{"embeds":[{"title":"T","color":16746496,"footer":{"text":"F","icon_url":"https://x.io/f.png"},"thumbnail":{"url":"https://x.io/t.png"},"timestamp":"2025-01-01T00:00:00Z","type":"rich"}]}',
      {
        title: "T",
        color: "#FF8800",
        footer: { text: "F", iconUrl: "https://x.io/f.png" },
        thumbnailUrl: "https://x.io/t.png",
        timestamp: true,
      },
    ],
    ["nulls as missing", '{"title":"T","url":null,"footer":null}', { title: "T" }],
    ["not JSON", "{title:", { field: "file", message: /^That isn't valid JSON/ }],
    ["a list", "[1]", { field: "file", message: /not a list/ }],
    [
      "a wrong type",
      '{"title":"T","fields":[{"name":"a","value":5}]}',
      { field: "fields[0].value", message: /must be text/ },
    ],
    [
      "a wrong type inside embed",
      '{"embed":{"title":7}}',
      { field: "embed.title", message: /embed.title must be text/ },
    ],
    ["a bad colour number", '{"title":"T","color":-1}', { field: "color", message: /#RRGGBB/ }],
    ["an empty embeds list", '{"embeds":[]}', { field: "embeds", message: /at least one/ }],
    [
      "an over-limit title",
      `{"title":"${x(300)}"}`,
      { field: "title", message: /300 characters; the limit is 256/ },
    ],
    [
      "an unknown tag",
      '{"title":"{server.nmae}"}',
      { field: "title", message: /Did you mean \{server.name\}/ },
    ],
  ];
  it.each(cases)("%s", (_label, text, expected) => {
    const result = parseEmbedJson(text);
    if ("field" in expected && "message" in expected && expected.message instanceof RegExp) {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const problem = result.problems.find((p) => p.field === expected.field);
      expect(problem?.message).toMatch(expected.message);
    } else {
      expect(result).toMatchObject({ ok: true, draft: expected });
    }
  });

  it("notes when a message has more than one embed", () => {
    const result = parseEmbedJson('{"embeds":[{"title":"a"},{"title":"b"}]}');
    expect(result).toMatchObject({
      ok: true,
      draft: { title: "a" },
      notes: ["The file has 2 embeds; the builder opened the first."],
    });
  });

  it("refuses more than 1 MB", () => {
    const big = JSON.stringify({ title: "T", padding: x(embedLimits.importBytes) });
    const result = parseEmbedJson(big);
    expect(result).toMatchObject({ ok: false, problems: [{ field: "file" }] });
    if (!result.ok)
      expect(result.problems[0]?.message).toMatch(/the import limit is 1 MB \(1,048,576 bytes\)/);
  });

  it("round-trips through an export", () => {
    const draft: EmbedDraft = {
      title: "T",
      fields: [{ name: "a", value: "b", inline: true }],
      color: "#123ABC",
    };
    const text = exportEmbedJson(draft, { name: "Mine" });
    expect(JSON.parse(text)).toEqual({ version: 1, name: "Mine", embed: draft });
    expect(parseEmbedJson(text)).toMatchObject({ ok: true, draft, name: "Mine" });
  });

  it("counts UTF-8 bytes as a file would", () => {
    expect(utf8Length("abc")).toBe(3);
    expect(utf8Length("é")).toBe(2);
    expect(utf8Length("€")).toBe(3);
    expect(utf8Length("🔥")).toBe(4);
  });
});
