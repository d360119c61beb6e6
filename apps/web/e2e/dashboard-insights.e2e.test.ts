import { readFile } from "node:fs/promises";
import type { InsightsSeries, InsightsTop } from "@hearth/core";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshotPath, viewports } from "./browser";
import { api, dashboardSuite, signedInPage } from "./dashboard-support";

const suite = dashboardSuite();

async function openOverview(viewport: { width: number; height: number } = viewports.desktop): Promise<Page> {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto("/dashboard?tab=overview");
  await opened.page.getByRole("heading", { name: "Server insights", exact: true }).waitFor();
  return opened.page;
}

const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

const series = async (period: string) =>
  (
    await api<InsightsSeries>(
      suite.server,
      suite.fixture.demoToken,
      `/api/insights/${suite.fixture.demoServerId}/series?period=${period}&resolution=day`,
    )
  ).body;

/** The values a chart draws for one series (`data-series`), in order. */
const drawn = (chart: Locator, key: string) =>
  chart
    .locator(`g[data-series="${key}"] [data-value]`)
    .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-value"))));

/** The table view's rows, as text cells. */
async function tableRows(section: Locator): Promise<string[][]> {
  await section.getByRole("button", { name: "table", exact: true }).click();
  const table = section.getByRole("table");
  await table.waitFor();
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
    );
}

describe("dashboard insights", () => {
  it("draws the demo server's history: members, activity, busiest channels and hours, commands, giveaways, revenue", async () => {
    const page = await openOverview();
    await expect.poll(() => page.locator("[data-demo-history]").count()).toBe(1);
    const members = card(page, "Members");
    await members.locator("svg[data-points='30']").waitFor();
    const expected = await series("30d");
    expect(await drawn(members, "joins")).toEqual(expected.points.map((point) => point.joins));
    expect((await drawn(members, "joins")).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await drawn(members, "net")).toEqual(expected.points.map((point) => point.net));
    // Axes with labels: the left axis is titled, the bottom axis names dates.
    await expect.poll(() => members.locator("svg text").filter({ hasText: "Members" }).count()).toBe(1);
    expect(await members.locator("svg .visx-axis-bottom text").count()).toBeGreaterThan(2);

    const activity = card(page, "Activity");
    expect((await drawn(activity, "messages")).some((value) => value > 0)).toBe(true);
    expect((await drawn(activity, "activeMembers")).some((value) => value > 0)).toBe(true);

    const heatmap = card(page, "Busiest channels and hours");
    await heatmap.locator("tr[data-row='all']").waitFor();
    expect(await heatmap.locator("tbody tr").count()).toBeGreaterThan(2);
    await expect
      .poll(() => card(page, "Top commands").locator("rect[data-value]").count())
      .toBeGreaterThan(3);
    expect(await card(page, "Giveaway entries").locator("rect[data-value]").count()).toBeGreaterThan(0);
    expect(await drawn(card(page, "Grinder revenue"), "grinderRevenue")).toEqual(
      expected.points.map((point) => point.grinderRevenue),
    );

    // The tooltip follows the keyboard: End shows the last day's figures.
    await members.getByRole("slider").focus();
    await page.keyboard.press("End");
    const last = expected.points.at(-1);
    const tooltip = members.locator("[data-tooltip]");
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(`Joins${last?.joins}`);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath("dashboard-insights-desktop"), fullPage: true });
  });

  it("the period selector changes every chart", async () => {
    const page = await openOverview();
    const members = card(page, "Members");
    await members.locator("svg[data-points='30']").waitFor();
    await page.getByRole("button", { name: "90 days", exact: true }).click();
    await members.locator("svg[data-points='90']").waitFor();
    expect(
      await page.getByRole("button", { name: "90 days", exact: true }).getAttribute("aria-pressed"),
    ).toBe("true");
    const ninety = await series("90d");
    expect(await drawn(members, "leaves")).toEqual(ninety.points.map((point) => point.leaves));
    const total = page.locator("[data-total='messages']");
    await expect.poll(async () => total.textContent()).not.toBe("");

    await page.getByRole("button", { name: "1 year", exact: true }).click();
    await members.locator("svg[data-points='365']").waitFor();
    // The 7-day view draws activity by hour.
    await page.getByRole("button", { name: "7 days", exact: true }).click();
    await card(page, "Activity").locator("svg[data-points='168']").waitFor();
    await members.locator("svg[data-points='7']").waitFor();
    const top = (
      await api<InsightsTop>(
        suite.server,
        suite.fixture.demoToken,
        `/api/insights/${suite.fixture.demoServerId}/top?period=7d&limit=10`,
      )
    ).body;
    const commands = card(page, "Top commands");
    await expect
      .poll(() =>
        commands
          .locator("rect[data-value]")
          .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("data-value")))),
      )
      .toEqual(top.commands.map((command) => command.uses));
  });

  it("the table view and the CSV hold the chart's numbers", async () => {
    const page = await openOverview();
    const members = card(page, "Members");
    await members.locator("svg[data-points='30']").waitFor();
    const joins = await drawn(members, "joins");
    const leaves = await drawn(members, "leaves");
    const net = await drawn(members, "net");
    const rows = await tableRows(members);
    expect(rows).toHaveLength(30);
    expect(rows.map((row) => [Number(row[1]), Number(row[2]), Number(row[3])])).toEqual(
      joins.map((value, index) => [value, leaves[index], net[index]]),
    );
    const download = page.waitForEvent("download");
    await members.getByRole("button", { name: "Download CSV" }).click();
    const file = await (await download).path();
    const csv = (await readFile(file, "utf8")).trim().split("\r\n");
    expect(csv[0]).toBe("Date,Joins,Leaves,Net");
    expect(csv.slice(1)).toEqual(rows.map((row) => row.join(",")));

    const commands = card(page, "Top commands");
    const uses = await commands
      .locator("rect[data-value]")
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("data-value"))));
    const commandRows = await tableRows(commands);
    expect(commandRows.map((row) => Number(row[1]))).toEqual(uses);
    expect(commandRows[0]?.[0]).toMatch(/^\//);
  });

  it("fits a 390 px screen", async () => {
    const page = await openOverview(viewports.mobile);
    await card(page, "Members").locator("svg[data-points='30']").waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath("dashboard-insights-mobile"), fullPage: true });
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("main *")]
        .filter((element) => element.offsetWidth > 4 && !element.closest(".sr-only, [role=tablist]"))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => `${element.tagName} ${element.className.toString().slice(0, 50)}`),
    );
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
