import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/api-mock";
import { renderWithProviders } from "../../test/render";
import { SiteFooter } from "./site-footer";
import { HEALTH_REFRESH_MS } from "./status-line";

function renderFooter() {
  renderWithProviders(<SiteFooter />);
  return screen.getByRole("contentinfo");
}

describe("SiteFooter", () => {
  it("describes the product", () => {
    const footer = renderFooter();
    expect(
      within(footer)
        .queryByText(/^A powerful automation bot/)
        ?.textContent?.trim(),
    ).toBe("A powerful automation bot for communities that want effortless server management.");
  });

  it("links the spec's six footer pages", () => {
    renderFooter();
    const nav = screen.getByRole("navigation", { name: "Footer" });
    const links = within(nav).getAllByRole("link");

    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Commands", "/commands"],
      ["Invite", "/invite"],
      ["Support", "/support"],
      ["Discovery", "/discovery"],
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
    ]);
  });

  it("shows the status line from the health check, the copyright and a contact address", async () => {
    mockApi(() => undefined);
    const footer = renderFooter();

    expect((await within(footer).findByText("All systems operational")).getAttribute("aria-live")).toBe(
      "polite",
    );
    expect(within(footer).queryByText(/^©/)?.textContent).toBe(
      `© ${new Date().getFullYear()} Hearth. All rights reserved.`,
    );
    const contact = within(footer).getByRole("link", { name: /@/ });
    expect(contact.getAttribute("href")).toMatch(/^mailto:.+@.+/);
  });
});

describe("SiteFooter year", () => {
  afterEach(() => vi.useRealTimers());

  it("takes the year from the clock, not from when the page was written (issue 24 §5)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-04T12:00:00Z"));
    const footer = renderFooter();
    expect(within(footer).queryByText(/^©/)?.textContent).toBe("© 2031 Hearth. All rights reserved.");
  });
});

describe("SiteFooter status line", () => {
  it("says the status is unavailable when the health check fails, never claiming all is well", async () => {
    mockApi((url) => (url.pathname === "/health" ? { status: 500, body: {} } : undefined));
    const footer = renderFooter();

    expect((await within(footer).findByText("Status unavailable")).getAttribute("aria-live")).toBe("polite");
    expect(within(footer).queryByText("All systems operational")).toBeNull();
  });

  it("reports a degraded service", async () => {
    mockApi((url) =>
      url.pathname === "/health"
        ? {
            status: 503,
            body: { status: "degraded", database: "unreachable", uptimeSeconds: 1, version: "x" },
          }
        : undefined,
    );
    const footer = renderFooter();
    expect((await within(footer).findByText("Some systems degraded")).getAttribute("aria-live")).toBe(
      "polite",
    );
    expect(within(footer).queryByText("All systems operational")).toBeNull();
  });
});

describe("SiteFooter status line over time", () => {
  afterEach(() => vi.useRealTimers());

  it("follows /health while the page stays open: ok, then degraded (issue 24 §5)", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    let healthy = true;
    mockApi((url) =>
      url.pathname === "/health" && !healthy
        ? {
            status: 503,
            body: { status: "degraded", database: "unreachable", uptimeSeconds: 1, version: "x" },
          }
        : undefined,
    );
    const footer = renderFooter();
    await within(footer).findByText("All systems operational");
    healthy = false;
    await act(async () => {
      vi.advanceTimersByTime(HEALTH_REFRESH_MS + 1);
    });
    expect(await within(footer).findByText("Some systems degraded")).toBeTruthy();
    expect(within(footer).queryByText("All systems operational")).toBeNull();
  });
});
