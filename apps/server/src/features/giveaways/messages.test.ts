import { describe, expect, it } from "vitest";
import { testConfig } from "../../config.ts";
import {
  endedMessage,
  type GiveawayView,
  giveawayDetailUrl,
  winnerList,
  winnersAnnouncement,
} from "./messages.ts";

const view: GiveawayView = {
  prize: "P".repeat(256),
  description: "D".repeat(1000),
  winnerCount: 50,
  hostId: "10000000000000000000",
  donorId: "10000000000000000001",
  endTime: Date.UTC(2025, 0, 1),
  minAccountAge: 0,
  minMemberAge: 0,
  minInvites: 0,
  requiredRoles: [],
};
const ids = (count: number) =>
  Array.from({ length: count }, (_, i) => `${90000000000000000000n + BigInt(i)}`);
const url = giveawayDetailUrl(testConfig({ publicUrl: "https://hearth.example/" }), "1", "2");

describe("the website's detail link", () => {
  it("is the public URL's giveaway page, or the local site when none is set", () => {
    expect(url).toBe("https://hearth.example/giveaways/1/2");
    expect(giveawayDetailUrl(testConfig({ port: 3100 }), "1", "2")).toBe(
      "http://localhost:3100/giveaways/1/2",
    );
  });
});

describe("winners beyond one message", () => {
  it("lists every winner when they fit", () => {
    expect(winnerList(ids(3), 1600, url)).toEqual({
      text: ids(3)
        .map((id) => `<@${id}>`)
        .join(", "),
      shown: ids(3),
    });
  });

  it("the ended giveaway stays within Discord's embed limit after many rerolls, linking the rest", () => {
    const winners = ids(400);
    const message = endedMessage(view, winners, view.endTime, url);
    const description = message.embeds?.[0]?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(4096);
    // The host and the donor are mentioned too.
    const shownWinners = (description.match(/<@\d+>/g) ?? []).length - 2;
    expect(shownWinners).toBeGreaterThan(50);
    expect(description).toContain(`[and ${400 - shownWinners} more](${url})`);
  });

  it("an announcement of 50 winners fits one message and pings them all", () => {
    const message = winnersAnnouncement(view, ids(50), "end", url);
    expect(message.content?.length).toBeLessThanOrEqual(2000);
    expect(message.allowedMentions?.users).toEqual(ids(50));
    expect(message.content).not.toContain("more");
  });

  it("a longer announcement names those that fit, pings only them, and links the page for the rest", () => {
    const message = winnersAnnouncement(view, ids(120), "reroll", url);
    const content = message.content ?? "";
    expect(content.length).toBeLessThanOrEqual(2000);
    const shown = message.allowedMentions?.users ?? [];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(120);
    expect(content).toContain(`[and ${120 - shown.length} more](${url})`);
    expect(content.match(/<@\d+>/g)).toEqual(shown.map((id) => `<@${id}>`));
  });
});
