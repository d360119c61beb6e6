import { commandCatalogue, findCommand } from "@hearth/core/commands";
import { describe, expect, it } from "vitest";
import { accessText, filterCommands } from "./filter";

const names = (query: string, category: Parameters<typeof filterCommands>[2] = "All") =>
  filterCommands(commandCatalogue, query, category).map((entry) => entry.name);

describe("filterCommands", () => {
  it("returns everything for an empty query and All", () => {
    expect(names("")).toHaveLength(commandCatalogue.length);
    expect(names("   ")).toHaveLength(commandCatalogue.length);
  });

  it("matches the name case-insensitively, with or without the slash", () => {
    expect(names("GRINDER ADD")).toEqual(["grinder add"]);
    expect(names("/grinder add")).toEqual(["grinder add"]);
  });

  it("matches the description", () => {
    expect(names("sticky")).toContain("sticky set");
    expect(names("bottom of a channel")).toEqual(["sticky set"]);
  });

  it("limits to one category, alone or with a query", () => {
    const moderation = names("", "Moderation");
    expect(moderation.length).toBeGreaterThan(0);
    expect(moderation.every((name) => findCommand(name)?.category === "Moderation")).toBe(true);
    expect(names("ban", "Moderation")).toEqual(["mod ban", "mod unban"]);
    expect(names("ban", "Utility Tools")).toEqual(["dev ban", "dev unban"]);
  });

  it("finds nothing for an unknown word", () => {
    expect(names("zzzz-no-such-command")).toEqual([]);
  });
});

describe("accessText", () => {
  it("reads permissions, manager roles and developer-only commands", () => {
    const text = (name: string) => {
      const entry = findCommand(name);
      if (!entry) throw new Error(name);
      return accessText(entry);
    };
    expect(text("mod ban")).toBe("Moderate Members");
    expect(text("grinder add")).toBe("Manage Server or the grinder management role");
    expect(text("perks-admin list")).toBe("Administrator or Manage Server");
    expect(text("dev eval")).toBe("Bot developers only");
    expect(text("grinder resign")).toBeNull();
  });
});
