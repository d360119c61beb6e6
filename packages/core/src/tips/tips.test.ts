import { describe, expect, it } from "vitest";
import { findCommand } from "../commands/catalogue.ts";
import { tips } from "./tips.ts";

describe("tips", () => {
  it.each(tips.map((tip) => [tip.command, tip]))(
    "%s is a catalogued command the tip names",
    (command, tip) => {
      expect(findCommand(command)?.name).toBe(command);
      expect(tip.text).toContain(`\`/${command}`);
    },
  );

  it("fit under a reply: short, one line, no mentions", () => {
    for (const tip of tips) {
      expect(tip.text.length).toBeLessThanOrEqual(120);
      expect(tip.text).not.toMatch(/[\n@]/);
    }
  });
});
