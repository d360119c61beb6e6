import fs from "node:fs";
import path from "node:path";
import { commandCatalogue, shownCommands } from "@hearth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureDemoSetup, plainMembers } from "../../test/fixtures/grinders.ts";
import { createTestApp, demoGuildId, type TestApp } from "../../test/helpers.ts";
import { repoRoot } from "../config.ts";

/*
 * The site promises only what the bot does. Every slash command a page of apps/web mentions (in
 * prose, code, a "command" prop or a CommandTable) must resolve to a command the bot has a handler for
 * (the registry composition.ts registers with Discord); `/api/commands` and `/api/stats` answer exactly
 * the catalogue entries with handlers. Pages added later are scanned too.
 */

const webSource = path.join(repoRoot, "apps/web/src");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // What pages show: components (.tsx), the docs guides (.mdx) and the pages' own data.
    const shown =
      entry.name.endsWith(".tsx") ||
      entry.name.endsWith(".mdx") ||
      (full.includes(`${path.sep}pages${path.sep}`) && entry.name.endsWith(".ts"));
    return shown && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The site's own top-level routes (`/docs`, `/dashboard`…): a mention of one is a link, not a command. */
function siteRoutes(): Set<string> {
  const routes = fs.readFileSync(path.join(webSource, "app/routes.tsx"), "utf8");
  const tops = [...routes.matchAll(/path: "([a-z-]+)/g)].map((match) => match[1] ?? "");
  return new Set([...tops, "docs"]);
}

interface Mention {
  file: string;
  text: string;
}

/**
 * `/word`, `/word sub` or `/word group sub` where a command could be written: not inside a path or
 * URL (`/docs/setup`, `https://…/x`), not a route prop (`to="/x"`, `href="/x"`).
 */
function mentionsIn(file: string): Mention[] {
  const source = fs.readFileSync(file, "utf8");
  const found: Mention[] = [];
  // A slash after a word, a path or an ellipsis (`https://…/logo.png`) is not a command.
  for (const match of source.matchAll(
    /(?<![\w.:/@<*+\\\])}$…-])\/([a-z][a-z0-9_-]*)((?: [a-z][a-z0-9_-]*){0,2})(?![\w/-])/g,
  )) {
    const before = source.slice(Math.max(0, (match.index ?? 0) - 8), match.index);
    if (/(to|href|path|src|url)=\{?["'`]$/.test(before) || /(to|href|path): ["'`]$/.test(before)) continue;
    // Import specifiers and regular expressions are code, not promises.
    if (/from ["']$|import\(["']$/.test(before)) continue;
    // A regular expression's flags after its closing slash (`/<@!?\d+>/g,`): code too.
    const after = source[(match.index ?? 0) + match[0].length] ?? "";
    if (/^[dgimsuvy]+$/.test(match[1] ?? "") && !match[2] && /[,);.]/.test(after)) continue;
    found.push({ file: path.relative(webSource, file), text: `${match[1]}${match[2] ?? ""}` });
  }
  // The docs content names a command with <Cmd name="grinder add" />: a mention too.
  for (const match of source.matchAll(/<Cmd\s[^>]*?name="([a-z][^"]*)"/g)) {
    found.push({ file: path.relative(webSource, file), text: match[1] ?? "" });
  }
  return found;
}

/**
 * The commands the docs content names through its components' props: CommandTable prefixes and
 * names, `<Cmd name>`, `<OptionRange command>`, `<OptionChoices command>` and a call to action's
 * `command`. Every one must resolve to a handled command (a prefix or group: at least one).
 */
function commandReferencesIn(file: string): Mention[] {
  const source = fs.readFileSync(file, "utf8");
  const found = (text: string) => ({ file: path.relative(webSource, file), text });
  return [
    ...[...source.matchAll(/<CommandTable[^>]*?(prefixes|names)=\{\[([^\]]*)\]\}/gs)].flatMap((match) =>
      [...(match[2] ?? "").matchAll(/"([^"]+)"/g)].map((value) => found(`${match[1]}:${value[1]}`)),
    ),
    ...[...source.matchAll(/<Cmd\s[^>]*?name="([a-z][^"]*)"/g)].map((match) => found(`prefixes:${match[1]}`)),
    ...[...source.matchAll(/<Option(?:Range|Choices)\s[^>]*?command="([a-z][^"]*)"/g)].map((match) =>
      found(`names:${match[1]}`),
    ),
    ...[...source.matchAll(/\scommand="\/([a-z][a-z0-9_-]*(?: [a-z][a-z0-9_-]*){0,2})(?![\w:-])/g)].map(
      (match) => found(`prefixes:${match[1]}`),
    ),
  ];
}

/** The guides' content: src/content/docs/*.mdx. */
const contentDir = path.join(webSource, "content/docs");
const contentFiles = () =>
  fs
    .readdirSync(contentDir)
    .filter((name) => name.endsWith(".mdx"))
    .map((name) => path.join(contentDir, name));

let t: TestApp;
let handled: Set<string>;

beforeAll(async () => {
  t = await createTestApp();
  handled = t.app.commandPaths as Set<string>;
});
afterAll(() => t.cleanup());

/**
 * Words that continue a sentence after a command group ("the /dashboard commands", "with /trigger in
 * Discord"): prose, not a subcommand. Any other word after a group must be one of its subcommands.
 */
const proseWords = new Set(
  "a an and are as at by can command commands doesn for from in is it lets on opens or refuses shows the to with works".split(
    " ",
  ),
);

/** Answers the problem with a mention, or null when it names a handled command (or a group of them). */
function problemWith(text: string, routes: Set<string>): string | null {
  const words = text.split(" ");
  const top = words[0] ?? "";
  const isGroup = (prefix: string) => [...handled].some((name) => name.startsWith(`${prefix} `));
  if (!handled.has(top) && !isGroup(top)) {
    return routes.has(top) ? null : `/${top} is not a command the bot handles`;
  }
  let matched = top;
  for (const word of words.slice(1)) {
    const next = `${matched} ${word}`;
    if (handled.has(next) || isGroup(next)) matched = next;
    else if (!handled.has(matched) && !proseWords.has(word))
      return `/${next} is not a command the bot handles`;
    else break;
  }
  return null;
}

describe("the site promises only commands the bot handles", () => {
  it("every command a page mentions has a handler", () => {
    const routes = siteRoutes();
    const files = sourceFiles(webSource);
    const mentions = files.flatMap(mentionsIn);
    // The scan finds the docs' commands (not an empty pass).
    expect(mentions.length).toBeGreaterThan(50);
    expect(mentions.map((mention) => mention.text)).toContain("grinder add");
    const problems = mentions.flatMap((mention) => {
      const problem = problemWith(mention.text, routes);
      return problem ? [`${mention.file}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("every command the docs name through a component (CommandTable, Cmd, OptionRange, a CTA) is handled", () => {
    const references = sourceFiles(webSource).flatMap(commandReferencesIn);
    expect(references.length).toBeGreaterThan(10);
    // The content's own references are read (not only the guides still in TSX).
    const fromContent = contentFiles().flatMap(commandReferencesIn);
    expect(fromContent.map((reference) => reference.text)).toContain("prefixes:sticky");
    const problems = references.flatMap(({ file, text }) => {
      const [kind, value = ""] = text.split(":");
      const ok =
        kind === "names"
          ? handled.has(value)
          : [...handled].some((name) => name === value || name.startsWith(`${value} `));
      return ok ? [] : [`${file}: ${text} has no handled command`];
    });
    expect(problems).toEqual([]);
  });

  it("the checker catches a promise without a handler", () => {
    const routes = siteRoutes();
    expect(problemWith("teleport", routes)).toBe("/teleport is not a command the bot handles");
    expect(problemWith("grinder teleport", routes)).toBe(
      "/grinder teleport is not a command the bot handles",
    );
    expect(problemWith("grinder add", routes)).toBeNull();
    expect(problemWith("setup doesn", routes)).toBeNull();
    expect(problemWith("docs", routes)).toBeNull();
    expect(problemWith("dashboard commands", routes)).toBeNull();
    expect(problemWith("grinder pay", routes)).toBe("/grinder pay is not a command the bot handles");
  });

  it("GET /api/commands and /api/stats answer the catalogue entries with handlers, in catalogue order", async () => {
    const listed = (await t.app.inject({ method: "GET", url: "/api/commands" })).json().commands as string[];
    expect(listed).toEqual(shownCommands(handled).map((entry) => entry.name));
    expect(listed.every((name) => handled.has(name))).toBe(true);
    const catalogueOrder = commandCatalogue
      .map((entry) => entry.name)
      .filter((name) => listed.includes(name));
    expect(listed).toEqual(catalogueOrder);
    const stats = (await t.app.inject({ method: "GET", url: "/api/stats" })).json();
    expect(stats.commands).toBe(listed.length);
  });

  it("a catalogued command without a handler is neither listed nor counted", () => {
    const some = commandCatalogue.slice(0, 3).map((entry) => entry.name);
    expect(shownCommands(some).map((entry) => entry.name)).toEqual(some);
    expect(shownCommands([]).length).toBe(0);
  });
});

/*
 * Issue 24 §5: feature claims the pages make in prose, checked against what the product does. Each
 * claim is read from the page's source (the text a visitor reads) and its behaviour is exercised
 * here, so the page and the product can't drift apart again.
 */
const page = (relative: string) =>
  fs
    .readFileSync(path.join(webSource, guideFile(relative)), "utf8")
    .replace(/\{" "\}/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");

/** A docs guide's source: its .mdx content once moved there, else its legacy TSX page. */
function guideFile(relative: string): string {
  const legacy = /^pages\/docs\/pages\/([a-z-]+)\.tsx$/.exec(relative);
  const content = legacy ? `content/docs/${legacy[1]}.mdx` : "";
  return content && fs.existsSync(path.join(webSource, content)) ? content : relative;
}

describe("feature claims in prose", () => {
  const grinderDocs = () => page("pages/docs/pages/grinder.tsx");

  it("/docs/grinder: a payment during a break is refused (not recorded for later), as the API does", async () => {
    expect(grinderDocs()).not.toMatch(/recorded but the tier changes when the break ends/);
    expect(grinderDocs()).toMatch(/Payments are refused while the grinder is on a break/);
    await configureDemoSetup(t.ctx);
    const [member = ""] = await plainMembers(t.ctx, 1);
    const path = `/api/grinders/${demoGuildId}/grinders`;
    const someone = (
      await t.app.inject({
        method: "POST",
        url: path,
        headers: { authorization: t.token },
        payload: { userId: member, tier: "Bronze" },
      })
    ).json();
    const onBreak = await t.app.inject({
      method: "PUT",
      url: `${path}/${someone._id}/break`,
      headers: { authorization: t.token },
    });
    expect(onBreak.json().onBreak).toBe(true);
    const paid = await t.app.inject({
      method: "POST",
      url: `${path}/${someone._id}/payments`,
      headers: { authorization: t.token },
      payload: { action: "add", amount: "10k" },
    });
    expect(paid.statusCode).toBe(409);
  });

  it("/docs/grinder: promotion is promised only with tier switching on", () => {
    const text = grinderDocs();
    expect(text).not.toMatch(/threshold (moves the grinder up automatically|promotes the tier)/);
    for (const sentence of text.split(/(?<=\.) /).filter((line) => /moves the grinder up/.test(line))) {
      expect(sentence).toMatch(/[Tt]ier switching on/);
    }
  });

  it("/docs/grinder: `1,5m` is refused as ambiguous, as the API refuses it", async () => {
    expect(grinderDocs()).toMatch(/1,5m is refused as ambiguous/);
    expect(grinderDocs()).not.toMatch(/\(1\.5m, not 1,5m\)/);
    const setup = await t.app.inject({
      method: "POST",
      url: `/api/server/${demoGuildId}/setup/tiers`,
      headers: { authorization: t.token },
      payload: { tierName: "Ambiguous", tierPayment: "1,5m", tierRoleId: null },
    });
    expect(setup.statusCode).toBe(400);
    expect(setup.json().field).toBe("tierPayment");
    expect(setup.json().message).toMatch(/ambiguous|1,5m/i);
  });

  it("/docs/security and /docs/advanced: anti-pool screens event winners; it caps no member triggers", () => {
    for (const file of ["pages/docs/pages/security.tsx", "pages/docs/pages/advanced.tsx"]) {
      expect(page(file), file).not.toMatch(/member triggers are capped|caps? (mass )?member triggers/i);
    }
    expect(page("pages/docs/pages/security.tsx")).toMatch(
      /winners of giveaways, lotteries and raffles are screened/,
    );
    expect(page("pages/docs/pages/advanced.tsx")).toMatch(/separate from anti-pool protection/);
  });

  it("the Settings premium card promises no premium-only features while there are none", () => {
    const card = page("features/dashboard/settings/premium-card.tsx");
    expect(card).not.toMatch(/premium-only/i);
    expect(card).not.toMatch(/window\.alert|\*\*"/);
  });

  it("the privacy page states the retention Hearth applies, not a 30-day request log it doesn't keep", () => {
    const privacy = page("pages/privacy-page.tsx");
    expect(privacy).not.toMatch(/Request logs are kept for 30 days/);
    expect(privacy).toMatch(/dataRetention\.auditDays/);
    expect(privacy).toMatch(/dataRetention\.auditMaxEntriesPerServer/);
    expect(privacy).toMatch(/keeps no store of request logs itself/);
  });

  it("the support page gives one response-time figure", () => {
    const support = fs.readFileSync(path.join(webSource, "pages/support-page.tsx"), "utf8");
    const figures = support.match(/\b\d+(?:–\d+)?\s*(?:min|minutes|hours?|h)\b/g) ?? [];
    expect(new Set(figures.map((figure) => figure.replace(/\s+/g, " ")))).toEqual(
      new Set(["24 hours", "24 h"]),
    );
  });
});
