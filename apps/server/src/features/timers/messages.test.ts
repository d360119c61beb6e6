import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countdownMessage, endAnnouncement, mentionsIn, truncate } from "./messages.ts";

describe("timer messages", () => {
  it("shows the end as a live relative timestamp and as a date", () => {
    const endsAt = Date.UTC(2026, 0, 1, 20, 0, 0, 750);
    const embed = countdownMessage("Heist starts", endsAt).embeds?.[0];
    expect(embed?.description).toBe("Heist starts\n\nEnds <t:1767297600:R> (<t:1767297600:f>)");
    expect(embed?.timestamp).toBe("2026-01-01T20:00:00.750Z");
  });

  it("lets only the users and roles written in the text ping, never everyone", () => {
    expect(
      mentionsIn("<@&111111111111111111> go <@222222222222222222> <@!333333333333333333> @everyone"),
    ).toEqual({
      users: ["222222222222222222", "333333333333333333"],
      roles: ["111111111111111111"],
    });
    const message = endAnnouncement({
      serverId: "1",
      channelId: "2",
      messageId: "3",
      message: "@here <@&111111111111111111>",
    });
    expect(message.allowedMentions).toEqual({ users: [], roles: ["111111111111111111"], everyone: false });
  });

  it("keeps the announcement within Discord's 2000 characters, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 2000 }), (text) => {
        const content =
          endAnnouncement({ serverId: "1", channelId: "2", messageId: "3", message: text }).content ?? "";
        expect(content.length).toBeLessThanOrEqual(2000);
        expect(content.startsWith("⏰ Timer ended: ")).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it("truncates with an ellipsis and never splits a surrogate pair", () => {
    expect(truncate("short", 10)).toBe("short");
    expect(truncate("abcdefghij", 5)).toBe("abcd…");
    expect(truncate("abc😀def", 5)).toBe("abc…");
  });
});
