import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileTemplate, compileUncached, renderTemplate } from "./template.ts";
import { validateTemplate } from "./validate.ts";
import { exampleTemplateContext, type TemplateContext } from "./variables.ts";

const now = Date.UTC(2025, 2, 14, 18, 5, 9);
const context: TemplateContext = exampleTemplateContext(now);
const render = (source: string, overrides: Partial<TemplateContext> = {}) =>
  renderTemplate(source, { ...context, ...overrides });

describe("variables", () => {
  it.each([
    ["{user.mention}", "<@448866224466880011>"],
    ["{user}", "<@448866224466880011>"],
    ["{user.username}", "cinderfox"],
    ["{user.name}", "cinderfox"],
    ["{user.displayName}", "Cinder"],
    ["{user.id}", "448866224466880011"],
    ["{user.tag}", "cinderfox"],
    ["{user.avatar}", "https://cdn.discordapp.com/embed/avatars/3.png"],
    ["{user.createdAt}", "June 2, 2019"],
    ["{user.created_at}", "June 2, 2019"],
    ["{user.joinedAt}", "March 14, 2025"],
    ["{user.accountAge}", "2,112"],
    ["{server.name}", "Ember Hollow"],
    ["{server}", "Ember Hollow"],
    ["{server.id}", "1085281409813676032"],
    ["{server.memberCount}", "321"],
    ["{memberCount}", "321"],
    ["{server.member_count}", "321"],
    ["{server.icon}", ""],
    ["{server.description}", "A cosy grinding and events community"],
    ["{server.boostCount}", "9"],
    ["{server.boostLevel}", "2"],
    ["{server.createdAt}", "March 14, 2023"],
    ["{server.created_at}", "March 14, 2023"],
    ["{server.owner}", "emberkeeper"],
    ["{server.owner.id}", "329638211698262016"],
    ["{server.owner.mention}", "<@329638211698262016>"],
    ["{ordinal}", "321st"],
    ["{server.memberCount.ordinal}", "321st"],
    ["{memberCount.ordinal}", "321st"],
    ["{newline}", "\n"],
    ["a{space}b", "a b"],
    ["{date.now}", "March 14, 2025"],
    ["{time.now}", "18:05 UTC"],
    ["{timestamp.now}", String(Math.floor(now / 1000))],
    ["{user.createdAt.timestamp}", String(Date.UTC(2019, 5, 2, 12) / 1000)],
    ["{user.createdAt.relative}", `<t:${Date.UTC(2019, 5, 2, 12) / 1000}:R>`],
    ["{server.createdAt.time}", "18:30 UTC"],
  ])("%s → %j", (source, expected) => {
    expect(render(source)).toBe(expected);
  });

  it("ignores case, underscores and spaces inside the braces", () => {
    expect(render("{Server.MemberCount}|{ user }|{USER.DISPLAY_NAME}")).toBe(
      "321|<@448866224466880011>|Cinder",
    );
  });

  it("writes counts with separators and ordinals with the right suffix", () => {
    const at = (memberCount: number) =>
      render("{memberCount} {ordinal}", { server: { ...context.server, memberCount } });
    expect(at(1)).toBe("1 1st");
    expect(at(2)).toBe("2 2nd");
    expect(at(3)).toBe("3 3rd");
    expect(at(4)).toBe("4 4th");
    expect(at(11)).toBe("11 11th");
    expect(at(12)).toBe("12 12th");
    expect(at(13)).toBe("13 13th");
    expect(at(21)).toBe("21 21st");
    expect(at(112)).toBe("112 112th");
    expect(at(1002)).toBe("1,002 1,002nd");
    expect(at(1_234_567)).toBe("1,234,567 1,234,567th");
  });

  it("renders a missing value as nothing", () => {
    expect(render("[{server.description}]", { server: { ...context.server, description: null } })).toBe("[]");
    expect(render("[{user.joinedAt}]", { user: { ...context.user, joinedAt: null } })).toBe("[]");
  });

  it("inserts values verbatim, never reading them as tags", () => {
    const user = { ...context.user, username: "{server.name}\\{x}", displayName: "{if(user):boom}" };
    expect(render("{user.username} {user.displayName}", { user })).toBe("{server.name}\\{x} {if(user):boom}");
  });
});

describe("text, escapes and unknown tags", () => {
  it("leaves unknown tags exactly as written, around known ones", () => {
    expect(render("Hi {user.mentoin} from {server}!")).toBe("Hi {user.mentoin} from Ember Hollow!");
    expect(render("{hello world} {user.name.first} {random} {random(1)} {if(x}")).toBe(
      "{hello world} {user.name.first} {random} {random(1)} {if(x}",
    );
  });

  it("keeps unpaired braces as text", () => {
    expect(render("{user} {")).toBe("<@448866224466880011> {");
    expect(render("} {server")).toBe("} {server");
    expect(render(":-} {{user}")).toBe(":-} {<@448866224466880011>");
  });

  it("reads \\{ and \\} as literal braces and leaves other backslashes alone", () => {
    expect(render("\\{user\\} is {user}")).toBe("{user} is <@448866224466880011>");
    expect(render("¯\\_(ツ)_/¯ \\*bold\\*")).toBe("¯\\_(ツ)_/¯ \\*bold\\*");
    expect(render("\\{user}")).toBe("{user}");
    expect(render("{user\\}")).toBe("{user}");
  });

  it("leaves a pair holding a nested tag as written when the outer one isn't a condition", () => {
    expect(render("{hello {user}}")).toBe("{hello {user}}");
  });
});

