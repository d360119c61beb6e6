import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/api-mock";
import { renderWithProviders } from "../../test/render";
import { StatsRow, statTiles } from "./stats-row";

const stats = {
  servers: 1,
  users: 312,
  commands: 109,
  commandsRun: 4,
  uptimeSeconds: 50,
  uptimePercent: 99.5,
};

describe("StatsRow", () => {
  it("shows the live figures from /api/stats", async () => {
    vi.stubGlobal("matchMedia", () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
    const fetch = mockApi((url) => (url.pathname === "/api/stats" ? { body: stats } : undefined));
    renderWithProviders(<StatsRow />);

    const region = await screen.findByRole("region", { name: "Live statistics" });
    await waitFor(() => expect(region.textContent).toContain("312"));
    expect(region.textContent).toContain("Server");
    expect(region.textContent).toContain("109");
    expect(region.textContent).toContain("99.5%");
    expect(fetch).toHaveBeenCalledWith("/api/stats", expect.anything());
  });

  it("hides the row when the call fails instead of inventing numbers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi((url) =>
      url.pathname === "/api/stats" ? { status: 500, body: { message: "down" } } : undefined,
    );
    renderWithProviders(<StatsRow />);

    await waitFor(() => expect(screen.queryByRole("region", { name: "Live statistics" })).toBeNull());
  });
});

describe("statTiles", () => {
  it("labels, pluralises and keeps whole percentages whole", () => {
    expect(
      statTiles({ ...stats, servers: 3, uptimePercent: 100 }).map((tile) => [
        tile.label,
        tile.end,
        tile.decimals ?? 0,
      ]),
    ).toEqual([
      ["Servers", 3, 0],
      ["Members reached", 312, 0],
      ["Commands", 109, 0],
      ["Uptime, last 30 days", 100, 0],
    ]);
    expect(statTiles(stats)[3]?.decimals).toBe(1);
  });
});
