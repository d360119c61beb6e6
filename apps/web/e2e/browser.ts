import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { repoRoot } from "./hearth-server";

export const screenshotDir = path.join(repoRoot, "apps", "web", "test-results");

/** The two widths every screen is captured at. */
export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export async function launchChromium(): Promise<Browser> {
  await mkdir(screenshotDir, { recursive: true });
  return chromium.launch({
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
}

/**
 * A fresh context and page that records console errors and uncaught exceptions, so a test can
 * assert the page ran cleanly (CSP violations show up there too).
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = viewports.desktop,
  options: { reducedMotion?: boolean; permissions?: string[] } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport,
    baseURL,
    reducedMotion: options.reducedMotion ? "reduce" : "no-preference",
    permissions: options.permissions,
  });
  // A CSP violation is reported even when the code that caused it catches the error (a library
  // probing for `eval`, say): surface each one as a console error, so tests that assert a clean page
  // catch it (issue 15, finding 12).
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`);
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

export function screenshotPath(name: string): string {
  return path.join(screenshotDir, `${name}.png`);
}

/**
 * Waits until the app has started on the page (`<html data-app="started">`, set once the first
 * render has committed): before that a link is a plain link, so a test of client-side behaviour
 * (a navigation that keeps the document) waits for it.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === "started");
}
