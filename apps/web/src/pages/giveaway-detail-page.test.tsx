import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, routesOf } from "../test/api-mock";
import { renderApp } from "../test/render";

const SERVER = "100000000000000001";
const MESSAGE = "200000000000000002";
const base = `/api/giveaways/${SERVER}/${MESSAGE}`;
const hour = 3_600_000;

function detail(overrides: Record<string, unknown> = {}) {
  return {
    guildId: SERVER,
    messageId: MESSAGE,
    channelId: "300000000000000003",
    prize: "Nitro Classic",
    description: null,
    guildName: "Ember Hollow",
    hostId: "329638211698262016",
    donorId: "448866224466881234",
    active: true,
    endTime: Date.now() + 26 * hour,
    endedAt: null,
    createdAt: new Date(2025, 6, 20, 14, 30).getTime(),
    entriesCount: 60,
    winners: 2,
    winnerCount: 2,
    inviteUrl: "https://discord.gg/ember",
    minAccountAge: 30,
    minMemberAge: 7,
    minInvites: 2,
    requiredRoles: ["400000000000000004", "400000000000000005"],
    ...overrides,
  };
}

const participants = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    userId: `5000000000000000${String(n).padStart(2, "0")}`,
    username: n === 1 ? "" : `member${n}`,
    entries: n === 0 ? 2 : 1,
    timestamp: n === 2 ? 0 : Date.UTC(2025, 6, 20, 15),
    hasBypass: n === 0,
  }));

let calls: string[] = [];

/** The value shown under a header stat's label (Status, Entries, Winners, Started). */
const stat = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
/** A section's list rows, found from its heading. */
const rowsUnder = (heading: HTMLElement) =>
  within(heading.closest("section") as HTMLElement).getAllByRole("listitem");

