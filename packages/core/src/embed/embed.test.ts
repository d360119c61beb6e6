import { describe, expect, it } from "vitest";
import {
  cleanDraft,
  draftHasTags,
  draftToEmbed,
  embedToDraft,
  exportEmbedJson,
  parseEmbedJson,
  renderDraft,
  utf8Length,
  validateDraft,
  withoutTagLinks,
} from "./draft.ts";
import { type EmbedDraft, embedLength, embedLimits, validateEmbed } from "./limits.ts";
import { embedStarters, findEmbedStarter } from "./starters.ts";

const x = (n: number) => "x".repeat(n);
const field = (name = "Name", value = "Value") => ({ name, value });

describe("validateEmbed: Discord's limits, each named", () => {
  const cases: [string, EmbedDraft, string | null][] = [
    ["a title at the limit", { title: x(256) }, null],
    ["a title past the limit", { title: x(257) }, "The title is 257 characters; the limit is 256."],
    ["a description at the limit", { description: x(4096) }, null],
    [
      "a description past the limit",
      { description: x(4097) },
      "The description is 4097 characters; the limit is 4096.",
    ],
    ["25 fields", { fields: Array.from({ length: 25 }, () => field()) }, null],
    [
      "26 fields",
      { fields: Array.from({ length: 26 }, () => field()) },
      "The embed has 26 fields; the limit is 25.",
    ],
    ["a field name at 256", { fields: [field(x(256))] }, null],
    ["a field value at 1024", { fields: [field("a", x(1024))] }, null],
    [
      "a field name past 256",
      { fields: [field(x(257))] },
      "Field 1's name is 257 characters; the limit is 256.",
    ],
    [
      "a field value past 1024",
      { title: "t", fields: [field("a"), field("b", x(1025))] },
      "Field 2's value is 1025 characters; the limit is 1024.",
    ],
    ["an empty field value", { fields: [field("a", " ")] }, "Field 1 needs a value."],
    ["a footer at 2048", { footer: { text: x(2048) } }, null],
    ["an author name at 256", { author: { name: x(256) } }, null],
    [
      "a footer past 2048",
      { footer: { text: x(2049) } },
      "The footer is 2049 characters; the limit is 2048.",
    ],
    [
      "an author past 256",
      { author: { name: x(257) } },
      "The author name is 257 characters; the limit is 256.",
    ],
    [
      "exactly 6000 characters in all",
      { title: x(256), description: x(4096), footer: { text: x(1648) } },
      null,
    ],
    [
      "more than 6000 characters in all",
      { title: x(256), description: x(4096), footer: { text: x(1700) } },
      "The embed has 6052 characters in all; Discord's limit is 6000.",
    ],
    [
      "a colour without #",
      { title: "t", color: "F97316" },
      "Colours are written #RRGGBB, for example #FF8C00.",
    ],
    [
      "a three-digit colour",
      { title: "t", color: "#FFF" },
      "Colours are written #RRGGBB, for example #FF8C00.",
    ],
    ["a good colour", { title: "t", color: "#f97316" }, null],
    [
      "a link that isn't web",
      { title: "t", imageUrl: "ftp://files/x.png" },
      "The image must be a web address starting with http:// or https://.",
    ],
    [
      "an author link that isn't web",
      { title: "t", author: { name: "a", url: "example.com" } },
      "The author link must be a web address starting with http:// or https://.",
    ],
    ["a PNG image", { title: "t", imageUrl: "https://x.io/a.PNG" }, null],
    ["a JPG thumbnail", { title: "t", thumbnailUrl: "https://x.io/a.jpg?size=64" }, null],
    ["a JPEG image", { title: "t", imageUrl: "https://x.io/a.jpeg" }, null],
    ["a GIF footer icon", { footer: { text: "f", iconUrl: "https://x.io/a.gif" } }, null],
    ["a WebP author icon", { author: { name: "a", iconUrl: "https://x.io/a.webp#x" } }, null],
    ["an image link without an extension", { title: "t", imageUrl: "https://x.io/render/42" }, null],
    [
      "an SVG image",
      { title: "t", imageUrl: "https://x.io/logo.svg" },
      "The image must be a PNG, JPG, GIF or WebP image; “.svg” isn't one of those formats.",
    ],
    [
      "a BMP thumbnail",
      { title: "t", thumbnailUrl: "https://x.io/a.bmp?v=2" },
      "The thumbnail must be a PNG, JPG, GIF or WebP image; “.bmp” isn't one of those formats.",
    ],
    [
      "a video as the author icon",
      { author: { name: "a", iconUrl: "https://x.io/clip.mp4" } },
      "The author icon must be a PNG, JPG, GIF or WebP image; “.mp4” isn't one of those formats.",
    ],
    [
      "a PDF as the footer icon",
      { footer: { text: "f", iconUrl: "https://x.io/doc.pdf" } },
      "The footer icon must be a PNG, JPG, GIF or WebP image; “.pdf” isn't one of those formats.",
    ],
    ["a title link to a page (not an image)", { title: "t", url: "https://x.io/page.html" }, null],
    [
      "nothing visible",
      { color: "#F97316" },
      "The embed is empty: give it a title, a description or a field.",
    ],
  ];
  it.each(cases)("%s", (_label, draft, message) => {
    const problems = validateEmbed(draft);
    if (message === null) expect(problems).toEqual([]);
    else expect(problems.map((p) => p.message)).toContain(message);
  });

  it("counts title, description, field texts, footer and author towards the total", () => {
    expect(
      embedLength({
        title: "ab",
        description: "c",
        fields: [field("d", "ef")],
        footer: { text: "g" },
        author: { name: "h" },
      }),
    ).toBe(8);
    expect(embedLimits.total).toBe(6000);
  });
});

