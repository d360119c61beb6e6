import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage, screenshotPath, viewports, waitForApp } from "./browser";
import { type HearthServer, repoRoot, startHearthServer } from "./hearth-server";

/**
 * Issue 16 #2 and #5: the public pages come prerendered (apps/web/scripts/prerender.ts), paint
 * without JavaScript, hydrate without a mismatch, fill in their live figures without moving the
 * page, and the landing page's JavaScript stays within its budget. Reads the build in
 * apps/web/dist, which `npm run test:e2e` makes first.
 */
const webDist = path.join(repoRoot, "apps", "web", "dist");
/** The landing page's JavaScript budget (issue 16 #5), gzip at level 9. */
const LANDING_JS_BUDGET = 100 * 1024;

const publicPages: [path: string, heading: string, title: string][] = [
  ["/", "Hearth", "Hearth — Discord automation"],
  ["/commands", "Commands", "Commands · Hearth"],
  ["/invite", "Invite Hearth", "Invite · Hearth"],
  ["/support", "Support", "Support · Hearth"],
  ["/terms", "Terms of Service", "Terms of Service · Hearth"],
  ["/privacy", "Privacy Policy", "Privacy Policy · Hearth"],
  ["/refund", "Refund Policy", "Refund Policy · Hearth"],
  ["/discovery", "Server Discovery", "Server Discovery · Hearth"],
  ["/giveaways", "Giveaways", "Giveaways · Hearth"],
  ["/docs", "Documentation", "Documentation · Hearth"],
  ["/docs/setup", "Quick Setup Guide", "Quick Setup Guide · Hearth"],
  ["/docs/economy", "Economy Helpers", "Economy Helpers · Hearth"],
];

const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The scripts the landing page loads before anything else runs: its module script (the small boot
 * script, `src/boot.ts`), the app it imports once the page has painted (its one `import()`, which
 * always runs), the chunks the HTML preloads, and every chunk those import statically (not their
 * `import()`s: pages and dialogs, loaded lazily).
 */
