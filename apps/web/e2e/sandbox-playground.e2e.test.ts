import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openPage, screenshotPath, viewports, waitForApp } from "./browser";
import { type HearthServer, startHearthServer } from "./hearth-server";

// The sandbox playground at /sandbox against the real server (sandbox mode, the seeded demo server
// Ember Hollow) and its real bot: members act in the page, the bot's answers appear live.

let server: HearthServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let problems: string[] = [];

beforeAll(async () => {
  server = await startHearthServer({ snapshotDist: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  const seen = problems;
  problems = [];
  expect(seen).toEqual([]);
});

async function open(
  path: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<Page> {
  const opened = await openPage(browser, server.baseUrl, viewport);
  contexts.push(opened.context);
  const mine = opened.problems;
  opened.page.on("close", () => problems.push(...mine));
  problems = mine;
  await opened.page.goto(path);
  await waitForApp(opened.page);
  await opened.page.getByRole("log").waitFor();
  return opened.page;
}

const log = (page: Page) => page.getByRole("log");
/** The open channel's messages (the embeds inside them are articles too). */
const messages = (page: Page) => log(page).locator("article[data-message-id]");

async function be(page: Page, identity: string) {
  await page.getByLabel("You are").selectOption(identity);
  // The command list follows the identity: wait until the page has read it again.
  await page.waitForLoadState("networkidle");
}

async function openChannel(page: Page, name: string) {
  const mobileToggle = page.getByRole("button", { name: "Channels" });
  if (await mobileToggle.isVisible()) await mobileToggle.click();
  await page
    .getByRole("navigation", { name: "Channels" })
    .getByRole("button", { name: name, exact: true })
    .click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain(name);
}

async function slash(page: Page, command: string) {
  const box = page.getByRole("combobox", { name: /^Message #/ });
  await box.fill(`/${command}`);
  const option = page.getByRole("option", { name: new RegExp(`^/${command}\\b`) });
  await expect.poll(() => option.count()).toBeGreaterThan(0);
  await box.press("Enter");
}

describe("the sandbox playground", () => {
  it("a member sends 12*12 where the calculator is on and sees 144 from the bot", async () => {
    const page = await open("/sandbox?as=member");
    await openChannel(page, "general");
    const box = page.getByRole("combobox", { name: "Message #general" });
    await box.fill("12*12");
    await box.press("Enter");
    const answer = messages(page).last();
    await expect.poll(() => answer.textContent(), { timeout: 15_000 }).toContain("144");
    await page.screenshot({ path: screenshotPath("sandbox-desktop"), fullPage: false });
  });

  it("runs /giveaway start as the owner; a member presses Enter; time passes and the winner is announced", async () => {
    const owner = await open("/sandbox?as=owner");
    await openChannel(owner, "giveaways");
    await slash(owner, "giveaway start");
    const form = owner.getByRole("dialog", { name: "/giveaway start" });
    await form.getByLabel("prize").fill("Playground Trophy");
    await form.getByLabel("duration").fill("1h");
    await form.getByRole("button", { name: "Run /giveaway start" }).click();
    const giveaway = messages(owner).filter({ hasText: "Playground Trophy" }).first();
    await giveaway.waitFor({ timeout: 15_000 });
    await owner.screenshot({ path: screenshotPath("sandbox-giveaway-desktop") });

    // The member presses Enter in another tab: the owner's tab sees the entry counted, live.
    const member = await open("/sandbox?as=member");
    await openChannel(member, "giveaways");
    const memberGiveaway = messages(member).filter({ hasText: "Playground Trophy" }).last();
    await memberGiveaway.getByRole("button", { name: /Enter/ }).click();
    await expect
      .poll(() => log(member).getByText("Only you can see this").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    await member.getByRole("button", { name: "Simulate" }).click();
    await member.getByRole("button", { name: "Fast-forward: run everything now" }).click();
    await member.getByRole("status").filter({ hasText: "Time passed" }).waitFor({ timeout: 15_000 });
    await member.keyboard.press("Escape");
    await expect.poll(() => member.getByRole("dialog").count()).toBe(0);
    const memberName = await member
      .getByLabel("You are")
      .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");
    const name = memberName.replace(/^Member \((.*)\)$/, "$1");
    // The announcement names the winner (the only entrant) in the channel, seen live by the owner too.
    await expect
      .poll(async () => (await log(owner).textContent()) ?? "", { timeout: 15_000 })
      .toMatch(new RegExp(`@${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });

  it("a new member joins and the welcome appears with the rendered embed", async () => {
    const page = await open("/sandbox?as=owner");
    await page.getByRole("button", { name: "Simulate" }).click();
    await page.getByLabel("New member's username").fill("ember_newbie");
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "ember_newbie joined" }).waitFor({ timeout: 15_000 });
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("welcome");
    const welcome = messages(page).last();
    await expect.poll(() => welcome.textContent(), { timeout: 15_000 }).toContain("ember");
    // The embed is rendered as Discord does: its own block with a colour bar and its parts.
    await expect.poll(() => welcome.getByRole("article", { name: /^Embed/ }).count()).toBe(1);
    expect(await welcome.textContent()).not.toMatch(/<@\d+>/);
  });

  it("an ephemeral answer is visible to its member only", async () => {
    const member = await open("/sandbox?as=member");
    await openChannel(member, "bot-commands");
    await slash(member, "giveaway start");
    const form = member.getByRole("dialog", { name: "/giveaway start" });
    await form.getByText(/You need/).waitFor();
    await form.getByLabel("prize").fill("Not allowed");
    await form.getByLabel("duration").fill("1h");
    await form.getByRole("button", { name: "Run /giveaway start" }).click();
    const ephemeral = log(member).locator("[data-ephemeral]").last();
    await ephemeral.waitFor({ timeout: 15_000 });
    expect(await ephemeral.textContent()).toContain("Only you can see this");
    expect(await ephemeral.textContent()).toMatch(/You need/);

    const owner = await open("/sandbox?as=owner");
    await openChannel(owner, "bot-commands");
    await expect.poll(() => log(owner).locator("[data-ephemeral]").count()).toBe(0);
    expect(await log(owner).textContent()).not.toContain("Not allowed");
  });

  it("switching identity changes which commands are permitted", async () => {
    const page = await open("/sandbox?as=member");
    await openChannel(page, "bot-commands");
    const box = page.getByRole("combobox", { name: /^Message #/ });
    await box.fill("/giveaway start");
    const option = page.getByRole("option", { name: /^\/giveaway start/ });
    await expect.poll(() => option.getAttribute("aria-disabled")).toBe("true");
    await box.fill("");
    await be(page, "owner");
    await box.fill("/giveaway start");
    await expect
      .poll(() => page.getByRole("option", { name: /^\/giveaway start/ }).getAttribute("aria-disabled"))
      .toBe("false");
  });

  it("works at 390 px: channels in a drawer, the composer reachable", async () => {
    const page = await open("/sandbox?as=member", viewports.mobile);
    await openChannel(page, "general");
    await page.getByRole("combobox", { name: "Message #general" }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath("sandbox-mobile") });
  });
});
