import type { TournamentDetail } from "@hearth/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage, screenshotPath, viewports } from "./browser";
import { type HearthServer, startHearthServer } from "./hearth-server";

// The public tournament page against the real server and its sandbox demo, which seeds "Autumn Cup"
// (8 players, finished) and "Winter Brawl" (6 players, under way) in Ember Hollow.

let server: HearthServer;
let browser: Browser;
let context: BrowserContext | undefined;
let problems: string[] = [];
let expectedProblems: string[] = [];
/** Ember Hollow, the sandbox's demo server, read from its public giveaways. */
let demoGuildId: string;

beforeAll(async () => {
  server = await startHearthServer({ snapshotDist: true });
  browser = await launchChromium();
  const giveaways = (await (await fetch(`${server.baseUrl}/api/giveaways`)).json()) as { guildId: string }[];
  demoGuildId = giveaways[0]?.guildId ?? "";
  expect(demoGuildId).toMatch(/^\d{17,20}$/);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  const unexpected = problems.filter((problem) => !expectedProblems.some((text) => problem.includes(text)));
  problems = [];
  expectedProblems = [];
  expect(unexpected).toEqual([]);
});

async function open(
  path: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<Page> {
  const opened = await openPage(browser, server.baseUrl, viewport);
  context = opened.context;
  problems = opened.problems;
  await opened.page.goto(path);
  return opened.page;
}

async function demoTournament(name: string): Promise<TournamentDetail> {
  for (const id of [1, 2, 3]) {
    const res = await fetch(`${server.baseUrl}/api/tournaments/${demoGuildId}/${id}`);
    if (!res.ok) continue;
    const detail = (await res.json()) as TournamentDetail;
    if (detail.name === name) return detail;
  }
  throw new Error(`the demo data has no tournament named ${name}`);
}

describe("the public tournament page", () => {
  it("shows a finished bracket with its champion, reachable by keyboard", async () => {
    const cup = await demoTournament("Autumn Cup");
    expect(cup.status).toBe("finished");
    const page = await open(`/tournaments/${demoGuildId}/${cup.id}`);
    await page.getByRole("heading", { level: 1, name: "Autumn Cup" }).waitFor();
    expect(await page.title()).toBe("Autumn Cup · Tournament · Hearth");
    expect(await page.getByTestId("tournament-champion").textContent()).toBe(
      `🏆 Champion: ${cup.champion?.name}`,
    );

    const bracket = page.getByRole("region", { name: "Bracket" });
    for (const round of ["Quarter-finals", "Semi-finals", "Final"]) {
      await bracket.getByRole("heading", { name: round, exact: true }).waitFor();
    }
    expect(await bracket.getByRole("listitem").count()).toBe(7);
    const final = cup.rounds.at(-1)?.matches[0];
    const winner = [final?.player1, final?.player2].find((p) => p?.userId === final?.winnerId);
    await bracket
      .getByText(
        `Match 7, Final: ${final?.player1?.name} versus ${final?.player2?.name}, won by ${winner?.name}`,
      )
      .waitFor({ state: "attached" });

    // The scrolling bracket is a tab stop, so keyboard users can scroll it.
    await bracket.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Bracket");
    await page.screenshot({ path: screenshotPath("tournament-desktop"), fullPage: true });
  });

  it("fits a phone (390 px) without sideways scrolling of the page", async () => {
    const brawl = await demoTournament("Winter Brawl");
    expect(brawl.status).toBe("running");
    const page = await open(`/tournaments/${demoGuildId}/${brawl.id}`, viewports.mobile);
    await page.getByRole("heading", { level: 1, name: "Winter Brawl" }).waitFor();
    await page.getByText("In progress", { exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "Bracket" }).getByRole("listitem").count()).toBe(7);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath("tournament-mobile"), fullPage: true });
  });

  it("says 'Tournament Not Found' for an unknown or malformed id", async () => {
    expectedProblems = ["404", "400", "Resource not found"];
    const page = await open(`/tournaments/${demoGuildId}/999`);
    await page.getByRole("heading", { name: "Tournament Not Found" }).waitFor();
    await page.getByText("The tournament you're looking for doesn't exist or has been removed.").waitFor();
    await page.goto(`/tournaments/${demoGuildId}/not-a-number`);
    await page.getByRole("heading", { name: "Tournament Not Found" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Back to Hearth" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
  });
});
