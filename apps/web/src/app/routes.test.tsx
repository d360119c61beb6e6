import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SITE_TITLE } from "../lib/route-handle";
import { docsPages } from "../pages/docs/docs-nav";
import { mockApi } from "../test/api-mock";
import { renderApp } from "../test/render";

function renderAt(path: string) {
  return renderApp(path).router;
}

beforeEach(() => {
  // No API behind these tests: every call answers 404, as an unknown route would.
  mockApi(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

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
];

describe("routes", () => {
  it("renders the landing hero at /", async () => {
    renderAt("/");

    const heading = await screen.findByRole("heading", { level: 1, name: "Hearth" });
    const main = screen.getByRole("main");
    expect(main.contains(heading)).toBe(true);
    expect(within(main).queryByText("The Future of Discord Automation")).not.toBeNull();
    // The hero's buttons come first; the closing call to action repeats Add to Server.
    expect(within(main).getAllByRole("link", { name: "Add to Server" })[0]?.getAttribute("href")).toBe(
      "/invite",
    );
    expect(within(main).getByRole("link", { name: "Explore Features" }).getAttribute("href")).toBe(
      "/commands",
    );
    await waitFor(() => expect(document.title).toBe(SITE_TITLE));
  });

  it.each(pages)("renders %s with its heading and document title", async (path, heading, title) => {
    renderAt(path);

    const h1 = await screen.findByRole("heading", { level: 1, name: heading }, { timeout: 4000 });
    expect(screen.getByRole("main").contains(h1)).toBe(true);
    await waitFor(() => expect(document.title).toBe(title));
    // Inside the site layout: the header with the main navigation and the footer with its links.
    expect(within(screen.getByRole("banner")).queryByRole("navigation", { name: "Main" })).not.toBeNull();
    expect(
      within(screen.getByRole("contentinfo")).queryByRole("navigation", { name: "Footer" }),
    ).not.toBeNull();
  });

  it("shows a 404 page inside the site layout for an unknown route", async () => {
    renderAt("/no/such/page");

    const heading = await screen.findByRole("heading", { level: 1, name: "Page not found" });
    const main = screen.getByRole("main");
    expect(main.contains(heading)).toBe(true);
    expect(within(main).getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    expect(within(screen.getByRole("banner")).queryByRole("navigation", { name: "Main" })).not.toBeNull();
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

/**
 * A guide's first render in a run waits for its chunk, compiled from MDX on first import (the MDX
 * compiler itself loads with the first guide): generous on a loaded machine.
 */
const docsGuideTimeout = 10_000;

describe("docs routes", () => {
  it("hide the site header and footer and show the docs sidebar", async () => {
    renderAt("/docs");

    const heading = await screen.findByRole(
      "heading",
      { level: 1, name: "Documentation" },
      { timeout: docsGuideTimeout },
    );
    expect(screen.getByRole("main").contains(heading)).toBe(true);
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.queryByText("All systems operational")).toBeNull();

    const sidebar = screen.getByRole("navigation", { name: "Documentation" });
    expect(
      within(sidebar)
        .getAllByRole("heading")
        .map((heading) => heading.textContent),
    ).toEqual(["Getting Started", "Core Features", "Server Management"]);
    expect(within(sidebar).getAllByRole("link")).toHaveLength(17);
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Quick Setup" }).getAttribute("href")).toBe("/docs/setup");
    expect(within(main).getAllByRole("link", { name: "View Commands" })[0]?.getAttribute("href")).toBe(
      "/commands",
    );
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    await waitFor(() => expect(document.title).toBe("Documentation · Hearth"));
  });

  it("render a docs page with its title and mark it current in the sidebar", async () => {
    renderAt("/docs/votetracker");

    const heading = await screen.findByRole(
      "heading",
      { level: 1, name: "Vote Tracker" },
      { timeout: docsGuideTimeout },
    );
    expect(screen.getByRole("main").contains(heading)).toBe(true);
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

    const heading = await screen.findByRole("heading", { level: 1, name: "Support & Help" });
    expect(screen.getByRole("main").contains(heading)).toBe(true);
    expect(screen.getByRole("link", { name: "Support & Help" }).getAttribute("href")).toBe("/docs/support");
  });

  it("show the 404 page without the site header for an unknown docs page", async () => {
    renderAt("/docs/nope");

    const heading = await screen.findByRole("heading", { level: 1, name: "Page not found" });
    expect(screen.getByRole("main").contains(heading)).toBe(true);
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    const sidebar = screen.getByRole("navigation", { name: "Documentation" });
    expect(within(sidebar).getAllByRole("link")).toHaveLength(17);
  });
});

describe("every docs page", () => {
  it.each(docsPages.map((entry) => [entry.path, entry.title] as const))(
    "%s renders its guide titled %s, with working links only",
    async (path, title) => {
      renderAt(path);

      const heading = await screen.findByRole(
        "heading",
        { level: 1, name: title },
        { timeout: docsGuideTimeout },
      );
      const main = screen.getByRole("main");
      expect(main.contains(heading)).toBe(true);
      // Real content, not a placeholder: several sections and a closing call to action.
      expect(within(main).getAllByRole("heading", { level: 2 }).length).toBeGreaterThanOrEqual(3);
      for (const link of within(main).getAllByRole("link")) {
        expect(link.getAttribute("href")).toMatch(/^(\/|#|https?:|mailto:)/);
      }
      await waitFor(() => expect(document.title).toBe(`${title} · Hearth`));
    },
  );
});

describe("meta descriptions", () => {
  const description = () => document.querySelector('meta[name="description"]')?.getAttribute("content");

  it("describe each page for search engines", async () => {
    renderAt("/commands");
    await screen.findByRole("heading", { level: 1, name: "Commands" }, { timeout: 4000 });
    await waitFor(() => expect(description()).toMatch(/^Every Hearth slash command/));
  });

  it("use a docs page's summary", async () => {
    renderAt("/docs/boards");
    await screen.findByRole("heading", { level: 1, name: "Boards" }, { timeout: docsGuideTimeout });
    const entry = docsPages.find((page) => page.path === "/docs/boards");
    await waitFor(() => expect(description()).toBe(entry?.summary));
  });
});
