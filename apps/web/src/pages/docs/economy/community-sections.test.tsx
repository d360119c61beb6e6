import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DocsContent } from "../pages/economy";

describe("the Economy Helpers guide's issue 13 sections", () => {
  it("documents the event helper, rumble tracker, heist, triggers and anti-pool with their catalogue commands", () => {
    const router = createMemoryRouter([{ path: "/", element: <DocsContent /> }]);
    render(<RouterProvider router={router} />);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        "Event helper#",
        "Rumble tracker#",
        "Heist announcements and the heist image#",
        "Server triggers#",
        "Anti-pool protection#",
      ]),
    );
    const rows = (caption: string) =>
      within(screen.getByRole("region", { name: caption })).getAllByRole("row").length;
    expect(rows("Trigger commands")).toBe(1 + 4);
    expect(rows("Rumble commands")).toBe(1 + 2);
    expect(rows("Heist command")).toBe(1 + 1);
    expect(rows("Anti-pool command")).toBe(1 + 1);
    expect(
      screen.getByText(/Cannot disable Anti-Pool Protection while Pool Manager ID is set/).textContent,
    ).toContain("Please clear the Pool Manager ID first.");
  });
});
