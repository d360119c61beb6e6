import { describe, expect, it } from "vitest";
import { cleanDraft, renderDraft, validateDraft } from "./draft.ts";
import { exportEmbedJson, parseEmbedJson } from "./json.ts";
import {
  type EmbedDraft,
  isButtonEmoji,
  type LinkButtonDraft,
  linkButtonLimits,
  validateEmbed,
  validateLinkButtons,
} from "./limits.ts";

const x = (n: number) => "x".repeat(n);
const link = (label = "Website", url = "https://example.com", emoji?: string): LinkButtonDraft => ({
  label,
  url,
  ...(emoji === undefined ? {} : { emoji }),
});
const messages = (buttons: LinkButtonDraft[]) => validateLinkButtons(buttons).map((p) => p.message);

describe("validateLinkButtons: Discord's limits, each named", () => {
  const cases: [string, LinkButtonDraft[], string | null][] = [
    ["five buttons", Array.from({ length: 5 }, () => link()), null],
    [
      "six buttons",
      Array.from({ length: 6 }, () => link()),
      "The message has 6 link buttons; the limit is 5 (one row of Discord buttons).",
    ],
    ["a label at 80", [link(x(80))], null],
    ["a label past 80", [link(x(81))], "Link button 1's label is 81 characters; the limit is 80."],
    ["an empty label", [link("  ")], "Link button 1 needs a label."],
    ["a link at 512", [link("a", `https://e.com/${x(512 - 14)}`)], null],
    [
      "a link past 512",
      [link("a"), link("b", `https://e.com/${x(512 - 13)}`)],
      "Link button 2's link is 513 characters; the limit is 512.",
    ],
    [
      "a link that isn't a web address",
      [link("a", "example.com")],
      "Link button 1's link must be a web address starting with http:// or https://.",
    ],
    [
      "another scheme",
      [link("a", "ftp://example.com")],
      "Link button 1's link must be a web address starting with http:// or https://.",
    ],
    [
      "an empty link",
      [link("a", "")],
      "Link button 1's link must be a web address starting with http:// or https://.",
    ],
    ["an http link", [link("a", "http://example.com/a?b=c#d")], null],
    ["a unicode emoji", [link("a", "https://e.com", "🎉")], null],
    ["a custom emoji", [link("a", "https://e.com", "<a:party:123456789012345678>")], null],
    [
      "a word for an emoji",
      [link("a", "https://e.com", "party")],
      "Link button 1's emoji must be one emoji (🎉) or a custom emoji written <:name:id>; “party” isn't one.",
    ],
  ];
  it.each(cases)("%s", (_name, buttons, expected) => {
    const found = messages(buttons);
    if (expected === null) expect(found).toEqual([]);
    else expect(found).toContain(expected);
  });

  it("the limits are Discord's", () => {
    expect(linkButtonLimits).toEqual({ perMessage: 5, label: 80, url: 512 });
  });

  it("recognises one emoji, not two, and not text", () => {
    for (const emoji of ["🎉", "❤️", "👍🏽", "👨‍👩‍👧", "🇫🇷", "1️⃣", "<:hearth:123456789012345678>"]) {
      expect(isButtonEmoji(emoji), emoji).toBe(true);
    }
    for (const text of ["🎉🎉", "a", "1", ":smile:", "<:x:1>", "🇫", ""]) {
      expect(isButtonEmoji(text), text).toBe(false);
    }
  });

  it("validateEmbed checks the draft's buttons with the rest", () => {
    const problems = validateEmbed({ title: "t", buttons: [link(x(81))] });
    expect(problems).toEqual([
      { field: "buttons[0].label", message: "Link button 1's label is 81 characters; the limit is 80." },
    ]);
    // Buttons alone don't make a message: the embed still needs something to show.
    expect(validateEmbed({ buttons: [link()] }).map((p) => p.message)).toContain(
      "The embed is empty: give it a title, a description or a field.",
    );
  });
});

