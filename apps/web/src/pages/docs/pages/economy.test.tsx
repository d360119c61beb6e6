import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DocsContent } from "./economy";

describe("the Economy Helpers guide", () => {
  it("has a section per helper with its commands from the catalogue", () => {
    const router = createMemoryRouter([{ path: "/", element: <DocsContent /> }]);
    render(<RouterProvider router={router} />);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(
      expect.arrayContaining(["Calculator#", "Bank calculator#", "Market checker#", "Tips#"]),
    );
    const market = screen.getByRole("region", { name: "Market commands" });
    expect(within(market).getAllByRole("row").length).toBe(1 + 8);
    expect(
      within(screen.getByRole("region", { name: "Calculator command" })).getByText("/calc <expression>"),
    ).not.toBeNull();
  });
});
