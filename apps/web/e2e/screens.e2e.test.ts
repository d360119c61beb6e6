import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage, screenshotPath, viewports } from "./browser";
import { type HearthServer, startHearthServer } from "./hearth-server";

// Screenshots of every screen at 390 px and 1440 px, for people to look at (apps/web/test-results/).
// Reduced motion makes the counters and transitions settle at once, so the pictures are stable.

let server: HearthServer;
let browser: Browser;
const screens: [name: string, path: string, heading: string][] = [
  ["home", "/", "Hearth"],
  ["commands", "/commands", "Commands"],
  ["invite", "/invite", "Invite Hearth"],
  ["support", "/support", "Support"],
  ["terms", "/terms", "Terms of Service"],
  ["privacy", "/privacy", "Privacy Policy"],
  ["refund", "/refund", "Refund Policy"],
  ["discovery", "/discovery", "Server Discovery"],
  ["giveaways", "/giveaways", "Giveaways"],
  ["not-found", "/no/such/page", "Page not found"],
  ["docs", "/docs", "Documentation"],
  ["docs-setup", "/docs/setup", "Quick Setup Guide"],
  ["docs-dashboard", "/docs/dashboard", "Dashboard & Tokens"],
  ["docs-grinder", "/docs/grinder", "Grinder System"],
  ["docs-welcome", "/docs/welcome", "Welcome System"],
  ["docs-selfroles", "/docs/selfroles", "Self-Roles"],
  ["docs-votetracker", "/docs/votetracker", "Vote Tracker"],
  ["docs-sticky", "/docs/sticky", "Sticky Messages"],
  ["docs-boards", "/docs/boards", "Boards"],
  ["docs-perks", "/docs/perks", "Perks"],
  ["docs-statica", "/docs/statica", "Statica"],
  ["docs-components", "/docs/components", "Interactive Components"],
  ["docs-embeds", "/docs/embeds", "Embed Builder"],
  ["docs-security", "/docs/security", "Permissions & Security"],
  ["docs-advanced", "/docs/advanced", "Advanced"],
  ["docs-support", "/docs/support", "Support & Help"],
];

beforeAll(async () => {
  server = await startHearthServer({ snapshotDist: true });
  browser = await launchChromium();
  const list = (await (await fetch(`${server.baseUrl}/api/giveaways`)).json()) as {
    guildId: string;
    messageId: string;
    prize: string;
    active: boolean;
  }[];
  const active = list.find((item) => item.active);
  const ended = list.find((item) => !item.active);
  if (active)
    screens.push(["giveaway-active", `/giveaways/${active.guildId}/${active.messageId}`, active.prize]);
  if (ended) screens.push(["giveaway-ended", `/giveaways/${ended.guildId}/${ended.messageId}`, ended.prize]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("screenshots", () => {
  for (const [label, viewport] of Object.entries(viewports)) {
    const width = viewport.width;
    it(`captures every screen at ${width} px (${label})`, { timeout: 240_000 }, async () => {
      const { context, page, problems } = await openPage(browser, server.baseUrl, viewport, {
        reducedMotion: true,
      });
      try {
        for (const [name, path, heading] of screens) {
          await page.goto(path);
          await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
          await page.waitForLoadState("networkidle");
          // Nothing may stick out past the right edge, except inside a horizontal scroller.
          const offenders = await page.evaluate(() => {
            const edge = document.documentElement.clientWidth + 1;
            const clipped = (element: Element | null): boolean => {
              for (let node = element; node && node !== document.body; node = node.parentElement) {
                const style = getComputedStyle(node);
                if (style.visibility === "hidden" || ["auto", "scroll", "hidden"].includes(style.overflowX))
                  return true;
              }
              return false;
            };
            return [...document.querySelectorAll("body *")]
              .filter((element) => {
                const rect = element.getBoundingClientRect();
                return rect.width > 0 && rect.right > edge && !clipped(element.parentElement);
              })
              .slice(0, 5)
              .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
          });
          expect(offenders, `${name} overflows at ${width} px`).toEqual([]);
          await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
        }
      } finally {
        await context.close();
      }
      expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
    });
  }
});
