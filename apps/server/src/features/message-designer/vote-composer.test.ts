import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instruction, server, serverArb } from "../../../test/fixtures/message-designer.ts";
import { composeVoteOffline } from "./vote-composer.ts";
import { renderVoteDesign, sampleVoteValues, voteDesignProblems } from "./vote-design.ts";

describe("the offline vote composer", () => {
  it("always gives a valid design, whatever the instructions, server and attempt", () => {
    fc.assert(
      fc.property(instruction, serverArb, fc.nat(20), (text, ctx, attempt) => {
        const composed = composeVoteOffline(text, ctx, attempt);
        expect(voteDesignProblems(composed)).toEqual([]);
        // Deterministic: the same input gives the same design.
        expect(composeVoteOffline(text, ctx, attempt)).toEqual(composed);
      }),
      { numRuns: 400 },
    );
  });

  it("reads tone, colour, pings, emojis, quotes and topics from the instructions", () => {
    const hype = composeVoteOffline("Make it hype and fun! purple please", server);
    expect(hype.color).toBe("#9B59B6");
    expect(hype.title).toContain("🎉");
    expect(hype.content).toContain("{USER_MENTION}");
    expect(hype.description).toContain("<:ember:111111111111111111>");

    const formal = composeVoteOffline("Formal and professional, colour #12ab9F, don't ping them", server);
    expect(formal.color).toBe("#12AB9F");
    expect(`${formal.content}${formal.description}`).not.toContain("{USER_MENTION}");
    expect(formal.content).toContain("{USER_NAME}");

    const topics = composeVoteOffline(
      'Thank them, say "You rock!", mention the reward role, the leaderboard, remind them to vote again, use our emojis, point to <#444444444444444444>',
      server,
    );
    expect(topics.description).toContain("You rock!");
    expect(topics.description).toContain("reward role");
    expect(topics.description).toContain("/votetracker leaderboard");
    expect(topics.description).toContain("12 hours");
    expect(topics.description).toContain("<#444444444444444444>");
    // "use our emojis": three of the server's emojis.
    for (const emoji of server.emojis) expect(topics.description).toContain(emoji);

    const none = composeVoteOffline("no emoji, calm", server);
    expect(none.description).not.toContain("<:");
    expect(none.color).toBe("#2F3136");
  });

  it("gives another wording on Try again, and uses the server's name through {SERVER_NAME}", () => {
    const first = composeVoteOffline("thanks", server, 0);
    const second = composeVoteOffline("thanks", server, 1);
    expect(second).not.toEqual(first);
    const rendered = renderVoteDesign(
      first,
      sampleVoteValues({ userId: "1", userName: "Morgan", serverName: "Ember Hollow", at: 0 }),
    );
    expect(JSON.stringify(rendered)).toContain("Ember Hollow");
  });
});
