import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "./site-footer";

function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  return screen.getByRole("contentinfo");
}

describe("SiteFooter", () => {
  it("describes the product", () => {
    const footer = renderFooter();
    expect(
      within(footer).getByText(
        "A powerful automation bot for communities that want effortless server management.",
      ),
    ).toBeDefined();
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

  it("shows the status line, the copyright and a contact address", () => {
    const footer = renderFooter();

    expect(within(footer).getByText("All systems operational")).toBeDefined();
    expect(within(footer).getByText("© 2024 Hearth. All rights reserved.")).toBeDefined();
    const contact = within(footer).getByRole("link", { name: /@/ });
    expect(contact.getAttribute("href")).toMatch(/^mailto:.+@.+/);
  });
});
