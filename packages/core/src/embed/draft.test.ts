import { describe, expect, it } from "vitest";
import {
  cleanDraft,
  draftHasTags,
  draftToEmbed,
  embedToDraft,
  renderDraft,
  validateDraft,
  withoutTagLinks,
} from "./draft.ts";
import type { EmbedDraft } from "./limits.ts";

const field = (name = "Name", value = "Value") => ({ name, value });

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
});