beforeEach(() => {
  calls = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

function api(table: Parameters<typeof routesOf>[0]) {
  const route = routesOf(table);
  mockApi((url, init) => {
    if (url.pathname.startsWith("/api/")) calls.push(url.pathname);
    return route(url, init);
  });
}

describe("Giveaway detail: active", () => {
  it("shows the header, countdown in words, requirements and participants only", async () => {
    api({ [base]: { body: detail() }, [`${base}/participants`]: { body: participants(60) } });
    renderApp(`/giveaways/${SERVER}/${MESSAGE}`);

    const title = await screen.findByRole("heading", { level: 1, name: "Nitro Classic" });
    expect(screen.getByRole("main").contains(title)).toBe(true);
    expect(screen.getByText(/^Hosted by/).textContent).toBe("Hosted by Ember Hollow");
    expect(screen.getByText(/^Host ID/).textContent).toBe("Host ID …2016");
    expect(screen.getByText(/^Donor ID/).textContent).toBe("Donor ID …1234");
    expect(screen.queryByText("Active")).not.toBeNull();
    expect(screen.queryByText("Ended")).toBeNull();
    expect(screen.getByTestId("giveaway-status").textContent).toMatch(
      /^1 day, 1 hour, 59 minutes and \d+ seconds$|^1 day, 2 hours/,
    );
    expect(stat("Entries")).toBe("60");
    expect(stat("Winners")).toBe("2 winners");
    expect(stat("Started")).toMatch(/^Sunday, July 20, 2025 at/);
    expect(screen.getByRole("link", { name: /Join Server to Participate/ }).getAttribute("href")).toBe(
      "https://discord.gg/ember",
    );

    const requirements = screen
      .getByRole("heading", { name: "Entry Requirements" })
      .closest("section") as HTMLElement;
    expect(
      within(requirements)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.replace("•", "").trim()),
    ).toEqual([
      "Discord account at least 30 days old",
      "Server member for at least 7 days",
      "At least 2 server invites",
      "Must hold one of the 2 required roles",
    ]);

    const panel = (await screen.findByRole("heading", { name: "Participants (60)" })).closest(
      "section",
    ) as HTMLElement;
    const rows = () => within(panel).getAllByRole("listitem");
    expect(rows()).toHaveLength(50);
    const [first, second, third] = rows() as HTMLElement[];
    expect(within(first as HTMLElement).queryByText("Bypass")).not.toBeNull();
    expect(within(second as HTMLElement).queryByText("Bypass")).toBeNull();
    expect(first?.lastElementChild?.textContent).toBe("2 entries");
    expect(second?.lastElementChild?.textContent).toBe("1 entry");
    // A participant without a username shows the tail of their id.
    expect(second?.querySelector("p")?.textContent).toBe("User 0001");
    expect(third?.querySelectorAll("p")[1]?.textContent).toBe("Entered Unknown date");
    expect((rows()[0] as HTMLElement).querySelector("img")?.getAttribute("src")).toBe(
      `/avatars/${0 % 6}.svg`,
    );
    expect((rows()[13] as HTMLElement).querySelector("img")?.getAttribute("src")).toBe(
      `/avatars/${13 % 6}.svg`,
    );

    fireEvent.click(within(panel).getByRole("button", { name: "Show all 60 participants" }));
    expect(rows()).toHaveLength(60);

    expect(screen.queryByRole("heading", { name: /Winners/ })).toBeNull();
    expect(calls).not.toContain(`/api/giveaways/x/winners/${SERVER}`);
  });

  it("hides the requirements box when none are set and says when nobody entered", async () => {
    api({
      [base]: {
        body: detail({
          minAccountAge: 0,
          minMemberAge: 0,
          minInvites: 0,
          requiredRoles: [],
          entriesCount: 0,
          inviteUrl: null,
          donorId: null,
        }),
      },
      [`${base}/participants`]: { body: [] },
    });
    renderApp(`/giveaways/${SERVER}/${MESSAGE}`);
    const empty = await screen.findByText("No participants yet");
    expect(empty.closest("section")?.querySelector("h2")?.textContent).toBe("Participants (0)");
    expect(screen.queryByRole("heading", { name: "Entry Requirements" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Join Server/ })).toBeNull();
  });
});

describe("Giveaway detail: ended", () => {
  const winners = [
    {
      userId: "600000000000000007",
      username: "lucky",
      entries: 1,
      wonAt: Date.UTC(2025, 6, 21, 10),
      draw: 0,
    },
    { userId: "600000000000000008", username: "", entries: 3, wonAt: 0, draw: 0 },
    { username: "no id" },
  ];

  it("takes winners and entries from the winners list", async () => {
    api({
      [base]: { body: detail({ active: false, endTime: Date.now() - hour, winners: winners.slice(0, 2) }) },
      [`/api/giveaways/x/winners/${SERVER}`]: {
        body: [
          {
            messageId: "999999999999999999",
            prize: "Other",
            endedAt: 1,
            winners: [],
            entries: [],
            entriesCount: 0,
          },
          {
            messageId: MESSAGE,
            prize: "Nitro Classic",
            endedAt: 1,
            winners,
            entries: participants(3),
            entriesCount: 3,
          },
        ],
      },
    });
    renderApp(`/giveaways/${SERVER}/${MESSAGE}`);

    const panel = (await screen.findByRole("heading", { name: /Winners \(2\)/ })).closest(
      "section",
    ) as HTMLElement;
    // The winner without a user id is skipped; the one without a name shows the tail of their id.
    const winnerRows = within(panel).getAllByRole("listitem");
    expect(winnerRows.map((row) => row.querySelector("p")?.textContent)).toEqual(["lucky", "User 0008"]);
    expect(winnerRows[1]?.querySelectorAll("p")[1]?.textContent).toBe("Won Unknown date");
    expect(winnerRows[1]?.lastElementChild?.textContent).toBe("3 entries");
    expect(screen.getByTestId("giveaway-status").textContent).toBe("Ended");
    expect(screen.getAllByText("Ended").length).toBeGreaterThan(0);
    expect(rowsUnder(await screen.findByRole("heading", { name: "Participants (3)" }))).toHaveLength(3);
    expect(calls).not.toContain(`${base}/participants`);
    expect(console.warn).toHaveBeenCalledWith("Skipping a winner without a userId", { username: "no id" });
  });

  it("falls back to participants, with no winners, when the winners call fails", async () => {
    api({
      [base]: { body: detail({ active: false, endTime: Date.now() - hour }) },
      [`/api/giveaways/x/winners/${SERVER}`]: { status: 500, body: {} },
      [`${base}/participants`]: { body: participants(4) },
    });
    renderApp(`/giveaways/${SERVER}/${MESSAGE}`);
    expect(rowsUnder(await screen.findByRole("heading", { name: "Participants (4)" }))).toHaveLength(4);
    expect(screen.queryByRole("heading", { name: /Winners/ })).toBeNull();
    expect(calls).toEqual([base, `/api/giveaways/x/winners/${SERVER}`, `${base}/participants`]);
  });

  it("falls back to participants when the list has no record for this giveaway", async () => {
    api({
      [base]: { body: detail({ active: false, endTime: Date.now() - hour }) },
      [`/api/giveaways/x/winners/${SERVER}`]: { body: [] },
      [`${base}/participants`]: { body: participants(1) },
    });
    renderApp(`/giveaways/${SERVER}/${MESSAGE}`);
    expect(rowsUnder(await screen.findByRole("heading", { name: "Participants (1)" }))).toHaveLength(1);
  });
});

describe("Giveaway detail: not found", () => {
  it("shows 'Giveaway Not Found' with the default text for a 404", async () => {
    api({});
    renderApp(`/giveaways/${SERVER}/${MESSAGE}`);
    const heading = await screen.findByRole("heading", { name: "Giveaway Not Found" });
    expect(heading.nextElementSibling?.textContent).toBe(
      "The giveaway you're looking for doesn't exist or has been removed.",
    );
    expect(screen.getAllByRole("link", { name: "Back to Giveaways" })[0]?.getAttribute("href")).toBe(
      "/giveaways",
    );
  });

  it("shows the error message for other failures", async () => {
    api({
      [base]: {
        status: 500,
        body: { error: "Internal Server Error", message: "The database is unreachable" },
      },
    });
    renderApp(`/giveaways/${SERVER}/${MESSAGE}`);
    const message = await screen.findByText("The database is unreachable");
    expect(message.previousElementSibling?.textContent).toBe("Giveaway Not Found");
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Giveaway Not Found" })?.nextElementSibling).toBe(message),
    );
  });
});
