import { describe, expect, it } from "vitest";
import {
  type Action,
  checkActionFits,
  componentLimits,
  defaultDefinition,
  incompleteReason,
  validateEmoji,
  validateMessageText,
  validateName,
  validateOption,
  validateStyle,
} from "./model.ts";

describe("validation limits", () => {
  it("names are 1–50 characters", () => {
    expect(validateName("  verify ")).toBe("verify");
    expect(() => validateName(" ")).toThrow("can't be empty");
    expect(() => validateName("x".repeat(51))).toThrow("51 characters; the limit is 50");
  });

  it("emoji, style and message text (template tags checked at save time)", () => {
    expect(validateEmoji("✅")).toBe("✅");
    expect(validateEmoji("<:cozy_fox:123456789012345678>")).toBe("<:cozy_fox:123456789012345678>");
    expect(validateEmoji("")).toBeNull();
    expect(() => validateEmoji("hello")).toThrow("isn't an emoji");
    expect(validateStyle("Danger")).toBe("danger");
    expect(() => validateStyle("blurple")).toThrow("primary, secondary, success, danger");
    expect(validateMessageText("Welcome {user.mention} to {server.name}!")).toContain("{user.mention}");
    expect(() => validateMessageText("Hi {user.mentoin}")).toThrow("Did you mean {user.mention}?");
    expect(() => validateMessageText("x".repeat(2001))).toThrow("the limit is 2000");
  });

  it("select options: 25 at most, unique values, Discord's 100-character label", () => {
    const options = Array.from({ length: 25 }, (_, i) => validateOption({ label: `Option ${i}` }, []));
    expect(options[3]?.value).toBe("option-3");
    expect(() => validateOption({ label: "One more" }, options)).toThrow("at most 25 options");
    expect(() => validateOption({ label: "Option 3" }, options.slice(0, 5))).toThrow('value "option-3"');
    expect(() => validateOption({ label: "x".repeat(101) }, [])).toThrow("the limit is 100");
    expect(() => validateOption({ label: "ok", emoji: "nope" }, [])).toThrow("isn't an emoji");
  });

  it("a trigger runs at most 5 actions, and opening a form is always alone", () => {
    const give: Action = { kind: "give_role", roleId: "1" };
    const five = Array.from({ length: 5 }, () => give);
    expect(() => checkActionFits(five, give)).toThrow("at most 5 actions");
    expect(() => checkActionFits([give], { kind: "open_form", formId: "abc" })).toThrow("only action");
    expect(() => checkActionFits([{ kind: "open_form", formId: "abc" }], give)).toThrow("opens a form");
    expect(componentLimits.actionsPerTrigger).toBe(5);
  });

  it("a component is incomplete until it has what it needs", () => {
    expect(incompleteReason("select", defaultDefinition("select", "x"))).toContain("option");
    expect(incompleteReason("form", defaultDefinition("form", "x"))).toContain("field");
    expect(incompleteReason("button", defaultDefinition("button", "x"))).toContain("action");
  });
});
