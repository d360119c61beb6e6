import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { docsPageModules } from "../../pages/docs/docs-page-modules";

/** The guide as the site loads it: its module from the docs registry (src/content/docs/economy.mdx). */
async function renderGuide() {
  const load = docsPageModules["/docs/economy"];
  if (!load) throw new Error("no /docs/economy guide");
  const { DocsContent: Economy } = await load();
  const router = createMemoryRouter([{ path: "*", element: <Economy /> }], {
    initialEntries: ["/docs/economy"],
  });
  render(<RouterProvider router={router} />);
}

const rows = (caption: string) => within(screen.getByRole("region", { name: caption })).getAllByRole("row");
const h2s = () => screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);

describe("the Economy Helpers guide", () => {
  it("has a section per helper with its commands from the catalogue", async () => {
    await renderGuide();
    expect(h2s()).toEqual(
      expect.arrayContaining(["Calculator#", "Bank calculator#", "Market checker#", "Tips#"]),
    );
    expect(rows("Market commands").length).toBe(1 + 8);
    expect(
      within(screen.getByRole("region", { name: "Calculator command" })).getByText("/calc <expression>"),
    ).not.toBeNull();
  });

  it("documents the event helper, rumble tracker, heist, triggers and anti-pool with their catalogue commands", async () => {
    await renderGuide();
    expect(h2s()).toEqual(
      expect.arrayContaining([
        "Event helper#",
        "Rumble tracker#",
        "Heist announcements and the heist image#",
        "Server triggers#",
        "Anti-pool protection#",
      ]),
    );
    expect(rows("Trigger commands").length).toBe(1 + 4);
    expect(rows("Rumble commands").length).toBe(1 + 2);
    expect(rows("Heist command").length).toBe(1 + 1);
    expect(rows("Anti-pool command").length).toBe(1 + 1);
    expect(
      screen.getByText(/Cannot disable Anti-Pool Protection while Pool Manager ID is set/).textContent,
    ).toContain("Please clear the Pool Manager ID first.");
  });
});
