import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { morePages } from "../src/features/dashboard/shared/more-pages";
import { expectNoAxeViolations } from "./a11y";
import { screenshotPath, viewports } from "./browser";
import { dashboardSuite, signedInPage } from "./dashboard-support";

// Issue 28: the "More" navigation beside the eight tabs, and the pickers and previews of the forms.

const suite = dashboardSuite();

async function openDashboard(path: string, viewport: { width: number; height: number } = viewports.desktop) {
  const opened = suite.track(
    await signedInPage(suite.browser, suite.server, suite.fixture.demoToken, viewport),
  );
  await opened.page.goto(path);
  await opened.page.getByRole("tablist", { name: "Dashboard sections" }).waitFor();
  return opened.page;
}

/** The tabs and the "More" menu (axe scans them; the tabs' own panels have their own suites). */
const nav = 'nav[aria-label="Dashboard navigation"]';

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the More navigation", () => {
  const first = morePages[0];

  it("lists the registered pages after the eight tabs and opens one at ?page=<id>", {
    timeout: 120_000,
  }, async () => {
    if (!first) throw new Error("no page is registered in morePages");
    const page = await openDashboard("/dashboard?tab=grinders");
    const tabs = page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab");
    expect(await tabs.allTextContents()).toEqual([
      "Overview",
      "Grinders",
      "Supporters",
      "Setup",
      "Settings",
      "Giveaways",
      "Greetings",
      "Timers",
    ]);
    const more = page.getByTestId("more-menu-button");
    expect(await more.getAttribute("aria-haspopup")).toBe("menu");
    await more.click();
    const menu = page.getByRole("menu", { name: "More dashboard pages" });
    const items = menu.getByRole("menuitem");
    expect(await items.count()).toBe(morePages.length);
    for (const [index, registered] of morePages.entries()) {
      const text = await items.nth(index).textContent();
      expect(text).toContain(registered.label);
      expect(text).toContain(registered.description);
    }
    await expectNoAxeViolations(page, nav);
    await page.screenshot({ path: screenshotPath("more-menu-desktop") });
    await items.first().click();
    await page.waitForURL(
      (url) => url.pathname.startsWith("/dashboard/") && url.search === `?page=${first.id}`,
    );
    await page.getByRole("region", { name: first.label }).waitFor();
    expect(await page.getByRole("tab", { selected: true }).count()).toBe(0);
    await page.getByRole("button", { name: `More: ${first.label}` }).waitFor();
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page, nav);
    await expectNoAxeViolations(page, `[data-testid="more-page-${first.id}"]`);
    await page.screenshot({ path: screenshotPath(`more-page-${first.id}-desktop`), fullPage: true });

    // Back to a tab: its URL and selection as before.
    await page.getByRole("tab", { name: "Timers" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard/") && url.search === "?tab=timers");
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Timers");
    // A page's URL opens it directly, and an unknown one falls back to the tabs.
    await page.goto(`/dashboard?page=${first.id}`);
    await page.getByRole("region", { name: first.label }).waitFor();
    await page.goto("/dashboard?page=no-such-page");
    await page.getByRole("tab", { name: "Overview", selected: true }).waitFor();
  });

  it("works from the keyboard and fits a 390 px phone without hidden overflow", {
    timeout: 120_000,
  }, async () => {
    if (!first) throw new Error("no page is registered in morePages");
    const page = await openDashboard("/dashboard", viewports.mobile);
    const more = page.getByTestId("more-menu-button");
    const box = await more.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "More dashboard pages" });
    await menu.waitFor();
    const menuBox = await menu.boundingBox();
    expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("menuitem");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, nav);
    await page.screenshot({ path: screenshotPath("more-menu-mobile") });
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("More");
    await page.keyboard.press("ArrowDown");
    await menu.waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(
      (url) => url.pathname.startsWith("/dashboard/") && url.search === `?page=${first.id}`,
    );
    await page.getByRole("region", { name: first.label }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, nav);
    await expectNoAxeViolations(page, `[data-testid="more-page-${first.id}"]`);
    await page.screenshot({ path: screenshotPath(`more-page-${first.id}-mobile`), fullPage: true });
  });
});

describe("the pickers in the forms", () => {
  it("Add Grinder: searches members by name and chooses one from the keyboard", {
    timeout: 120_000,
  }, async () => {
    const page = await openDashboard("/dashboard?tab=grinders");
    const picker = page.getByRole("combobox", { name: "Member", exact: true });
    await picker.click();
    await picker.fill("a");
    const options = page.getByRole("listbox", { name: "Member" }).getByRole("option");
    await options.first().waitFor();
    const first = (await options.first().textContent()) ?? "";
    expect(first).toMatch(/@\S+/);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => picker.inputValue()).toMatch(/\(@\S+\)$/);
    expect(await picker.getAttribute("aria-expanded")).toBe("false");
    await expectNoAxeViolations(page, '[data-testid="member-picker"]');
    await page.screenshot({ path: screenshotPath("picker-member-desktop") });
  });

  it("Greetings: # offers channels and @ members and roles, inserting their markup", {
    timeout: 120_000,
  }, async () => {
    const page = await openDashboard("/dashboard?tab=greetings", viewports.mobile);
    const area = page.getByRole("combobox", { name: "Description" });
    await area.click();
    await area.press("Control+End");
    await area.pressSequentially(" #");
    const channels = page.getByRole("listbox", { name: "Channels" }).getByRole("option");
    await channels.first().waitFor();
    const name = ((await channels.first().textContent()) ?? "").replace(/^\W+/, "");
    expect(await area.getAttribute("aria-expanded")).toBe("true");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath("picker-markup-mobile") });
    await page.keyboard.press("Enter");
    await expect.poll(() => area.inputValue()).toMatch(/<#\d{17,20}> $/);
    expect(name.length).toBeGreaterThan(0);
    await area.pressSequentially("@");
    const mentions = page.getByRole("listbox", { name: "Members and roles" }).getByRole("option");
    await mentions.first().waitFor();
    await expectNoAxeViolations(
      page,
      '[data-testid="dashboard-panel-greetings"], #dashboard-panel-greetings',
    );
    await page.keyboard.press("Enter");
    await expect.poll(() => area.inputValue()).toMatch(/<@&?\d{17,20}> $/);
    await area.pressSequentially("#");
    await channels.first().waitFor();
    await page.keyboard.press("Escape");
    await channels.first().waitFor({ state: "detached" });
    expect(await area.inputValue()).toMatch(/#$/);
  });
});

describe("the dashboard as a whole", () => {
  it("passes the accessibility scan on the overview (header, navigation, charts) and in the chart's table view", {
    timeout: 180_000,
  }, async () => {
    const page = await openDashboard("/dashboard");
    await page.getByTestId("member-count").getByText("members").waitFor();
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page);
    // Each chart's Chart/Table switch controls the panel that shows one or the other.
    const tableSwitch = page.getByRole("button", { name: "table", exact: true }).first();
    const controlled = await tableSwitch.getAttribute("aria-controls");
    expect(controlled).toBeTruthy();
    await tableSwitch.click();
    expect(await page.locator(`[id="${controlled}"]`).locator("table").count()).toBe(1);
    await expectNoAxeViolations(page);
  });
});
