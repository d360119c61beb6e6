import { describe, expect, it } from "vitest";
import { messageBody } from "../discordjs/mapping-messages.ts";
import type { OutgoingMessage } from "../port/port.ts";
import { checkNewMessage } from "./form-body.ts";
import { fitMessage, fitText } from "./message-limits.ts";

const sendable = (message: OutgoingMessage) =>
  checkNewMessage(JSON.parse(JSON.stringify(messageBody(message)))).list();

describe("fitText", () => {
  it("cuts to the limit in code points with an ellipsis, never inside a character", () => {
    expect(fitText("abcdef", 6)).toBe("abcdef");
    expect(fitText("abcdefg", 6)).toBe("abcde…");
    expect(fitText("🎉🎉🎉🎉", 3)).toBe("🎉🎉…");
  });
});

describe("fitMessage", () => {
  it("leaves a message within every limit untouched", () => {
    const message: OutgoingMessage = {
      content: "hi",
      embeds: [{ title: "t", thumbnail: { url: "https://cdn.example.com/a.png" } }],
    };
    expect(fitMessage(message)).toEqual({ message, notes: [], refusal: null });
  });

  it("leaves out a thumbnail whose rendered URL is 87,058 characters and says why", () => {
    const url = `https://cdn.example.com/${"x".repeat(87_034)}`;
    expect(url.length).toBe(87_058);
    const fitted = fitMessage({ embeds: [{ title: "Welcome", thumbnail: { url } }] });
    expect(fitted.message.embeds?.[0]).toEqual({ title: "Welcome" });
    expect(fitted.notes).toEqual([
      "The thumbnail URL is 87,058 characters long (Discord's limit is 2,048), so it was left out.",
    ]);
    expect(fitted.refusal).toBeNull();
    expect(sendable(fitted.message)).toEqual([]);
  });

  it("leaves out links and images Discord refuses: not http(s), malformed", () => {
    const fitted = fitMessage({
      embeds: [
        {
          title: "t",
          url: "javascript:alert(1)",
          image: { url: "not a link" },
          footer: { text: "f", iconUrl: "ftp://example.com/a.png" },
          author: { name: "a", url: "https://example.com", iconUrl: "https://example.com/a.png" },
        },
      ],
    });
    expect(fitted.message.embeds?.[0]).toEqual({
      title: "t",
      footer: { text: "f" },
      author: { name: "a", url: "https://example.com", iconUrl: "https://example.com/a.png" },
    });
    expect(fitted.notes).toEqual([
      "The title link is not an http:// or https:// link, so it was left out.",
      "The image URL is not a valid link, so it was left out.",
      "The footer icon URL is not an http:// or https:// link, so it was left out.",
    ]);
  });

  it("cuts every text to its limit and keeps the 6,000 total, naming each change", () => {
    const fitted = fitMessage({
      content: "c".repeat(2500),
      embeds: [
        {
          title: "t".repeat(300),
          description: "d".repeat(5000),
          footer: { text: "f".repeat(2100) },
          fields: [{ name: "", value: "v".repeat(1100) }],
        },
      ],
    });
    const embed = fitted.message.embeds?.[0];
    expect(fitted.message.content).toHaveLength(2000);
    expect(embed?.title).toHaveLength(256);
    expect(embed?.footer?.text).toHaveLength(2048);
    expect(embed?.fields?.[0]).toEqual({ name: "\u200b", value: `${"v".repeat(1023)}…` });
    expect(fitted.notes).toEqual([
      "The message text was 2,500 characters; Discord's limit is 2,000, so it was shortened.",
      "The title was 300 characters; Discord's limit is 256, so it was shortened.",
      "The description was 5,000 characters; Discord's limit is 4,096, so it was shortened.",
      "The footer was 2,100 characters; Discord's limit is 2,048, so it was shortened.",
      "Field 1's value was 1,100 characters; Discord's limit is 1,024, so it was shortened.",
      "The embeds have 7,425 characters in all; Discord's limit is 6,000, so the longest text was shortened.",
    ]);
    expect(sendable(fitted.message)).toEqual([]);
    expect(fitted.refusal).toBeNull();
  });

  it("keeps the 6,000 total across several embeds, numbering them in the notes", () => {
    const fitted = fitMessage({
      embeds: [{ description: "a".repeat(4000) }, { description: "b".repeat(4000), title: "x".repeat(300) }],
    });
    expect(fitted.notes).toEqual([
      "Embed 2: The title was 300 characters; Discord's limit is 256, so it was shortened.",
      "The embeds have 8,256 characters in all; Discord's limit is 6,000, so the longest text was shortened.",
    ]);
    expect(sendable(fitted.message)).toEqual([]);
  });

  it("refuses, with Discord's reason, what it can't fix: a broken button, an empty message", () => {
    const broken = fitMessage({
      content: "hi",
      components: [[{ type: "button", style: "primary", label: "x".repeat(81), customId: "a" }]],
    });
    expect(broken.refusal).toBe(
      "Discord would refuse this message: components.0.components.0.label: Must be 80 or fewer in length.",
    );
    expect(fitMessage({ content: "  " }).refusal).toBe(
      "The message is empty after its tags were filled in: give it some text or an embed.",
    );
  });

  it("keeps the sandbox's data-URL images when asked", () => {
    const url = "data:image/svg+xml;base64,PHN2Zy8+";
    const fitted = fitMessage({ embeds: [{ title: "t", thumbnail: { url } }] }, { allowDataImages: true });
    expect(fitted).toEqual({
      message: { embeds: [{ title: "t", thumbnail: { url } }] },
      notes: [],
      refusal: null,
    });
    expect(fitMessage({ embeds: [{ title: "t", thumbnail: { url } }] }).message.embeds?.[0]).toEqual({
      title: "t",
    });
  });
});
