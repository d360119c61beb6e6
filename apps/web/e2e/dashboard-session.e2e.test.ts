import { describe, expect, it } from "vitest";
import { openPage } from "./browser";
import { api, dashboardSuite, signedInPage, storedSession } from "./dashboard-support";

const suite = dashboardSuite();

async function open(token: string | null, expiry?: string) {
  const opened = suite.track(await signedInPage(suite.browser, suite.server, token, undefined, expiry));
  return opened.page;
}

describe("dashboard session", () => {
  it("sends a visitor without a token to the root and opens the login modal", async () => {
    const page = await open(null);
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("dialog", { name: "Dashboard Access" }).waitFor();
    expect(await page.getByRole("heading", { name: "Server dashboard" }).count()).toBe(0);
  });

  it("logs in through the modal and shows the header of the token's server", async () => {
    const page = await open(null);
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Dashboard" }).click();
    const dialog = page.getByRole("dialog", { name: "Dashboard Access" });
    await dialog.getByLabel("Dashboard Token").fill(suite.fixture.demoToken);
    await dialog.getByRole("button", { name: "Authorize" }).click();
    await page.waitForURL(`**/dashboard/${suite.fixture.demoServerId}`);

    const info = (
      await api<{ name: string; memberCount: number }>(
        suite.server,
        suite.fixture.demoToken,
        "/api/dashboard/server",
      )
    ).body;
    const me = (
      await api<{ userName: string }>(suite.server, suite.fixture.demoToken, "/api/dashboard/token-info")
    ).body;
    await page.getByRole("heading", { level: 1, name: info.name }).waitFor();
    await page
      .getByText(`${info.memberCount.toLocaleString("en-US")} members`)
      .first()
      .waitFor();
    await page.getByText(suite.fixture.demoServerId, { exact: true }).waitFor();
    await page.getByText(me.userName, { exact: true }).waitFor();
    await page.getByText("Admin", { exact: true }).waitFor();
    expect(await page.getByRole("img", { name: `${info.name} icon` }).getAttribute("src")).toMatch(
      /^data:image/,
    );
    expect((await storedSession(page))[0]).toBe(suite.fixture.demoToken);
  });

  it("shows the default image when the server icon fails to load", async () => {
    const page = await open(suite.fixture.demoToken);
    await page.route("**/api/dashboard/server", async (route) => {
      const response = await route.fetch();
      const body = { ...(await response.json()), icon: "/images/missing-icon.png" };
      await route.fulfill({ response, json: body });
    });
    suite.allow([/status of 404/]);
    await page.goto("/dashboard");
    const icon = page.locator("header img").first();
    await expect.poll(() => icon.getAttribute("src"), { timeout: 5000 }).toBe("/images/default-server.svg");
  });

  it("redirects /dashboard and another server's dashboard to the token's own server, keeping the tab", async () => {
    const page = await open(suite.fixture.demoToken);
    await page.goto("/dashboard");
    await page.waitForURL(`**/dashboard/${suite.fixture.demoServerId}`);
    await page.goto(`/dashboard/${suite.fixture.otherServerId}?tab=timers`);
    await page.waitForURL(`**/dashboard/${suite.fixture.demoServerId}?tab=timers`);
    expect(await page.getByRole("tab", { name: "Timers" }).getAttribute("aria-selected")).toBe("true");
  });

  it("removes an expired token on read and goes to the root", async () => {
    const page = await open(suite.fixture.demoToken, new Date(Date.now() - 1000).toISOString());
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/");
    expect(await storedSession(page)).toEqual([null, null]);
  });

  it("logs out on a 401 while loading: token cleared, back to the root", async () => {
    suite.allow([/401/]);
    const page = await open("f".repeat(56));
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/");
    expect(await storedSession(page)).toEqual([null, null]);
    expect(await page.getByRole("dialog", { name: "Dashboard Access" }).count()).toBe(0);
  });

  it("logs out with the header button", async () => {
    const page = await open(suite.fixture.demoToken);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await storedSession(page)).toEqual([null, null]);
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("dialog", { name: "Dashboard Access" }).waitFor();
  });

  it("never shows this server's data to a token of another server", async () => {
    // The API refuses the other server's token on this server's routes…
    const refused = await api<{ message: string }>(
      suite.server,
      suite.fixture.otherToken,
      `/api/grinders/${suite.fixture.demoServerId}/grinders`,
    );
    expect(refused.status).toBe(403);
    const demoGrinders = (
      await api<{ userId: string; username?: string; displayName?: string | null }[]>(
        suite.server,
        suite.fixture.demoToken,
        `/api/grinders/${suite.fixture.demoServerId}/grinders`,
      )
    ).body;
    const demoName = (
      await api<{ name: string }>(suite.server, suite.fixture.demoToken, "/api/dashboard/server")
    ).body.name;

    // …and the dashboard, even in a browser that just showed this server, shows only its own.
    const page = await open(suite.fixture.demoToken);
    await page.goto("/dashboard?tab=grinders");
    // The row shows the member's id under their name (display name, else username: the demo seed
    // gives only some members a display name, and which grinder sorts first depends on the date).
    await page
      .getByText(demoGrinders[0]?.userId ?? "")
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.evaluate(
      ([token]) => {
        localStorage.setItem("dashboardToken", token);
        localStorage.setItem("dashboardTokenExpiry", new Date(Date.now() + 86_400_000).toISOString());
      },
      [suite.fixture.otherToken] as const,
    );
    await page.goto(`/dashboard/${suite.fixture.demoServerId}?tab=grinders`);
    await page.waitForURL(`**/dashboard/${suite.fixture.otherServerId}?tab=grinders`);
    await page.getByRole("heading", { level: 1, name: suite.fixture.otherServerName }).waitFor();
    await page.waitForLoadState("networkidle");
    const text = await page.locator("main").textContent();
    expect(text).not.toContain(demoName);
    for (const grinder of demoGrinders.slice(0, 10)) {
      expect(text).not.toContain(grinder.userId);
      if (grinder.username) expect(text).not.toContain(grinder.username);
      if (grinder.displayName) expect(text).not.toContain(grinder.displayName);
    }
    expect(text).not.toContain(suite.fixture.demoServerId);
  });
});

describe("dashboard bundle", () => {
  it("is not loaded on public pages, only on dashboard routes", async () => {
    const opened = suite.track(await openPage(suite.browser, suite.server.baseUrl));
    const scripts: string[] = [];
    opened.page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    for (const pathname of ["/", "/commands", "/discovery", "/docs"]) {
      await opened.page.goto(pathname);
      await opened.page.waitForLoadState("networkidle");
    }
    expect(scripts.filter((url) => url.includes("dashboard-page"))).toEqual([]);

    await opened.page.evaluate(
      ([token]) => {
        localStorage.setItem("dashboardToken", token);
        localStorage.setItem("dashboardTokenExpiry", new Date(Date.now() + 86_400_000).toISOString());
      },
      [suite.fixture.demoToken] as const,
    );
    await opened.page.goto("/dashboard");
    await opened.page.getByRole("tablist", { name: "Dashboard sections" }).waitFor();
    expect(scripts.filter((url) => url.includes("dashboard-page")).length).toBe(1);
  });
});
