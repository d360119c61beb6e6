import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findCommand } from "../../../packages/core/src/commands/catalogue.ts";
import { launchChromium, openPage, screenshotPath, viewports } from "./browser";
import { createDemoToken, type HearthServer, startHearthServer } from "./hearth-server";

interface ListedGiveaway {
  guildId: string;
  messageId: string;
  prize: string;
  active: boolean;
  endTime: number;
  entries: number;
}

let server: HearthServer;
let browser: Browser;
let context: BrowserContext | undefined;
let problems: string[] = [];
/** Console errors a test expects (a 404 it provokes on purpose), matched by substring. */
let expectedProblems: string[] = [];

beforeAll(async () => {
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
  const unexpected = problems.filter((problem) => !expectedProblems.some((text) => problem.includes(text)));
  problems = [];
  expectedProblems = [];
  expect(unexpected).toEqual([]);
});

/** A member of the demo server other than its owner (who got a token at first start): an entrant. */
async function open(
  path: string,
  viewport: { width: number; height: number } = viewports.desktop,
  options: Parameters<typeof openPage>[3] = {},
): Promise<Page> {
  const opened = await openPage(browser, server.baseUrl, viewport, options);
  context = opened.context;
  problems = opened.problems;
  await opened.page.goto(path);
  return opened.page;
}

async function giveaways(): Promise<ListedGiveaway[]> {
  return (await (await fetch(`${server.baseUrl}/api/giveaways`)).json()) as ListedGiveaway[];
}