describe("link buttons in drafts", () => {
  it("cleanDraft trims them and drops an empty emoji, keeping empty labels and links for the checks", () => {
    expect(
      cleanDraft({ title: "t", buttons: [{ label: " Docs ", url: " https://d.io ", emoji: " " }] }).buttons,
    ).toEqual([{ label: "Docs", url: "https://d.io" }]);
    expect(cleanDraft({ title: "t", buttons: [{ label: "", url: "" }] }).buttons).toEqual([
      { label: "", url: "" },
    ]);
    expect(cleanDraft({ title: "t", buttons: [] })).toEqual({ title: "t" });
  });

  it("labels and links may use tags; unknown tags are named with the button", () => {
    const good: EmbedDraft = {
      title: "t",
      buttons: [{ label: "Join {server.name}", url: "{user.avatar}" }],
    };
    expect(validateDraft(good)).toEqual([]);
    const bad = validateDraft({ title: "t", buttons: [{ label: "{server.nmae}", url: "https://a.io" }] });
    expect(bad.map((p) => p.message)).toEqual([
      "{server.nmae} in link button 1's label isn't a tag Hearth knows. Did you mean {server.name}?",
    ]);
  });

  it("renderDraft fills in labels and links; a link tag that gives nothing leaves the link empty", () => {
    const rendered = renderDraft(
      { title: "t", buttons: [{ label: "Join {server.name}", url: "{server.icon}" }] },
      (text) => text.replace("{server.name}", "Ember Hollow").replace("{server.icon}", ""),
    );
    expect(rendered.buttons).toEqual([{ label: "Join Ember Hollow", url: "" }]);
    expect(validateEmbed(rendered).map((p) => p.message)).toEqual([
      "Link button 1's link must be a web address starting with http:// or https://.",
    ]);
  });
});

describe("link buttons in JSON import and export", () => {
  const draft: EmbedDraft = {
    title: "Patch notes",
    buttons: [
      { label: "Read more", url: "https://example.com/patch", emoji: "📖" },
      { label: "Support", url: "https://example.com/help" },
    ],
  };

  it("exports them in the embed's buttons list and imports them back", () => {
    const json = exportEmbedJson(draft, { name: "Patch" });
    expect(JSON.parse(json)).toEqual({ version: 1, name: "Patch", embed: draft });
    expect(parseEmbedJson(json)).toEqual({ ok: true, draft, name: "Patch", notes: [] });
  });

  it("still imports an older export without buttons", () => {
    expect(parseEmbedJson('{"version":1,"embed":{"title":"Old"}}')).toEqual({
      ok: true,
      draft: { title: "Old" },
      name: null,
      notes: [],
    });
  });

  it("imports the link buttons of a Discord message's components, leaving out the rest with a note", () => {
    const message = {
      embeds: [{ title: "From Discord" }],
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 5, label: "Site", url: "https://example.com" },
            { type: 2, style: 1, label: "Click", custom_id: "x" },
            {
              type: 2,
              style: 5,
              label: "Party",
              url: "https://example.com/p",
              emoji: { id: "123456789012345678", name: "party", animated: true },
            },
          ],
        },
        {
          type: 1,
          components: [{ type: 2, style: 5, label: "Unicode", url: "https://u.io", emoji: { name: "🎉" } }],
        },
        { type: 1, components: [{ type: 3, custom_id: "menu", options: [] }] },
      ],
    };
    const result = parseEmbedJson(JSON.stringify(message));
    expect(result).toEqual({
      ok: true,
      draft: {
        title: "From Discord",
        buttons: [
          { label: "Site", url: "https://example.com" },
          { label: "Party", url: "https://example.com/p", emoji: "<a:party:123456789012345678>" },
          { label: "Unicode", url: "https://u.io", emoji: "🎉" },
        ],
      },
      name: null,
      notes: ["Left out 2 components that aren't link buttons: the builder makes link buttons only."],
    });
  });

  it("names wrong types and broken limits in imported buttons", () => {
    const wrongType = parseEmbedJson('{"embed":{"title":"t","buttons":[{"label":5,"url":"https://a.io"}]}}');
    expect(wrongType).toEqual({
      ok: false,
      problems: [{ field: "embed.buttons[0].label", message: "embed.buttons[0].label must be text." }],
    });
    const badRow = parseEmbedJson(
      '{"embeds":[{"title":"t"}],"components":[{"type":1,"components":[{"type":"2"}]}]}',
    );
    expect(badRow).toMatchObject({
      ok: false,
      problems: [{ field: "components[0].components[0].type" }],
    });
    const six = Array.from({ length: 6 }, (_, i) => ({
      type: 2,
      style: 5,
      label: `L${i}`,
      url: "https://a.io",
    }));
    const tooMany = parseEmbedJson(
      JSON.stringify({ embeds: [{ title: "t" }], components: [{ type: 1, components: six }] }),
    );
    expect(tooMany).toEqual({
      ok: false,
      problems: [
        {
          field: "buttons",
          message: "The message has 6 link buttons; the limit is 5 (one row of Discord buttons).",
        },
      ],
    });
  });
});
