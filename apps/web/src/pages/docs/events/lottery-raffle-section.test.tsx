import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LotteryRaffleSections } from "./lottery-raffle-section";

describe("the Events guide's lottery, raffle, ping and invite sections", () => {
  it("has a section each, with the lottery and raffle commands from the catalogue", () => {
    const router = createMemoryRouter([{ path: "/", element: <LotteryRaffleSections /> }]);
    render(<RouterProvider router={router} />);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Lottery#", "Raffle#", "Events ping role#", "Giveaway invite requirement#"]);
    for (const [caption, command] of [
      ["Lottery commands", "/lottery ticket"],
      ["Raffle commands", "/raffle add"],
    ] as const) {
      const table = screen.getByRole("region", { name: caption });
      expect(within(table).getAllByRole("row")).toHaveLength(1 + 4);
      expect(within(table).getByText(new RegExp(`^${command}`)).textContent).toMatch(
        new RegExp(`^${command}`),
      );
    }
    const pings = screen.getByRole("region", { name: "When the events ping role is mentioned" });
    expect(
      within(pings)
        .getAllByRole("row")
        .map((row) => row.firstElementChild?.textContent),
    ).toEqual(["Event", "Giveaway", "Lottery", "Raffle", "Tournament"]);
    expect(screen.getByRole("link", { name: "giveaway tuning" }).getAttribute("href")).toBe(
      "/docs/advanced#giveaways",
    );
  });
});
