import { describe, expect, it } from "vitest";
import { emojiKey, parseEmoji } from "./port.ts";

describe("parseEmoji", () => {
  it.each([
    ["⭐", "⭐"],
    [" 🔥 ", "🔥"],
    ["👍🏽", "👍🏽"],
    ["👨‍👩‍👧", "👨‍👩‍👧"],
    ["🇫🇷", "🇫🇷"],
    ["#️⃣", "#️⃣"],
    ["<:blob:123456789012345678>", "blob:123456789012345678"],
    ["<a:party:123456789012345678>", "party:123456789012345678"],
    ["blob:123456789012345678", "blob:123456789012345678"],
  ])("reads %s as one emoji", (text, key) => {
    const emoji = parseEmoji(text);
    expect(emoji).not.toBeNull();
    expect(emojiKey(emoji as NonNullable<typeof emoji>)).toBe(key);
  });

  it("marks animated custom emojis", () => {
    expect(parseEmoji("<a:party:123456789012345678>")?.animated).toBe(true);
  });

  it.each(["", "abc", "🔥abc", "abc🔥", "🔥⭐", "🔥 ⭐", "#", "1", "<:blob:12>", ":star:", "@everyone"])(
    "refuses %j, which Discord wouldn't take as a reaction",
    (text) => {
      expect(parseEmoji(text)).toBeNull();
    },
  );
});
