import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitForApp } from "./browser";
import { type HearthServer, repoRoot, startHearthServer } from "./hearth-server";

const screenshotDir = path.join(repoRoot, "apps", "web", "test-results");
const desktop = { width: 1280, height: 800 };
const mobile = { width: 375, height: 812 };

let server: HearthServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
// Console errors and uncaught exceptions of the current test's page; CSP violations land here too.
let pageProblems: string[] = [];

beforeAll(async () => {
  await mkdir(screenshotDir, { recursive: true });
  server = await startHearthServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(pageProblems).toEqual([]);
});

async function openPage(viewport = desktop): Promise<Page> {
  if (!browser || !server) throw new Error("the suite did not start");
  context = await browser.newContext({ viewport, baseURL: server.baseUrl });
  const page = await context.newPage();
  pageProblems = [];
  page.on("console", (message) => {
    if (message.type() === "error") pageProblems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => pageProblems.push(`pageerror: ${error.message}`));
  return page;
}

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

describe("site shell", () => {
  it("loads the home page with header, navigation, footer and the tagline", async () => {
    const page = await openPage();
    const response = await page.goto("/");

    expect(response?.status()).toBe(200);
    // The site must run under the server's policy, or the console check below proves nothing.
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.getByText("The Future of Discord Automation").waitFor();
    await page.getByRole("heading", { level: 1, name: "Hearth" }).waitFor();
    await page.getByRole("banner").waitFor();
    await mainNav(page).waitFor();
    await page.getByRole("contentinfo").getByText("All systems operational").waitFor();
    expect(await page.title()).toBe("Hearth — Discord automation");
    expect(await mainNav(page).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");

    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(screenshotDir, "home-desktop.png"), fullPage: true });
  });

  it("navigates client-side to Commands and marks it active", async () => {
    const page = await openPage();
    await page.goto("/");
    await page.getByText("The Future of Discord Automation").waitFor();
    await waitForApp(page);
    // A full page load would wipe this marker; a client-side navigation keeps it.
    await page.evaluate(() => Object.assign(window, { spaMarker: true }));

    await mainNav(page).getByRole("link", { name: "Commands" }).click();

    await page.getByRole("heading", { level: 1, name: "Commands" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/commands");
    expect(await page.evaluate(() => "spaMarker" in window)).toBe(true);
    expect(await mainNav(page).getByRole("link", { name: "Commands" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(await mainNav(page).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    await expect.poll(() => page.title()).toBe("Commands · Hearth");
  });

  it("serves a deep link to /support directly (SPA fallback)", async () => {
    const page = await openPage();
    const response = await page.goto("/support");

    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Support" }).waitFor();
    expect(await mainNav(page).getByRole("link", { name: "Support" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });

  it("shows the 404 page for an unknown route", async () => {
    const page = await openPage();
    const response = await page.goto("/this/route/does-not-exist");
    // The document itself answers 404 (issue 24 §4); the browser reports the failed load, nothing else.
    expect(response?.status()).toBe(404);

    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
    await page.getByText("The Future of Discord Automation").waitFor();
    pageProblems = pageProblems.filter((problem) => !/status of 404/.test(problem));
  });

  it("collapses the navigation into a menu at 375 px", async () => {
    const page = await openPage(mobile);
    await page.goto("/");
    await page.getByText("The Future of Discord Automation").waitFor();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(screenshotDir, "home-mobile.png"), fullPage: true });

    const menuButton = page.getByRole("button", { name: "Menu" });
    const discovery = mainNav(page).getByRole("link", { name: "Discovery" });
    expect(await discovery.isVisible()).toBe(false);

    await menuButton.click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    await discovery.waitFor({ state: "visible" });
    await page.screenshot({ path: path.join(screenshotDir, "home-mobile-menu.png") });

    await page.keyboard.press("Escape");
    await discovery.waitFor({ state: "hidden" });
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");

    await menuButton.click();
    await discovery.click();
    await page.getByRole("heading", { level: 1, name: "Server Discovery" }).waitFor();
    await discovery.waitFor({ state: "hidden" });
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
  });

  it("hides the site header and footer on /docs", async () => {
    const page = await openPage();
    await page.goto("/docs");

    await page.getByRole("heading", { level: 1, name: "Documentation" }).waitFor();
    await page.getByRole("navigation", { name: "Documentation" }).waitFor();
    expect(await mainNav(page).count()).toBe(0);
    expect(await page.getByText("All systems operational").count()).toBe(0);

    await page.getByRole("link", { name: "Back to home" }).click();
    await mainNav(page).waitFor();
  });
});
