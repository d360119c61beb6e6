import { renderVoteMessage } from "@hearth/core";
import { describe, expect, it } from "vitest";
import {
  maxRenderedLength,
  renderVoteDesign,
  sampleVoteValues,
  type VoteDesign,
  voteDesignProblems,
} from "./vote-design.ts";
import { parseVoteAnswer } from "./vote-purpose.ts";

describe("vote design validation", () => {
  const valid: VoteDesign = {
    content: "{USER_MENTION} voted!",
    title: "Thanks {USER_NAME}",
    description: "{TOTAL_VOTES} votes on {PLATFORM}, {VOTE_TIMESTAMP}",
    color: "#F97316",
    footer: "{SERVER_NAME}",
  };

  it("accepts the vote tags and names unknown ones with a suggestion", () => {
    expect(voteDesignProblems(valid)).toEqual([]);
    const problems = voteDesignProblems({ ...valid, title: "Hi {user_name} {FAVOURITE}" });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("did you mean {USER_NAME}?");
    expect(problems[1]).toContain("{FAVOURITE} isn't a vote tag");
  });

  it("checks Discord's limits with every tag at its longest", () => {
    // 240 characters of text plus {SERVER_NAME} (up to 100 characters) can pass 256.
    const title = `${"x".repeat(240)}{SERVER_NAME}`;
    expect(maxRenderedLength(title)).toBe(340);
    expect(voteDesignProblems({ ...valid, title }).join()).toMatch(/title: Discord allows 256 characters/);
    expect(voteDesignProblems({ ...valid, content: "x".repeat(2001) }).join()).toMatch(/content: .*2000/);
    expect(voteDesignProblems({ ...valid, color: "orange" }).join()).toMatch(/#RRGGBB/);
    expect(voteDesignProblems({ ...valid, content: "", title: "", description: " " }).join()).toMatch(
      /needs some text/,
    );
  });

  it("repairs harmless AI answers and refuses the rest", () => {
    expect(parseVoteAnswer(JSON.stringify({ ...valid, color: "fa0" }))?.color).toBe("#FFAA00");
    expect(parseVoteAnswer(`\`\`\`json\n${JSON.stringify({ ...valid, color: "f97316" })}\n\`\`\``)).toEqual(
      valid,
    );
    expect(parseVoteAnswer("Sure! Here it is")).toBeNull();
    expect(parseVoteAnswer(JSON.stringify({ ...valid, description: "{STREAK}" }))).toBeNull();
    expect(parseVoteAnswer(JSON.stringify({ ...valid, color: "orange-ish" }))).toBeNull();
  });

  it("renders the tags exactly as the notification does", () => {
    const values = sampleVoteValues({
      userId: "42",
      userName: "Morgan",
      serverName: "Ember Hollow",
      at: 1_000_000,
    });
    const message = renderVoteDesign(valid, values);
    expect(message.content).toBe(renderVoteMessage(valid.content, values));
    expect(message.embeds?.[0]).toMatchObject({
      title: "Thanks Morgan",
      color: 0xf97316,
      footer: { text: "Ember Hollow" },
    });
  });
});
