import { render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders } from "./providers";
import { createQueryClient } from "./query-client";
import { SITE_TITLE } from "./route-handle";
import { routes } from "./routes";

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const pages: [path: string, heading: string, title: string][] = [
  ["/commands", "Commands", "Commands · Hearth"],
  ["/invite", "Invite Hearth", "Invite · Hearth"],
  ["/support", "Support", "Support · Hearth"],
  ["/terms", "Terms of Service", "Terms of Service · Hearth"],
  ["/privacy", "Privacy Policy", "Privacy Policy · Hearth"],
  ["/refund", "Refund Policy", "Refund Policy · Hearth"],
  ["/discovery", "Server Discovery", "Server Discovery · Hearth"],
  ["/giveaways", "Giveaways", "Giveaways · Hearth"],
  ["/giveaways/123456789012345678/987654321098765432", "Giveaway Details", "Giveaway · Hearth"],
  ["/dashboard", "Dashboard", "Dashboard · Hearth"],
  ["/dashboard/123456789012345678", "Dashboard", "Dashboard · Hearth"],
];

describe("routes", () => {
  it("renders the landing hero at /", async () => {
    renderAt("/");

    expect(await screen.findByRole("heading", { level: 1, name: "Hearth" })).toBeDefined();
    expect(screen.getByText("The Future of Discord Automation")).toBeDefined();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Add to Server" }).getAttribute("href")).toBe("/invite");
    expect(within(main).getByRole("link", { name: "Explore Features" }).getAttribute("href")).toBe(
      "/commands",
    );
    await waitFor(() => expect(document.title).toBe(SITE_TITLE));
  });

  it.each(pages)("renders %s with its heading and document title", async (path, heading, title) => {
    renderAt(path);

    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeDefined();
    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.getByRole("banner")).toBeDefined();
    expect(screen.getByRole("contentinfo")).toBeDefined();
  });

  it("shows a 404 page inside the site layout for an unknown route", async () => {
    renderAt("/no/such/page");

    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeDefined();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeDefined();
    await waitFor(() => expect(document.title).toBe("Page not found · Hearth"));
  });

  it("gives every page a skip link to the main landmark", async () => {
    renderAt("/support");
    await screen.findByRole("heading", { level: 1, name: "Support" });

    const skip = screen.getByRole("link", { name: "Skip to content" });
    const target = document.getElementById(skip.getAttribute("href")?.slice(1) ?? "");
    expect(target).toBe(screen.getByRole("main"));
  });
});

describe("docs routes", () => {
  it("hide the site header and footer and show the docs sidebar", async () => {
    renderAt("/docs");

    expect(await screen.findByRole("heading", { level: 1, name: "Documentation" })).toBeDefined();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.queryByText("All systems operational")).toBeNull();

    const sidebar = screen.getByRole("navigation", { name: "Documentation" });
    for (const section of ["Getting Started", "Core Features", "Server Management"]) {
      expect(within(sidebar).getByRole("heading", { name: section })).toBeDefined();
    }
    expect(within(sidebar).getAllByRole("link")).toHaveLength(15);
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    await waitFor(() => expect(document.title).toBe("Documentation · Hearth"));
  });

  it("render a docs page with its title and mark it current in the sidebar", async () => {
    renderAt("/docs/votetracker");

    expect(await screen.findByRole("heading", { level: 1, name: "Vote Tracker" })).toBeDefined();
    const sidebar = screen.getByRole("navigation", { name: "Documentation" });
    expect(within(sidebar).getByRole("link", { name: "Vote Tracker" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(
      within(sidebar).getByRole("link", { name: "Introduction" }).getAttribute("aria-current"),
    ).toBeNull();
  });

  it("serve /docs/support, linked from the Need help box", async () => {
    renderAt("/docs/support");

    expect(await screen.findByRole("heading", { level: 1, name: "Support & Help" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Support & Help" }).getAttribute("href")).toBe("/docs/support");
  });

  it("show the 404 page without the site header for an unknown docs page", async () => {
    renderAt("/docs/nope");

    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeDefined();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.getByRole("navigation", { name: "Documentation" })).toBeDefined();
  });
});
