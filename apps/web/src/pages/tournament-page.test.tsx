import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, routesOf } from "../test/api-mock";
import { renderApp } from "../test/render";

const SERVER = "100000000000000001";
const path = `/api/tournaments/${SERVER}/7`;
const p = (n: number) => ({ userId: `50000000000000000${n}`, name: `Player ${n}` });

function detail(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    serverId: SERVER,
    serverName: "Ember Hollow",
    name: "Summer Cup",
    size: 4,
    status: "running",
    hostId: "329638211698262016",
    createdAt: Date.UTC(2025, 6, 20, 14),
    startedAt: Date.UTC(2025, 6, 20, 15),
    finishedAt: null,
    champion: null,
    players: [1, 2, 3].map((n) => ({ ...p(n), seed: n, alive: n !== 3 })),
    rounds: [
      {
        number: 1,
        name: "Semi-finals",
        matches: [
          {
            number: 1,
            round: 1,
            player1: p(1),
            player2: null,
            winnerId: p(1).userId,
            bye: true,
            reportedAt: null,
          },
          {
            number: 2,
            round: 1,
            player1: p(2),
            player2: p(3),
            winnerId: p(2).userId,
            bye: false,
            reportedAt: 1,
          },
        ],
      },
      {
        number: 2,
        name: "Final",
        matches: [
          { number: 3, round: 2, player1: p(1), player2: p(2), winnerId: null, bye: false, reportedAt: null },
        ],
      },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the public tournament page", () => {
  it("shows the header, the bracket by round with readable matches, and the players", async () => {
    mockApi(routesOf({ [path]: { body: detail() } }));
    renderApp(`/tournaments/${SERVER}/7`);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Summer Cup");
    expect(screen.getByText("In progress").textContent).toBe("In progress");
    const players = screen.getByText("Players", { selector: "dt" }).nextElementSibling;
    expect(players?.textContent).toBe("3 / 4");
    expect(screen.getByText("Matches played", { selector: "dt" }).nextElementSibling?.textContent).toBe(
      "1 / 2",
    );

    const bracket = screen.getByRole("region", { name: "Bracket" });
    expect(bracket.getAttribute("tabindex")).toBe("0");
    const semis = within(bracket).getByRole("region", { name: "Semi-finals" });
    expect(
      within(semis)
        .getAllByRole("listitem")
        .map((li) => li.querySelector(".sr-only")?.textContent),
    ).toEqual([
      "Match 1, Semi-finals: Player 1 has a bye",
      "Match 2, Semi-finals: Player 2 versus Player 3, won by Player 2",
    ]);
    const final = within(bracket).getByRole("region", { name: "Final" });
    expect(within(final).getByRole("listitem").querySelector(".sr-only")?.textContent).toBe(
      "Match 3, Final: Player 1 versus Player 2, not played yet",
    );
    expect(screen.queryByTestId("tournament-champion")).toBeNull();
    const list = screen.getByRole("heading", { name: "Players", level: 2 }).nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["#1Player 1In", "#2Player 2In", "#3Player 3Out"]);
  });

  it("crowns the champion once finished", async () => {
    mockApi(
      routesOf({
        [path]: { body: detail({ status: "finished", finishedAt: Date.UTC(2025, 6, 21), champion: p(2) }) },
      }),
    );
    renderApp(`/tournaments/${SERVER}/7`);
    expect((await screen.findByTestId("tournament-champion")).textContent).toBe("🏆 Champion: Player 2");
    expect(screen.getByText("Finished", { selector: "span" }).textContent).toBe("Finished");
  });

  it("explains a bracket not drawn yet while sign-ups are open", async () => {
    mockApi(routesOf({ [path]: { body: detail({ status: "signup", startedAt: null, rounds: [] }) } }));
    renderApp(`/tournaments/${SERVER}/7`);
    expect((await screen.findByRole("heading", { name: "Not drawn yet" })).textContent).toBe("Not drawn yet");
    expect(screen.queryByRole("region", { name: "Bracket" })).toBeNull();
  });

  it("shows a loading state, then not found for an unknown tournament", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi(async (url) => {
      if (url.pathname === path) await gate;
      return undefined;
    });
    renderApp(`/tournaments/${SERVER}/7`);
    expect((await screen.findByRole("status")).textContent).toBe("Loading tournament...");
    release();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading").textContent).toBe("Tournament Not Found");
    expect(within(alert).getByRole("link", { name: "Back to Hearth" }).getAttribute("href")).toBe("/");
  });

  it("offers a retry when loading fails", async () => {
    let fail = true;
    mockApi(
      routesOf({
        [path]: () =>
          fail ? { status: 500, body: { error: "Internal", message: "boom" } } : { body: detail() },
      }),
    );
    renderApp(`/tournaments/${SERVER}/7`);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading").textContent).toBe("Couldn't load the tournament");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect((await screen.findByRole("heading", { level: 1, name: "Summer Cup" })).textContent).toBe(
      "Summer Cup",
    );
  });
});