describe("routes", () => {
  const pages: [string, string][] = [
    ["/", "Hearth"],
    ["/commands", "Commands"],
    ["/invite", "Invite Hearth"],
    ["/support", "Support"],
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
    ["/refund", "Refund Policy"],
    ["/discovery", "Server Discovery"],
    ["/giveaways", "Giveaways"],
    ["/docs", "Documentation"],
    ["/docs/setup", "Quick Setup Guide"],
    ["/docs/dashboard", "Dashboard & Tokens"],
    ["/docs/grinder", "Grinder System"],
    ["/docs/welcome", "Welcome System"],
    ["/docs/selfroles", "Self-Roles"],
    ["/docs/votetracker", "Vote Tracker"],
    ["/docs/sticky", "Sticky Messages"],
    ["/docs/boards", "Boards"],
    ["/docs/perks", "Perks"],
    ["/docs/statica", "Statica"],
    ["/docs/components", "Interactive Components"],
    ["/docs/embeds", "Embed Builder"],
    ["/docs/security", "Permissions & Security"],
    ["/docs/advanced", "Advanced"],
    ["/docs/support", "Support & Help"],
  ];

  it.each(pages)("%s renders its page (h1 %s) from a direct load", async (path, heading) => {
    const page = await open(path);
    await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
    // Each route names itself for search engines.
    expect(await page.title()).toMatch(/Hearth/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
  });

  it("shows the 404 page for unknown routes, in the site and in the docs", async () => {
    expectedProblems = ["status of 404"];
    const page = await open("/no/such/page");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(await page.title()).toBe("Page not found · Hearth");
    await page.goto("/docs/no-such-guide");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    await page.getByRole("navigation", { name: "Documentation" }).waitFor();
  });
});

describe("landing page", () => {
  it("counts up to the live figures of /api/stats", async () => {
    const stats = (await (await fetch(`${server.baseUrl}/api/stats`)).json()) as {
      servers: number;
      commands: number;
    };
    const page = await open("/");
    const row = page.getByRole("region", { name: "Live statistics" });
    await row.waitFor();
    // The counters rise into place for 3 s, showing the real figures all along: a reader glancing
    // mid-animation never sees a figure that isn't true (issue 24 §5).
    await row.getByTestId("count-up").first().waitFor();
    for (const wait of [0, 300, 1200, 3200]) {
      await page.waitForTimeout(wait);
      const shown = await row.getByTestId("count-up").allTextContents();
      expect(shown[0]).toBe(String(stats.servers));
      expect(shown[2]).toBe(String(stats.commands));
    }
    expect(await page.getByText("Smart Automation").count()).toBe(1);
    for (const title of ["Event Mastery", "Smart Tracking", "Server Management", "Fast Performance"]) {
      await page.getByRole("heading", { name: title }).waitFor();
    }
  });

  it("hides the stats row when /api/stats fails", async () => {
    const opened = await openPage(browser, server.baseUrl);
    context = opened.context;
    problems = opened.problems;
    expectedProblems = ["500", "API Error"];
    await opened.page.route("**/api/stats", (route) => route.fulfill({ status: 500, body: "{}" }));
    await opened.page.goto("/");
    await opened.page.getByText("The Future of Discord Automation").waitFor();
    await opened.page.waitForLoadState("networkidle");
    await expect.poll(() => opened.page.getByRole("region", { name: "Live statistics" }).count()).toBe(0);
  });
});

describe("login modal", () => {
  it("validates, refuses a bad token, and signs in with a real one", async () => {
    const token = await createDemoToken(server, ["--permission", "admin"]);
    const page = await open("/");
    expectedProblems = ["401", "API Error"];
    const opener = page.getByRole("banner").getByRole("button", { name: "Dashboard" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Dashboard Access" });
    await dialog.waitFor();
    const field = dialog.getByLabel("Dashboard Token");
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await field.getAttribute("type")).toBe("password");

    // Escape closes and focus returns to the button.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await opener.click();
    await field.fill("   ");
    await dialog.getByRole("button", { name: "Authorize" }).click();
    expect(await dialog.getByRole("alert").textContent()).toBe("Please enter a valid token");
    await field.fill("not-a-real-token");
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await dialog.getByRole("button", { name: "Show token" }).click();
    expect(await field.getAttribute("type")).toBe("text");

    await dialog.getByRole("button", { name: "Authorize" }).click();
    await dialog.getByRole("alert").waitFor();
    expect(await dialog.getByRole("alert").textContent()).toBe(
      "The dashboard token is invalid or has been revoked",
    );

    await field.fill(token);
    await dialog.getByRole("button", { name: "Authorize" }).click();
    await page.waitForURL(/\/dashboard\/\d+$/);
    await dialog.waitFor({ state: "detached" });
    const stored = await page.evaluate(() => [
      localStorage.getItem("dashboardToken"),
      localStorage.getItem("dashboardTokenExpiry"),
    ]);
    expect(stored[0]).toBe(token);
    const days = (Date.parse(stored[1] ?? "") - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("closes on a backdrop click and traps focus", async () => {
    const page = await open("/", viewports.mobile);
    await page.getByRole("button", { name: "Dashboard" }).click();
    const dialog = page.getByRole("dialog", { name: "Dashboard Access" });
    await dialog.getByLabel("Dashboard Token").fill("abc");
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.screenshot({ path: screenshotPath("login-modal-390") });
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: "detached" });
  });
});

describe("commands page", () => {
  it("searches, filters and copies", async () => {
    const page = await open("/commands", viewports.desktop, {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await page.getByRole("heading", { level: 1, name: "Commands" }).waitFor();
    const cards = page.locator("[data-command]");
    // The heading is in the prerendered page; the list follows once the server says which commands exist.
    await cards.first().waitFor();
    // The cards come in a few at a time (useProgressiveCount): all of them shortly after.
    await expect.poll(() => cards.count()).toBeGreaterThan(100);

    await page.getByLabel("Search commands").fill("GRINDER PAY");
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute("data-command")).toBe("grinder payments");
    await page.getByRole("button", { name: "Moderation", exact: true }).click();
    await page.getByText("No commands found matching your search.").waitFor();
    await page.getByLabel("Search commands").fill("");
    await expect.poll(() => cards.count()).toBe(9);
    expect(new URL(page.url()).searchParams.get("category")).toBe("Moderation");

    const copy = page.getByRole("button", { name: "Copy usage of /mod ban" });
    await copy.click();
    await page.getByRole("button", { name: "Copied: Copy usage of /mod ban" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(findCommand("mod ban")?.usage);
    await page.waitForTimeout(2100);
    await copy.waitFor();
    expect(await copy.getAttribute("data-state")).toBe("idle");
  });
});

describe("invite page", () => {
  it("says the link isn't configured without DISCORD_CLIENT_ID", async () => {
    const page = await open("/invite");
    await page.getByText("The invite link isn't configured on this instance").waitFor();
    expect(await page.getByRole("link", { name: "Continue to Invite" }).count()).toBe(0);
    for (const name of [
      "Send Messages",
      "Manage Messages",
      "Embed Links",
      "Read Message History",
      "Use Slash Commands",
    ]) {
      await page.getByText(name, { exact: true }).waitFor();
    }
  });

  it("counts down from 5 and redirects after 5 seconds when the link exists", async () => {
    const opened = await openPage(browser, server.baseUrl);
    context = opened.context;
    problems = opened.problems;
    const target = `${server.baseUrl}/support?from=invite`;
    await opened.page.route("**/api/invite", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ url: target, clientId: "1", permissions: [], permissionBits: "0" }),
      }),
    );
    const started = Date.now();
    await opened.page.goto("/invite");
    const countdown = opened.page.getByTestId("invite-countdown");
    expect(await countdown.textContent()).toBe("5 seconds");
    await expect.poll(() => countdown.textContent(), { timeout: 3000 }).toBe("3 seconds");
    expect(await opened.page.getByRole("link", { name: "Continue to Invite" }).getAttribute("href")).toBe(
      target,
    );
    await opened.page.waitForURL(/\/support\?from=invite$/, { timeout: 8000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(4900);
    expect(waited).toBeLessThan(7500);
  });
});

describe("discovery page", () => {
  it("groups servers, expands descriptions, searches and filters by tag", async () => {
    const page = await open("/discovery");
    await page
      .getByText("Loading servers...")
      .or(page.getByRole("heading", { name: "Featured Communities" }))
      .first()
      .waitFor();
    await page.getByRole("heading", { name: "Featured Communities" }).waitFor();
    const featured = page.getByRole("region", { name: "Featured Communities" });
    expect(await featured.getByRole("article").count()).toBeLessThanOrEqual(3);
    await page.getByRole("heading", { name: "Community Servers" }).waitFor();

    const readMore = page.getByRole("button", { name: "Read more" }).first();
    await readMore.click();
    await page.getByRole("button", { name: "Show less" }).first().waitFor();

    const join = page.getByRole("link", { name: /Join Server/ }).first();
    expect(await join.getAttribute("target")).toBe("_blank");
    expect(await join.getAttribute("href")).toMatch(/^https:\/\/discord\.gg\//);

    const all = await page.getByRole("article").count();
    await page.getByLabel("Search servers").fill("minecraft");
    await page.getByLabel("Search servers").press("Enter");
    // The results replace the loading state; wait for them rather than for the list to shrink.
    await page.getByRole("article", { name: "Pixel Forge" }).waitFor();
    const found = await page.getByRole("article").count();
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(all);

    await page.getByLabel("Search servers").fill("");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.getByRole("article").count()).toBe(all);
    const tagSelect = page.getByLabel("Filter by tag");
    await tagSelect.selectOption("study");
    await expect.poll(() => page.getByRole("article").count()).toBe(2);
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect.poll(() => page.getByRole("article").count()).toBe(2);

    await page.getByLabel("Search servers").fill("zzzz nothing");
    await page.getByLabel("Search servers").press("Enter");
    await page.getByText("No servers found").waitFor();
  });
});

describe("giveaways", () => {
  it("filters, searches and sorts the public list", async () => {
    const list = await giveaways();
    const page = await open("/giveaways");
    const cards = page.getByRole("article");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(list.length);
    const running = list.filter((item) => item.active && item.endTime > Date.now());

    await page.getByLabel("Status").selectOption("active");
    await expect.poll(() => cards.count()).toBe(running.length);
    expect(await page.getByTestId("giveaway-countdown").first().textContent()).toMatch(
      /^Ends in (\d+d \d+h|\d+h \d+m|\d+m)$/,
    );
    await page.getByLabel("Status").selectOption("ended");
    await expect.poll(() => cards.count()).toBe(list.length - running.length);
    await page.getByLabel("Status").selectOption("all");

    await page.getByLabel("Sort").selectOption("popular");
    const top = [...list].sort((a, b) => b.entries - a.entries)[0];
    // The server sorts: the list follows once its answer arrives.
    await expect.poll(() => cards.first().getByRole("heading").textContent()).toBe(top?.prize);

    await page.getByLabel("Search giveaways or servers").fill("nitro");
    await expect
      .poll(async () => (await cards.allTextContents()).every((text) => /nitro/i.test(text)))
      .toBe(true);
    await page.getByLabel("Search giveaways or servers").fill("zzzz");
    await page.getByText("Try adjusting your search or filters").waitFor();
  });

  it("shows an active giveaway's details with a ticking countdown and participants", async () => {
    const active = (await giveaways()).find((item) => item.active && item.endTime > Date.now());
    if (!active) throw new Error("the demo data has no active giveaway");
    const page = await open("/giveaways");
    await page.getByRole("link", { name: `View Details: ${active.prize}` }).click();
    await page.getByRole("heading", { level: 1, name: active.prize }).waitFor();
    const status = page.getByTestId("giveaway-status");
    const first = await status.textContent();
    await expect.poll(() => status.textContent(), { timeout: 3000 }).not.toBe(first);
    await page.getByRole("heading", { name: /^Participants \(\d+\)$/ }).waitFor();
    expect(await page.getByRole("heading", { name: /^Winners/ }).count()).toBe(0);
  });

  it("shows an ended giveaway's winners and collapses long participant lists", async () => {
    const ended = (await giveaways()).filter((item) => !item.active).sort((a, b) => b.entries - a.entries)[0];
    if (!ended) throw new Error("the demo data has no ended giveaway");
    const page = await open(`/giveaways/${ended.guildId}/${ended.messageId}`);
    await page.getByRole("heading", { level: 1, name: ended.prize }).waitFor();
    expect(await page.getByTestId("giveaway-status").textContent()).toBe("Ended");
    await page.getByRole("heading", { name: /^Winners \(\d+\)$/ }).waitFor();
    const participants = page.getByRole("region", { name: /^Participants/ });
    await participants.getByRole("listitem").first().waitFor();
    if (ended.entries > 50) {
      expect(await participants.getByRole("listitem").count()).toBe(50);
      await participants.getByRole("button", { name: `Show all ${ended.entries} participants` }).click();
      expect(await participants.getByRole("listitem").count()).toBe(ended.entries);
    }
    const avatar = await participants.locator("img").first().getAttribute("src");
    expect(avatar).toMatch(/^\/avatars\/[0-5]\.svg$/);
  });

  it("shows 'Giveaway Not Found' for an unknown giveaway", async () => {
    expectedProblems = ["404", "Resource not found"];
    const page = await open("/giveaways/100000000000000001/100000000000000002");
    await page.getByRole("heading", { name: "Giveaway Not Found" }).waitFor();
    await page.getByText("The giveaway you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Back to Giveaways" }).click();
    await page.getByRole("heading", { level: 1, name: "Giveaways" }).waitFor();
  });
});

describe("docs", () => {
  it("opens the sidebar as a drawer below 1024 px and closes it after navigating", async () => {
    const page = await open("/docs", viewports.mobile);
    await page.getByRole("heading", { level: 1, name: "Documentation" }).waitFor();
    const sidebar = page.getByRole("navigation", { name: "Documentation" });
    expect(await sidebar.isVisible()).toBe(false);
    const menu = page.getByRole("button", { name: "Menu" });
    // On the prerendered page a click made before its code has loaded does nothing
    // (React does not replay it); a visitor presses again, and so does the test until it takes.
    await expect
      .poll(async () => {
        if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
        return menu.getAttribute("aria-expanded");
      })
      .toBe("true");
    await sidebar.waitFor({ state: "visible" });
    await page.waitForTimeout(350);
    await page.screenshot({ path: screenshotPath("docs-drawer-390") });
    await page.keyboard.press("Escape");
    await sidebar.waitFor({ state: "hidden" });

    await menu.click();
    await sidebar.getByRole("link", { name: "Boards" }).click();
    await page.getByRole("heading", { level: 1, name: "Boards" }).waitFor();
    await sidebar.waitFor({ state: "hidden" });

    await menu.click();
    await page.getByTestId("docs-drawer-backdrop").click({ position: { x: 370, y: 400 } });
    await sidebar.waitFor({ state: "hidden" });
  });

  it("keeps the sidebar fixed on wide screens", async () => {
    const page = await open("/docs/grinder");
    await page.getByRole("heading", { level: 1, name: "Grinder System" }).waitFor();
    const sidebar = page.getByRole("navigation", { name: "Documentation" });
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(200);
    expect(await sidebar.isVisible()).toBe(true);
    expect(await page.getByRole("table", { name: "Grinder commands" }).getByRole("row").count()).toBe(11);
  });
});
