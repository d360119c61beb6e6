import type { GiveawayListItem } from "@hearth/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  applyGiveawayFilters,
  giveawayTotals,
  type SortOrder,
  type StatusFilter,
} from "../features/giveaways/list-filters";
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

/**
 * `GET /api/giveaways` as the server answers it: searched, filtered and sorted with the same rules,
 * cut to `limit` from `cursor`, with the paging and tile headers.
 */
function serveList(all: readonly GiveawayListItem[]) {
  return (url: URL) => {
    if (url.pathname !== "/api/giveaways") return undefined;
    const params = url.searchParams;
    const now = Date.now();
    const matching = applyGiveawayFilters(
      all,
      {
        query: params.get("q") ?? "",
        status: (params.get("status") ?? "all") as StatusFilter,
        sort: (params.get("sort") ?? "newest") as SortOrder,
      },
      now,
    );
    const limit = Number(params.get("limit") ?? 24);
    const offset = Number(params.get("cursor") ?? 0);
    const items = matching.slice(offset, offset + limit);
    const totals = giveawayTotals(all, now);
    const headers: Record<string, string> = {
      "x-total-count": String(matching.length),
      "x-giveaways-total": String(totals.total),
      "x-giveaways-running": String(totals.active),
      "x-giveaways-entries": String(totals.participants),
    };
    if (offset + items.length < matching.length) headers["x-next-cursor"] = String(offset + items.length);
    return { body: items, headers };
  };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const titles = () => screen.getAllByRole("article").map((card) => card.querySelector("h2")?.textContent);

describe("Giveaways page", () => {
  it("shows the loading text, the tiles and a card per giveaway", async () => {
    mockApi(serveList(list as GiveawayListItem[]));
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
    mockApi(serveList(list as GiveawayListItem[]));
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

  it("searches, filters by status and sorts on the server", async () => {
    const api = mockApi(serveList(list as GiveawayListItem[]));
    renderApp("/giveaways");
    await screen.findByRole("article", { name: "Nitro Classic" });
    expect(titles()).toEqual(["Nitro Classic", "5m coins", "Steam key"]);
    const asked = () => api.mock.calls.map(([url]) => new URL(String(url), "http://hearth.test").search);
    expect(asked()).toContain("?limit=24&sort=newest");

    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "popular" } });
    await waitFor(() => expect(titles()).toEqual(["Steam key", "Nitro Classic", "5m coins"]));
    fireEvent.change(screen.getByLabelText("Sort"), { target: { value: "ending" } });
    await waitFor(() => expect(titles()).toEqual(["5m coins", "Nitro Classic", "Steam key"]));

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "ended" } });
    await waitFor(() => expect(titles()).toEqual(["Steam key"]));
    expect(screen.getByText("1 of 3 giveaways")).not.toBeNull();
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "active" } });
    await waitFor(() => expect(titles()).toEqual(["5m coins", "Nitro Classic"]));
    expect(asked()).toContain("?limit=24&status=active&sort=ending");

    fireEvent.change(screen.getByLabelText("Search giveaways or servers"), { target: { value: "GRIND" } });
    await waitFor(() => expect(titles()).toEqual(["5m coins"]));
    expect(asked()).toContain("?limit=24&q=GRIND&status=active&sort=ending");
    expect(screen.getByLabelText("Search giveaways or servers").getAttribute("placeholder")).toBe(
      "Search giveaways or servers...",
    );

    fireEvent.change(screen.getByLabelText("Search giveaways or servers"), { target: { value: "nope" } });
    await waitFor(() => expect(screen.queryAllByRole("article")).toHaveLength(0));
    expect(screen.getByRole("heading", { name: "No giveaways found" }).nextElementSibling?.textContent).toBe(
      "Try adjusting your search or filters",
    );
  });

  it("loads 24 at a time; Load more (a button in the tab order) appends the next page and focuses its first card", async () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      item(n + 1, { prize: `Prize ${n + 1}`, messageId: String(300000000000000000 + n) }),
    ) as GiveawayListItem[];
    const api = mockApi(serveList(many));
    renderApp("/giveaways");
    await screen.findByRole("article", { name: "Prize 1" });
    expect(screen.getAllByRole("article")).toHaveLength(24);
    expect(screen.getByText("30 giveaways")).not.toBeNull();
    expect(screen.getByText("Showing 24 of 30")).not.toBeNull();

    const more = screen.getByRole("button", { name: "Load more giveaways" });
    more.focus();
    expect(document.activeElement).toBe(more);
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    expect(api.mock.calls.map(([url]) => String(url))).toContain(
      "/api/giveaways?limit=24&sort=newest&cursor=24",
    );
    // Focus moves to the first new card; the list is complete, so the button goes.
    await waitFor(() => expect(document.activeElement?.querySelector("h2")?.textContent).toBe("Prize 25"));
    expect(screen.queryByRole("button", { name: "Load more giveaways" })).toBeNull();
    expect(titles()).toEqual(many.map((giveaway) => giveaway.prize));
  });

  it("says to check back later when there are none", async () => {
    mockApi((url) => (url.pathname === "/api/giveaways" ? { body: [] } : undefined));
    renderApp("/giveaways");
    const empty = await screen.findByRole("heading", { name: "No giveaways found" });
    expect(empty.nextElementSibling?.textContent).toBe("Check back later for new giveaways!");
    expect(screen.queryAllByRole("article")).toHaveLength(0);
  });

  it("says a failed load failed, never 'No giveaways found', and retries (issue 24 §6)", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let failing = true;
    mockApi((url) =>
      url.pathname === "/api/giveaways"
        ? failing
          ? { status: 500, body: {} }
          : { body: list }
        : url.pathname === "/api/giveaways/upcoming"
          ? { body: [] }
          : undefined,
    );
    renderApp("/giveaways");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load giveaways. Please try again.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "No giveaways found" })).toBeNull();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
    await waitFor(() => expect(error).toHaveBeenCalled());
    failing = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Nitro Classic")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
