import { spawn } from "node:child_process";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchChromium, openPage } from "./browser";
import { type HearthServer, repoRoot, startHearthServer } from "./hearth-server";

const tokenCli = path.join(repoRoot, "apps", "server", "src", "cli", "token.ts");

/** Runs the real token CLI (`create …`) on the suite's database and answers the printed token. */
export async function createToken(server: HearthServer, args: string[]): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", tokenCli, "create", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: "silent", DISCORD_TOKEN: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const token = out.trim();
  if (code !== 0 || !/^[0-9a-f]{56}$/.test(token))
    throw new Error(`token CLI failed (exit ${code}): ${err || out}`);
  return token;
}

/** A JSON call to the API with a dashboard token, as the dashboard makes it. */
export async function api<T>(
  server: HearthServer,
  token: string | null,
  pathname: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${server.baseUrl}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export interface Fixture {
  demoServerId: string;
  demoToken: string;
  otherServerId: string;
  otherServerName: string;
  otherToken: string;
}

/**
 * Tokens made with the CLI: one for an admin member of the demo server (its owner already got the
 * token printed at start-up), one for another server of the sandbox directory.
 */
export async function makeFixture(server: HearthServer): Promise<Fixture> {
  const directory = (await api<{ id: string; name: string }[]>(server, null, "/api/discovery")).body;
  const giveaways = (await api<{ guildId: string }[]>(server, null, "/api/giveaways")).body;
  const demoServerId = giveaways[0]?.guildId;
  if (!demoServerId) throw new Error("the demo data has no giveaway");
  const other = directory.find((entry) => entry.id !== demoServerId);
  if (!other) throw new Error("the sandbox directory has no second server");
  // Tokens follow Discord: the admin token goes to a demo member who holds Administrator.
  const demoToken = await createToken(server, ["--demo", "--permission", "admin"]);
  const otherToken = await createToken(server, ["--server", other.id, "--permission", "owner"]);
  return { demoServerId, demoToken, otherServerId: other.id, otherServerName: other.name, otherToken };
}

/** Console errors a dashboard journey causes on purpose (a 404 that means "none yet", say). */
export const expectedNotFound = [/status of 404/, /Resource not found \(404\)/];

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/**
 * A page whose browser already holds `token` as the stored session (set once per context, so a
 * logout in the test really logs out).
 */
export async function signedInPage(
  browser: Browser,
  server: HearthServer,
  token: string | null,
  viewport?: { width: number; height: number },
  expiry: string = new Date(Date.now() + 7 * 86_400_000).toISOString(),
): Promise<OpenedPage> {
  const opened = await openPage(browser, server.baseUrl, viewport);
  if (token) {
    await opened.context.addInitScript(
      ([value, until]) => {
        if (sessionStorage.getItem("e2e-seeded")) return;
        sessionStorage.setItem("e2e-seeded", "1");
        localStorage.setItem("dashboardToken", value);
        localStorage.setItem("dashboardTokenExpiry", until);
      },
      [token, expiry] as const,
    );
  }
  return opened;
}

/** The problems left after removing the expected ones. */
export function unexpected(problems: readonly string[], allowed: readonly RegExp[]): string[] {
  return problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
}

export function storedSession(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() => [
    localStorage.getItem("dashboardToken"),
    localStorage.getItem("dashboardTokenExpiry"),
  ]);
}

/**
 * What a dashboard suite shares: one Hearth server, one browser and the fixture's tokens (made
 * before its tests), and the page each test opened (`track`), closed after the test with its console
 * problems checked, bar those the test allowed (`allow`).
 */
export interface DashboardSuite {
  readonly server: HearthServer;
  readonly browser: Browser;
  readonly fixture: Fixture;
  /** The page this test opened: closed and checked after it (or at `closeTracked`). */
  track(opened: OpenedPage): OpenedPage;
  /** Console problems this test causes on purpose. */
  allow(patterns: RegExp[]): void;
  /** Closes the tracked page now and checks its problems (a test that opens several pages). */
  closeTracked(): Promise<void>;
}

export function dashboardSuite(): DashboardSuite {
  let server: HearthServer | undefined;
  let browser: Browser | undefined;
  let fixture: Fixture | undefined;
  let tracked: OpenedPage | undefined;
  let allowed: RegExp[] = [];
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the dashboard suite is used before its beforeAll ran");
    return value;
  };
  const suite: DashboardSuite = {
    get server() {
      return ready(server);
    },
    get browser() {
      return ready(browser);
    },
    get fixture() {
      return ready(fixture);
    },
    track(opened) {
      tracked = opened;
      return opened;
    },
    allow(patterns) {
      allowed = patterns;
    },
    async closeTracked() {
      const closing = tracked;
      tracked = undefined;
      await closing?.context.close();
      const left = unexpected(closing?.problems ?? [], allowed);
      expect(left).toEqual([]);
    },
  };
  beforeAll(async () => {
    server = await startHearthServer();
    browser = await launchChromium();
    fixture = await makeFixture(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    try {
      await suite.closeTracked();
    } finally {
      allowed = [];
    }
  });
  return suite;
}
