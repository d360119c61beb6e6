import { describe, expect, it } from "vitest";
import { type EmbedDraft, embedLength, embedLimits, validateEmbed } from "./limits.ts";

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
