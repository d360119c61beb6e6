import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../test/api-mock";
import { renderWithProviders } from "../../test/render";
import { SiteFooter } from "./site-footer";

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
    expect(within(footer).queryByText(/^©/)?.textContent).toBe("© 2024 Hearth. All rights reserved.");
    const contact = within(footer).getByRole("link", { name: /@/ });
    expect(contact.getAttribute("href")).toMatch(/^mailto:.+@.+/);
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
