import { describe, expect, it } from "vitest";
import { exampleTemplateContext } from "./context.ts";
import { renderTemplate } from "./template.ts";
import { validateTemplate } from "./validate.ts";
import { lookupTemplateVariable } from "./variables.ts";

describe("{birthday.age}", () => {
  const base = exampleTemplateContext();

  it("renders the age the member turns in a birthday announcement", () => {
    const context = { ...base, birthday: { age: 25 } };
    expect(renderTemplate("Happy birthday {user.mention}, {birthday.age} today!", context)).toBe(
      "Happy birthday <@448866224466880011>, 25 today!",
    );
    expect(renderTemplate("{age}", context)).toBe("25");
  });

  it("renders nothing when the age is hidden, and nothing outside a birthday", () => {
    expect(renderTemplate("[{birthday.age}]", { ...base, birthday: { age: null } })).toBe("[]");
    expect(renderTemplate("[{birthday.age}]", base)).toBe("[]");
  });

  it("drives a condition, so a hidden age leaves no dangling words", () => {
    const template = "🎂 {user.mention}{if(birthday.age): turns {birthday.age}}!";
    expect(renderTemplate(template, { ...base, birthday: { age: 30 } })).toBe(
      "🎂 <@448866224466880011> turns 30!",
    );
    expect(renderTemplate(template, { ...base, birthday: { age: null } })).toBe("🎂 <@448866224466880011>!");
  });

  it("is a known tag, so the editor doesn't flag it", () => {
    expect(validateTemplate("{birthday.age} {age}")).toEqual([]);
    expect(lookupTemplateVariable("age")?.tag).toBe("birthday.age");
  });
});
