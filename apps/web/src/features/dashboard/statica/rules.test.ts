import { defaultStaticaConfig, type StaticaConfig } from "@hearth/core";
import { describe, expect, it } from "vitest";
import { addKeyword, configWarnings, messages, rewardRefusal, saveProblem } from "./rules";

const withRoles = (config: StaticaConfig, roles: Partial<StaticaConfig["roleConfig"]>): StaticaConfig => ({
  ...config,
  roleConfig: { ...config.roleConfig, ...roles },
});
const withKeywords = (config: StaticaConfig, keywords: string[]): StaticaConfig => ({
  ...config,
  conditions: { ...config.conditions, status: { ...config.conditions.status, keywords } },
});
const role = "108527037186048010";

describe("saveProblem", () => {
  it("refuses to save nothing", () => {
    expect(saveProblem(null)).toBe("No configuration to save");
  });

  it("needs a reward role in a category the detection type uses", () => {
    expect(saveProblem(withKeywords(defaultStaticaConfig, ["hearth"]))).toBe(messages.noRole);
    // Combined detection without separate roles gives the combined roles only.
    expect(saveProblem(withKeywords(withRoles(defaultStaticaConfig, { status: [role] }), ["hearth"]))).toBe(
      messages.noRole,
    );
    expect(
      saveProblem(withKeywords(withRoles(defaultStaticaConfig, { combined: [role] }), ["hearth"])),
    ).toBeNull();
  });

  it("needs a keyword while status detection is on", () => {
    const config = withRoles(defaultStaticaConfig, { combined: [role] });
    expect(saveProblem(config)).toBe(
      "Please add at least one status keyword when status detection is enabled",
    );
    expect(saveProblem(withKeywords(config, ["  "]))).toBe(messages.noKeyword);
    const tagOnly: StaticaConfig = {
      ...config,
      type: "server_tag",
      roleConfig: { ...config.roleConfig, serverTag: [role] },
    };
    expect(saveProblem(tagOnly)).toBeNull();
    const statusOff: StaticaConfig = {
      ...config,
      conditions: { ...config.conditions, status: { ...config.conditions.status, enabled: false } },
    };
    expect(saveProblem(statusOff)).toBeNull();
  });

  it("warns while roles or keywords are missing", () => {
    expect(configWarnings(defaultStaticaConfig)).toHaveLength(2);
    expect(
      configWarnings(withKeywords(withRoles(defaultStaticaConfig, { combined: [role] }), ["x"])),
    ).toEqual([]);
  });
});

describe("addKeyword", () => {
  it("trims and appends", () => {
    expect(addKeyword(["hearth"], "  ember hollow ", false)).toEqual({
      keywords: ["hearth", "ember hollow"],
      problem: null,
    });
  });

  it("ignores blanks and duplicates", () => {
    expect(addKeyword(["hearth"], "   ", false).keywords).toEqual(["hearth"]);
    expect(addKeyword(["hearth"], "HEARTH", false)).toEqual({
      keywords: ["hearth"],
      problem: '"HEARTH" is already in the list',
    });
    expect(addKeyword(["hearth"], "HEARTH", true).keywords).toEqual(["hearth", "HEARTH"]);
  });
});

describe("rewardRefusal", () => {
  const serverRole = (id: string, assignable: boolean, unsafeReason: string | null) => ({
    id,
    name: `role ${id.slice(-1)}`,
    color: 0,
    position: 1,
    assignable,
    dangerous: unsafeReason !== null,
    unsafeReason,
  });
  const refuse = rewardRefusal([
    serverRole("108527037186048011", true, null),
    serverRole("108527037186048012", false, null),
    serverRole("108527037186048013", false, "it has Administrator"),
  ]);

  it("lets a role the bot can give and the rule allows be chosen", () => {
    expect(refuse({ id: "108527037186048011" })).toBeUndefined();
  });

  it("gives the rule's reason first, then the bot's reach", () => {
    expect(refuse({ id: "108527037186048013" })).toBe("it has Administrator");
    expect(refuse({ id: "108527037186048012" })).toBe("Hearth can't give it");
  });

  it("refuses a role Statica doesn't list (an integration manages it)", () => {
    expect(refuse({ id: "108527037186048019" })).toBe("Managed by an integration");
  });
});
