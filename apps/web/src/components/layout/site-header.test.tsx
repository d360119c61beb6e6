import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { LoginModalProvider, useLoginModal } from "../../lib/login-modal-context";
import { EXPIRY_KEY, TOKEN_KEY } from "../../lib/session";
import { SiteHeader } from "./site-header";

function ModalFlag() {
  return <output data-testid="login-modal">{useLoginModal().isOpen ? "open" : "closed"}</output>;
}

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderHeader(path = "/") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <LoginModalProvider>
        <SiteHeader />
        <ModalFlag />
        <Routes>
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </LoginModalProvider>
    </MemoryRouter>,
  );
  return {
    nav: screen.getByRole("navigation", { name: "Main" }),
    menuButton: screen.getByRole("button", { name: "Menu" }),
    menuList: document.getElementById("site-menu") as HTMLElement,
  };
}

describe("SiteHeader", () => {
  it("links the brand home and lists the navigation in the spec's order", () => {
    const { nav } = renderHeader();

    expect(screen.getByRole("link", { name: "Hearth" }).getAttribute("href")).toBe("/");
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Commands", "/commands"],
      ["Docs", "/docs"],
      ["Discovery", "/discovery"],
      ["Giveaways", "/giveaways"],
      ["Invite", "/invite"],
      ["Support", "/support"],
    ]);
  });

  it("marks only the active route's link with aria-current", () => {
    const { nav } = renderHeader("/commands");

    const current = within(nav)
      .getAllByRole("link")
      .filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((link) => link.textContent)).toEqual(["Commands"]);
  });

  it("does not mark Home active on other routes, but does on /", () => {
    const { nav } = renderHeader("/");
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Support" }).getAttribute("aria-current")).toBeNull();
  });

  it("moves the active mark when a link is followed", () => {
    const { nav } = renderHeader("/");

    fireEvent.click(within(nav).getByRole("link", { name: "Giveaways" }));

    expect(screen.getByTestId("path").textContent).toBe("/giveaways");
    expect(within(nav).getByRole("link", { name: "Giveaways" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });
});

describe("SiteHeader mobile menu", () => {
  it("toggles with aria-expanded and controls the menu list", () => {
    const { menuButton, menuList } = renderHeader();

    expect(menuButton.getAttribute("aria-controls")).toBe(menuList.id);
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(menuList.dataset.open).toBe("false");

    fireEvent.click(menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(menuList.dataset.open).toBe("true");

    fireEvent.click(menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on Escape and returns focus to the menu button", () => {
    const { menuButton } = renderHeader();
    fireEvent.click(menuButton);
    screen.getByRole("link", { name: "Docs" }).focus();

    fireEvent.keyDown(document, { key: "Escape" });

    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menuButton);
  });

  it("closes when a link is followed", () => {
    const { menuButton } = renderHeader("/");
    fireEvent.click(menuButton);

    fireEvent.click(screen.getByRole("link", { name: "Discovery" }));

    expect(screen.getByTestId("path").textContent).toBe("/discovery");
    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes when the current page's own link is followed", () => {
    const { menuButton } = renderHeader("/support");
    fireEvent.click(menuButton);

    fireEvent.click(screen.getByRole("link", { name: "Support" }));

    expect(menuButton.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("Dashboard button", () => {
  it("opens the login modal flag when there is no session", () => {
    renderHeader();
    expect(screen.getByTestId("login-modal").textContent).toBe("closed");

    fireEvent.click(screen.getByRole("button", { name: "Dashboard" }));

    expect(screen.getByTestId("login-modal").textContent).toBe("open");
    expect(screen.getByTestId("path").textContent).toBe("/");
  });

  it("links to /dashboard when a session exists", () => {
    localStorage.setItem(TOKEN_KEY, "f".repeat(56));
    localStorage.setItem(EXPIRY_KEY, new Date(Date.now() + 60_000).toISOString());
    renderHeader();

    expect(screen.queryByRole("button", { name: "Dashboard" })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Dashboard" }));

    expect(screen.getByTestId("path").textContent).toBe("/dashboard");
    expect(screen.getByTestId("login-modal").textContent).toBe("closed");
  });

  it("treats an expired session as none and clears it", () => {
    localStorage.setItem(TOKEN_KEY, "f".repeat(56));
    localStorage.setItem(EXPIRY_KEY, new Date(Date.now() - 60_000).toISOString());
    renderHeader();

    // Signed out: the Dashboard entry asks for a token (opens the modal) instead of linking.
    expect(screen.getByRole("button", { name: "Dashboard" }).getAttribute("aria-haspopup")).toBe("dialog");
    expect(screen.queryByRole("link", { name: "Dashboard" })).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(EXPIRY_KEY)).toBeNull();
  });
});