describe("validateDraft: tags and tag links", () => {
  it("accepts known tags and a link that is a tag giving a link", () => {
    expect(validateDraft({ title: "Hi {user.mention}", thumbnailUrl: "{user.avatar}" })).toEqual([]);
  });

  it("names an unknown tag, where it is, and the closest known one", () => {
    const problems = validateDraft({ title: "Hi", fields: [field("Welcome", "{user.mentoin}")] });
    expect(problems).toEqual([
      {
        field: "fields[0].value",
        message: "{user.mentoin} in field 1's value isn't a tag Hearth knows. Did you mean {user.mention}?",
      },
    ]);
  });

  it("refuses a link tag that gives no link", () => {
    const problems = validateDraft({ title: "Hi", imageUrl: "{server.name}" });
    expect(problems.map((p) => p.field)).toContain("imageUrl");
  });

  it("tells tags from plain text", () => {
    expect(draftHasTags({ title: "{server.name}" })).toBe(true);
    expect(draftHasTags({ title: "plain", thumbnailUrl: "{user.avatar}" })).toBe(true);
    expect(draftHasTags({ title: "plain" })).toBe(false);
  });
});

describe("conversion", () => {
  const draft: EmbedDraft = {
    title: "Title",
    description: "Body",
    url: "https://example.com",
    color: "#f97316",
    timestamp: true,
    footer: { text: "Foot", iconUrl: "https://example.com/f.png" },
    author: { name: "Me", iconUrl: "https://example.com/a.png", url: "https://example.com/me" },
    thumbnailUrl: "https://example.com/t.png",
    imageUrl: "https://example.com/i.png",
    fields: [{ name: "A", value: "1", inline: true }, field("B", "2")],
  };

  it("makes Discord's shape and reads it back", () => {
    const embed = draftToEmbed(draft, Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(embed).toEqual({
      title: "Title",
      description: "Body",
      url: "https://example.com",
      color: 0xf97316,
      timestamp: "2025-01-02T03:04:05.000Z",
      footer: { text: "Foot", iconUrl: "https://example.com/f.png" },
      author: { name: "Me", iconUrl: "https://example.com/a.png", url: "https://example.com/me" },
      thumbnail: { url: "https://example.com/t.png" },
      image: { url: "https://example.com/i.png" },
      fields: [{ name: "A", value: "1", inline: true }, field("B", "2")],
    });
    expect(embedToDraft(embed)).toEqual({ ...draft, color: "#F97316" });
  });

  it("drops empty parts", () => {
    expect(
      cleanDraft({
        title: " ",
        description: "d",
        footer: { text: "" },
        author: { name: "", url: "x" },
        fields: [],
      }),
    ).toEqual({ description: "d" });
  });

  it("renders tags in texts and links, and drops links that come out empty", () => {
    const rendered = renderDraft({ title: "Hi {a}", thumbnailUrl: "{b}", description: "no tags" }, (text) =>
      text.replace("{a}", "Ann").replace("{b}", ""),
    );
    expect(rendered).toEqual({ title: "Hi Ann", description: "no tags" });
    const notALink = renderDraft({ title: "t", imageUrl: "{icon}", thumbnailUrl: "{avatar}" }, (text) =>
      text.replace("{icon}", "data:image/png;base64,AAAA").replace("{avatar}", "https://cdn.example/a.png"),
    );
    expect(notALink).toEqual({ title: "t", thumbnailUrl: "https://cdn.example/a.png" });
    expect(withoutTagLinks({ title: "t", imageUrl: "{server.icon}", url: "https://x.io" })).toEqual({
      title: "t",
      url: "https://x.io",
    });
  });

  it("counts UTF-8 bytes as a file would", () => {
    expect(utf8Length("abc")).toBe(3);
    expect(utf8Length("é")).toBe(2);
    expect(utf8Length("€")).toBe(3);
    expect(utf8Length("🔥")).toBe(4);
  });
});

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
});

describe("built-in templates", () => {
  it("are all valid and have distinct keys", () => {
    for (const starter of embedStarters) expect(validateDraft(starter.draft), starter.key).toEqual([]);
    expect(new Set(embedStarters.map((s) => s.key)).size).toBe(embedStarters.length);
  });

  it("are found by key or name, in any case", () => {
    expect(findEmbedStarter("Announcement")?.key).toBe("announcement");
    expect(findEmbedStarter("server rules")?.key).toBe("rules");
    expect(findEmbedStarter("nope")).toBeUndefined();
  });
});