async function entryChunks(): Promise<Map<string, number>> {
  const html = await readFile(path.join(webDist, "index.html"), "utf8");
  const referenced = [
    ...html.matchAll(/<script[^>]*\bsrc="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ].map((match) => match[1] ?? "");
  const boot = referenced[0] ?? "";
  const bootSource = await readFile(path.join(webDist, boot), "utf8");
  const app = [...bootSource.matchAll(/\bimport\(\s*[`"'](\.\/[^`"']+\.js)[`"']\s*\)/g)].map((match) =>
    path.posix.join(path.posix.dirname(boot), match[1] ?? ""),
  );
  // The boot script imports exactly the app: should that change, this count must be looked at again.
  expect(app, `dynamic imports of ${boot}`).toHaveLength(1);
  const sizes = new Map<string, number>();
  const queue = [...referenced, ...app];
  while (queue.length > 0) {
    const file = queue.shift() ?? "";
    if (sizes.has(file)) continue;
    const body = await readFile(path.join(webDist, file));
    sizes.set(file, gzipSize(body));
    // Static imports between chunks: `import{…}from"./x.js"` and bare `import"./x.js"`.
    for (const match of body
      .toString("utf8")
      .matchAll(/\bimport\s*(?:[\w${},\s*]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1] ?? ""));
    }
  }
  return sizes;
}

describe("the landing page's JavaScript budget", () => {
  it.skipIf(!existsSync(path.join(webDist, "index.html")))(
    "keeps the entry chunks the landing page loads within 100 KB gzip",
    async () => {
      const chunks = await entryChunks();
      const total = [...chunks.values()].reduce((sum, size) => sum + size, 0);
      const listing = [...chunks].map(([file, size]) => `${file} ${kb(size)}`).join(", ");
      expect(chunks.size).toBeGreaterThan(0);
      expect(total, `entry chunks ${kb(total)} gzip: ${listing}`).toBeLessThanOrEqual(LANDING_JS_BUDGET);
    },
  );
});

describe("prerendered public pages", () => {
  let server: HearthServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    if (!existsSync(path.join(webDist, "index.html"))) {
      throw new Error("apps/web/dist is missing: run `npm run build` first (`npm run test:e2e` does)");
    }
    server = await startHearthServer({ snapshotDist: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it("serves every public page as finished HTML with its own title, and no inline script", async () => {
    for (const [route, heading, title] of publicPages) {
      const response = await fetch(`${server.baseUrl}${route}`);
      expect(response.status, route).toBe(200);
      const html = await response.text();
      expect(html, route).toContain(`<title>${title.replace("&", "&amp;")}</title>`);
      expect(html, route).toMatch(new RegExp(`<h1[^>]*>${heading.replace("&", "&amp;")}</h1>`));
      // Only scripts from files ('self'): the CSP allows no inline script.
      for (const script of html.match(/<script[^>]*>/g) ?? []) expect(script, route).toMatch(/\bsrc="\//);
      expect(response.headers.get("content-security-policy"), route).toContain("script-src 'self'");
    }
    // The dashboard has no prerendered page: it gets the empty shell and renders in the browser.
    const shell = await (await fetch(`${server.baseUrl}/dashboard`)).text();
    expect(shell).toContain('<div id="root"></div>');
  });

  it("paints every public page with JavaScript off", async () => {
    context = await browser.newContext({ javaScriptEnabled: false, viewport: viewports.mobile });
    const page = await context.newPage();
    for (const [route, heading] of publicPages) {
      await page.goto(`${server.baseUrl}${route}`);
      const h1 = page.getByRole("heading", { level: 1, name: heading, exact: true });
      expect(await h1.isVisible(), route).toBe(true);
      if (["/", "/commands", "/docs", "/discovery", "/giveaways"].includes(route)) {
        const name = route === "/" ? "home" : route.slice(1).replaceAll("/", "-");
        await page.screenshot({ path: screenshotPath(`prerendered-no-js-${name}-mobile`), fullPage: true });
      }
    }
  });

  it("hydrates the landing page without a mismatch or a layout shift, within its JavaScript budget", async () => {
    const opened = await openPage(browser, server.baseUrl, viewports.mobile);
    context = opened.context;
    const { page, problems } = opened;
    await recordLayoutShifts(page);
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto("/", { waitUntil: "networkidle" });

    // The live figures replaced their placeholders in the space already kept for them.
    const stats = page.getByRole("region", { name: "Live statistics" });
    await expect.poll(() => stats.getAttribute("aria-busy"), { timeout: 15_000 }).toBe("false");
    // Hydrated: the header's Dashboard button opens the login form.
    await page.getByRole("button", { name: "Dashboard" }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible(), { timeout: 15_000 }).toBe(true);

    // As CLS counts them: shifts right after the visitor's own input don't count.
    const shifts = (await layoutShifts(page)).filter((shift) => !shift.hadRecentInput);
    expect(
      shifts.reduce((sum, shift) => sum + shift.value, 0),
      JSON.stringify(shifts, null, 1),
    ).toBe(0);
    expect(problems).toEqual([]);

    // Everything the landing page loaded before the login form was asked for.
    const beforeLogin = scripts.filter((url) => !url.includes("login-modal"));
    let total = 0;
    for (const url of beforeLogin) total += gzipSize(Buffer.from(await (await fetch(url)).arrayBuffer()));
    expect(total, `landing JavaScript ${kb(total)} gzip (${beforeLogin.length} files)`).toBeLessThanOrEqual(
      LANDING_JS_BUDGET,
    );
  });

  it("keeps the landing page in place when Dashboard is pressed before the page has hydrated", async () => {
    // On a slow phone the header can be pressed while the page's own code is still hydrating. An
    // update reaching the page then would make React drop its HTML and render it again (an empty
    // main for a moment, the footer jumping up): no shift at all is allowed, even after the press.
    const opened = await openPage(browser, server.baseUrl, viewports.mobile);
    context = opened.context;
    const { page } = opened;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    await recordLayoutShifts(page);
    // The first frame: at 20x the parser yields part way through the page, and a frame painted then
    // (the header's Dashboard button without its text, say) moves when the rest is parsed. The page
    // asks for no frame before its whole prerendered HTML is in (index.html's rel=expect).
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrame: boolean }).firstFrame = document.querySelector("footer") !== null;
      });
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Dashboard" }).click();
    await page.getByRole("dialog").waitFor({ timeout: 30_000 });
    await page.getByRole("region", { name: "Live statistics" }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { firstFrame?: boolean }).firstFrame)).toBe(true);
    const shifts = await layoutShifts(page);
    expect(shifts, JSON.stringify(shifts, null, 1)).toEqual([]);
    expect(opened.problems).toEqual([]);
  });

  it("opens the login form for a Dashboard press made before the app's code has arrived", async () => {
    const opened = await openPage(browser, server.baseUrl, viewports.mobile);
    context = opened.context;
    const { page } = opened;
    // The app's code is held back until the press has been made.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto("/");
    await expect.poll(() => asked).toBe(true);
    await page.getByRole("banner").getByRole("button", { name: "Dashboard" }).click();
    await page.waitForTimeout(300);
    expect(await page.getByRole("dialog").count()).toBe(0);
    release();
    await page.getByRole("dialog", { name: "Dashboard Access" }).waitFor({ timeout: 15_000 });
    expect(opened.problems).toEqual([]);
  });

  it("hydrates the docs, discovery and giveaways pages without a mismatch and keeps navigation in the browser", async () => {
    for (const route of ["/docs/setup", "/discovery", "/giveaways", "/commands"]) {
      const opened = await openPage(browser, server.baseUrl, viewports.desktop);
      context = opened.context;
      await opened.page.goto(route, { waitUntil: "networkidle" });
      await opened.page.waitForTimeout(300);
      expect(opened.problems, route).toEqual([]);
      await context.close();
      context = undefined;
    }
    // From a prerendered page, a link moves within the app (no new document).
    const opened = await openPage(browser, server.baseUrl, viewports.desktop);
    context = opened.context;
    const { page } = opened;
    await page.goto("/", { waitUntil: "networkidle" });
    await waitForApp(page);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole("link", { name: "Explore Features" }).click();
    await page.getByRole("heading", { level: 1, name: "Commands" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(await page.title()).toBe("Commands · Hearth");
    expect(opened.problems).toEqual([]);
  });
});

interface LayoutShift {
  value: number;
  hadRecentInput: boolean;
  /** What moved, and from where to where, so a failure names the element. */
  moved: string[];
}

/** Starts recording the page's layout shifts from its first paint (call before `goto`). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    (window as unknown as { shifts: LayoutShift[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        const moved = (entry.sources ?? []).map((source) => {
          const node = source.node;
          const label = node instanceof Element ? node.outerHTML.slice(0, 120) : String(node?.nodeName);
          const { previousRect: a, currentRect: b } = source;
          return `${label} (${a.x},${a.y} ${a.width}x${a.height} -> ${b.x},${b.y} ${b.width}x${b.height})`;
        });
        shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { shifts: LayoutShift[] }).shifts);
}
