import { describe, expect, it } from "vitest";
import { withPing } from "./service.ts";

describe("withPing", () => {
  const role = "123456789012345678";

  it("mentions the role first and lets only it ping", () => {
    expect(
      withPing({ content: "A raffle is open @everyone", allowedMentions: { users: ["1"] } }, role),
    ).toEqual({
      content: `<@&${role}> A raffle is open @everyone`,
      allowedMentions: { roles: [role] },
    });
    expect(withPing({ embeds: [{ title: "Lottery" }] }, role)).toEqual({
      content: `<@&${role}>`,
      embeds: [{ title: "Lottery" }],
      allowedMentions: { roles: [role] },
    });
  });

  it("keeps the content within Discord's 2,000 characters", () => {
    const message = withPing({ content: "x".repeat(2000) }, role);
    expect(message.content).toHaveLength(2000);
    expect(message.content?.endsWith("…")).toBe(true);
  });

  it("pings no one without a role, keeping mentions the message already allowed", () => {
    expect(withPing({ content: "hi" }, null)).toEqual({ content: "hi", allowedMentions: {} });
    expect(withPing({ content: "hi", allowedMentions: { users: ["1"] } }, null).allowedMentions).toEqual({
      users: ["1"],
    });
  });
});