describe("functions", () => {
  it("random gives whole numbers between the bounds, inclusive, in either order", () => {
    expect(render("{random(1,10)}", { random: () => 0 })).toBe("1");
    expect(render("{random(1, 10)}", { random: () => 0.9999999 })).toBe("10");
    expect(render("{random(10,1)}", { random: () => 0.5 })).toBe("6");
    expect(render("{random(-5,-5)}")).toBe("-5");
    // A misbehaving source of randomness stays within bounds.
    expect(render("{random(1,3)}", { random: () => 1 })).toBe("3");
    expect(render("{random(1,3)}", { random: () => Number.NaN })).toBe("1");
  });

  it("random refuses bounds that are not whole numbers", () => {
    expect(render("{random(1.5,3)}")).toBe("{random(1.5,3)}");
    expect(render("{random(a,b)}")).toBe("{random(a,b)}");
    expect(render("{random(1,2,3)}")).toBe("{random(1,2,3)}");
  });

  it("choose picks one trimmed option, and options may hold parentheses", () => {
    expect(render("{choose(Hey, Hi ,Welcome)}", { random: () => 0.5 })).toBe("Hi");
    expect(render("{choose(Hi :),Yo (hey))}", { random: () => 0.99 })).toBe("Yo (hey)");
    expect(render("{choose()}")).toBe("{choose()}");
  });

  it("random draws are spread over the whole range", () => {
    const seen = new Set<string>();
    for (let index = 0; index < 200; index++) seen.add(render("{random(1,4)}"));
    expect([...seen].sort()).toEqual(["1", "2", "3", "4"]);
  });
});

describe("conditions", () => {
  it.each([
    ["{if(server.description):has}", "has"],
    ["{if(!server.description):none}", ""],
    ["{if(server.icon):icon}", ""],
    ["{if(!server.icon):no icon}", "no icon"],
    ["{if(server.boostLevel > 1):boosted}", "boosted"],
    ["{if(server.boostLevel >= 3):max}", ""],
    ["{if(server.boostLevel < 3):room}", "room"],
    ["{if(server.boostLevel <= 2):ok}", "ok"],
    ["{if(server.memberCount == 321):milestone}", "milestone"],
    ["{if(server.memberCount = 321):single equals}", "single equals"],
    ["{if(server.memberCount != 321):not}", ""],
    ["{if(user.username == CinderFox):case-insensitive}", "case-insensitive"],
    ['{if(server.name == "Ember Hollow"):quoted}', "quoted"],
    ["{if(server.name == 'ember hollow'):single quoted}", "single quoted"],
    ["{if(5 > server.boostLevel):literal left}", "literal left"],
    ["{if(user.accountAge < 7):new account}", ""],
    ["{if(server.name > 3):text never orders}", ""],
    ["{if(!(server.name)):x}", "{if(!(server.name)):x}"],
    ["{ if ( server.description ) :spaced}", "spaced"],
  ])("%s → %j", (source, expected) => {
    expect(render(source)).toBe(expected);
  });

  it("the text may hold tags, escapes and nested conditions", () => {
    expect(
      render(
        "{if(server.description):About {server}: {server.description}{if(server.boostLevel == 2): \\{L2\\}}}",
      ),
    ).toBe("About Ember Hollow: A cosy grinding and events community {L2}");
  });

  it("keeps the text's spaces and parentheses as written", () => {
    expect(render("a{if(user): (b) }c")).toBe("a (b) c");
  });

  it("leaves a condition on an unknown variable as written, so the typo shows", () => {
    expect(render("{if(user.boostin):thanks}")).toBe("{if(user.boostin):thanks}");
    expect(render("{if(boosting):thanks}")).toBe("{if(boosting):thanks}");
    expect(render("{if(server.name == some.thing):x}")).toBe("{if(server.name == some.thing):x}");
    expect(render("{if(server.name) no colon}")).toBe("{if(server.name) no colon}");
  });

  it("a bare word is only a literal on the right of a comparison", () => {
    expect(render("{if(server == Ember):x}")).toBe("");
    expect(render("{if(Ember == server):x}")).toBe("{if(Ember == server):x}");
  });

  it("nests 16 deep and leaves deeper tags as written", () => {
    const nested = (depth: number) => `${"{if(user):".repeat(depth)}x${"}".repeat(depth)}`;
    expect(render(nested(16))).toBe("x");
    expect(render(nested(17))).not.toBe("x");
  });
});

