import { describe, expect, it } from "vitest";
import { validateDraft } from "./draft.ts";
import { embedStarters, findEmbedStarter } from "./starters.ts";

describe("built-in templates", () => {
  it("are all valid and have distinct keys", () => {
    for (const starter of embedStarters) expect(validateDraft(starter.draft), starter.key).toEqual([]);
    expect(new Set(embedStarters.map((s) => s.key)).size).toBe(embedStarters.length);
  });

  it("are found by key or name, in any case", () => {
    expect(findEmbedStarter("Announcement")?.key).toBe("announcement");
    expect(findEmbedStarter("server rules")?.key).toBe("rules");
    expect(findEmbedStarter("nope")).toBeUndefined();
  });
});
