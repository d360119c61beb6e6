import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/api-mock";
import { renderApp } from "../test/render";

const hour = 3_600_000;
const now = Date.now();
const item = (n: number, overrides: Record<string, unknown>) => ({
  guildId: "100000000000000001",
  messageId: `20000000000000000${n}`,
  prize: `Prize ${n}`,
  guildName: "Ember Hollow",
  active: true,
  endTime: now + 2 * 24 * hour + 5 * hour + 60_000,
  createdAt: now - n * hour,
  entries: 10,
  winners: 1,
  inviteUrl: null,
  ...overrides,
});

const list = [
  item(1, { prize: "Nitro Classic", entries: 40, winners: 1, inviteUrl: "https://discord.gg/ember" }),
  item(2, {
    prize: "5m coins",
    guildName: "Grind Club",
    endTime: now + 3 * hour + 12 * 60_000 + 30_000,
    entries: 12,
    winners: 3,
  }),
  item(3, { prize: "Steam key", active: false, endTime: now - hour, entries: 99, winners: 2 }),
];

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const titles = () => screen.getAllByRole("article").map((card) => card.querySelector("h2")?.textContent);

describe("Giveaways page", () => {
  it("shows the loading text, the tiles and a card per giveaway", async () => {
    mockApi((url) => (url.pathname === "/api/giveaways" ? { body: list } : undefined));
    renderApp("/giveaways");
    // Announced as a status while the list loads.
    expect((await screen.findByText("Loading giveaways...")).closest('[role="status"]')).not.toBeNull();

    await screen.findByRole("article", { name: "Nitro Classic" });
    const tiles = screen
      .getAllByRole("definition")
      .slice(0, 3)
      .map((tile) => tile.textContent);
    expect(tiles).toEqual(["3", "2", "151"]);
    const labels = screen
      .getAllByRole("term")
      .slice(0, 3)
      .map((tile) => tile.textContent);
    expect(labels).toEqual(["Total Giveaways", "Active Giveaways", "Total Participants"]);
  });

  it("renders a card with badge, countdown, counts, pluralised winners and links", async () => {
    mockApi((url) => (url.pathname === "/api/giveaways" ? { body: list } : undefined));
    renderApp("/giveaways");
    const nitro = await screen.findByRole("article", { name: "Nitro Classic" });
    expect(within(nitro).queryByText("Active")).not.toBeNull();
    expect(within(nitro).queryByText("Ended")).toBeNull();
    expect(within(nitro).getByTestId("giveaway-countdown").textContent).toBe("Ends in 2d 5h");
    const fact = (card: HTMLElement, label: string) =>
      within(card).getByText(label).nextElementSibling?.textContent;
    expect(fact(nitro, "Winners")).toBe("1 winner");
    expect(fact(nitro, "Participants")).toBe("40");
    expect(
      within(nitro).getByRole("link", { name: "View Details: Nitro Classic" }).getAttribute("href"),
    ).toBe("/giveaways/100000000000000001/200000000000000001");
    expect(
      within(nitro)
        .getByRole("link", { name: /Join Ember Hollow/ })
        .getAttribute("href"),
    ).toBe("https://discord.gg/ember");

    const coins = screen.getByRole("article", { name: "5m coins" });
    expect(within(coins).getByTestId("giveaway-countdown").textContent).toBe("Ends in 3h 12m");
    expect(fact(coins, "Winners")).toBe("3 winners");
    expect(within(coins).queryByRole("link", { name: /Join/ })).toBeNull();

    const steam = screen.getByRole("article", { name: "Steam key" });
    expect(within(steam).getAllByText("Ended")).toHaveLength(2);
  });

  it("searches, filters by status and sorts", async () => {
    mockApi((url) => (url.pathname === "/api/giveaways" ? { body: list } : undefined));
    renderApp("/giveaways");
    await screen.findByRole("article", { name: "Nitro Classic" });
    expect(titles()).toEqual(["Nitro Classic", "5m coins", "Steam key"]);

    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "popular" } });
    expect(titles()).toEqual(["Steam key", "Nitro Classic", "5m coins"]);
    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "ending" } });
    expect(titles()).toEqual(["5m coins", "Nitro Classic", "Steam key"]);

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "ended" } });
    expect(titles()).toEqual(["Steam key"]);
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "active" } });
    expect(titles()).toEqual(["5m coins", "Nitro Classic"]);

    fireEvent.change(screen.getByLabelText("Search giveaways or servers"), { target: { value: "GRIND" } });
    expect(titles()).toEqual(["5m coins"]);
    expect(screen.getByLabelText("Search giveaways or servers").getAttribute("placeholder")).toBe(
      "Search giveaways or servers...",
    );

    fireEvent.change(screen.getByLabelText("Search giveaways or servers"), { target: { value: "nope" } });
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    expect(screen.getByRole("heading", { name: "No giveaways found" }).nextElementSibling?.textContent).toBe(
      "Try adjusting your search or filters",
    );
  });

  it("says to check back later when there are none", async () => {
    mockApi((url) => (url.pathname === "/api/giveaways" ? { body: [] } : undefined));
    renderApp("/giveaways");
    const empty = await screen.findByRole("heading", { name: "No giveaways found" });
    expect(empty.nextElementSibling?.textContent).toBe("Check back later for new giveaways!");
    expect(screen.queryAllByRole("article")).toHaveLength(0);
  });

  it("logs a failed load and shows the empty list", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi(() => ({ status: 500, body: {} }));
    renderApp("/giveaways");
    const empty = await screen.findByRole("heading", { name: "No giveaways found" });
    expect(empty.nextElementSibling?.textContent).toBe("Check back later for new giveaways!");
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    await waitFor(() => expect(error).toHaveBeenCalled());
  });
});