describe("compilation", () => {
  it("caches compiled templates by source", () => {
    const source = `Hello {user} ${Math.random()}`;
    expect(compileTemplate(source)).toBe(compileTemplate(source));
  });

  it("compiles to text and tag parts, folding constant tags into the text", () => {
    const compiled = compileUncached("Hi {user}!{newline}Bye{space}now");
    expect(compiled.parts).toHaveLength(3);
    expect(compiled.parts[0]).toBe("Hi ");
    expect(compiled.parts[2]).toBe("!\nBye now");
  });

  it("records unknown tags with their positions", () => {
    expect(compileUncached("ab {nope} {user} {x.y}").unknownTags).toEqual([
      { tag: "{nope}", start: 3, end: 9 },
      { tag: "{x.y}", start: 17, end: 22 },
    ]);
  });
});

describe("validateTemplate", () => {
  it("answers nothing for a template it fully understands", () => {
    expect(validateTemplate("Welcome {user}! {if(server.boostLevel > 1):{ordinal}} \\{literal\\}")).toEqual(
      [],
    );
  });

  it("lists unknown tags with a suggestion when one is close", () => {
    expect(
      validateTemplate("Hi {user.mentoin}, {server.membercont} {usr} {totally.unrelated.thing}"),
    ).toEqual([
      { tag: "{user.mentoin}", start: 3, end: 17, suggestion: "{user.mention}" },
      { tag: "{server.membercont}", start: 19, end: 38, suggestion: "{server.memberCount}" },
      { tag: "{usr}", start: 39, end: 44, suggestion: "{user}" },
      { tag: "{totally.unrelated.thing}", start: 45, end: 70, suggestion: null },
    ]);
  });

  it("reports a condition with an unknown variable, without a suggestion", () => {
    expect(validateTemplate("{if(user.boostin):x}")).toEqual([
      { tag: "{if(user.boostin):x}", start: 0, end: 20, suggestion: null },
    ]);
  });
});

describe("properties", () => {
  const anyContext = fc.record({
    username: fc.string(),
    name: fc.string(),
    memberCount: fc.oneof(fc.integer(), fc.double()),
    createdAt: fc.oneof(fc.integer(), fc.double()),
    description: fc.option(fc.string()),
  });
  const contextFrom = (value: {
    username: string;
    name: string;
    memberCount: number;
    createdAt: number;
    description: string | null;
  }): TemplateContext => ({
    ...context,
    user: { ...context.user, username: value.username, createdAt: value.createdAt },
    server: {
      ...context.server,
      name: value.name,
      memberCount: value.memberCount,
      description: value.description,
    },
  });
  // Strings rich in the characters the parser cares about, so the interesting paths are hit often.
  const templateText = fc
    .array(
      fc.oneof(
        fc.constantFrom("{", "}", "\\", "(", ")", ":", "!", "=", "<", ">", '"', " ", ",", "."),
        fc.constantFrom("user", "server", "if(", "random(1,3)", "choose(a,b)", "memberCount", "ordinal"),
        fc.string({ maxLength: 4 }),
      ),
      { maxLength: 60 },
    )
    .map((pieces) => pieces.join(""));

  it("never throws, on arbitrary strings and on parser-shaped strings", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), templateText),
        anyContext,
        (s, c) => {
          expect(typeof renderTemplate(s, contextFrom(c))).toBe("string");
          expect(Array.isArray(validateTemplate(s))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("text without braces renders to itself", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }).filter((s) => !s.includes("{") && !s.includes("}")),
        (s) => {
          expect(renderTemplate(s, context)).toBe(s);
        },
      ),
    );
  });

  it("escaped braces render as the braces, whatever surrounds them", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[{}\\]/.test(s)),
        (s) => {
          expect(renderTemplate(`\\{${s}\\}`, context)).toBe(`{${s}}`);
        },
      ),
    );
  });

  it("unknown tags come back as written and are reported", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^zz[a-z]{1,10}$/), (name) => {
        expect(renderTemplate(`a{${name}}b`, context)).toBe(`a{${name}}b`);
        expect(validateTemplate(`a{${name}}b`).map((problem) => problem.tag)).toEqual([`{${name}}`]);
      }),
    );
  });

  it("a known tag renders the same wherever it sits in text", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[{}\\]/.test(s)),
        fc.string().filter((s) => !/[{}\\]/.test(s)),
        (before, after) => {
          expect(renderTemplate(`${before}{server.name}${after}`, context)).toBe(
            `${before}Ember Hollow${after}`,
          );
        },
      ),
    );
  });

  it("renders in linear time, even on adversarial input", () => {
    const cases = [
      "{".repeat(200_000),
      "}".repeat(200_000),
      "{}".repeat(100_000),
      `${"{if(user):".repeat(50_000)}${"}".repeat(50_000)}`,
      `{if(${" ".repeat(100_000)}x):y}`,
      `{if(user ${"=".repeat(100_000)}):y}`,
      `{choose(${"a,".repeat(100_000)})}`,
      "\\{".repeat(100_000),
      `{${"a.".repeat(100_000)}b}`,
      "{user}".repeat(30_000),
    ];
    for (const source of cases) {
      const started = Date.now();
      renderTemplate(source, context);
      validateTemplate(source);
      expect(Date.now() - started, source.slice(0, 20)).toBeLessThan(1500);
    }
  });
});
