import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { docsPageModules } from "../../pages/docs/docs-page-modules";

describe("the Events guide's lottery, raffle, ping and invite sections", () => {
  it("has a section each, with the lottery and raffle commands from the catalogue", async () => {
    // The guide as the site loads it: its module from the docs registry (src/content/docs/events.mdx).
    const load = docsPageModules["/docs/events"];
    if (!load) throw new Error("no /docs/events guide");
    const { DocsContent: Events } = await load();
    const router = createMemoryRouter([{ path: "*", element: <Events /> }], {
      initialEntries: ["/docs/events"],
    });
    render(<RouterProvider router={router} />);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    // The guide's sections in order: the four of lotteries, raffles, pings and invites follow the
    // giveaways, birthdays and tournaments, then the closing call to action.
    expect(headings).toEqual([
      "Who runs events#",
      "Giveaways#",
      "Birthdays#",
      "Tournaments#",
      "Lottery#",
      "Raffle#",
      "Events ping role#",
      "Giveaway invite requirement#",
      "Start your first event",
    ]);
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
