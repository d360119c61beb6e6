import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QueryPanel } from "./panel-state";

const panel = (query: Parameters<typeof QueryPanel<string[]>>[0]["query"]) =>
  render(
    <QueryPanel query={query} loading="Loading boards" failed="Failed to load the boards.">
      {(boards) => <p>{boards.join(", ")}</p>}
    </QueryPanel>,
  );

describe("QueryPanel", () => {
  it("shows placeholders while the first load runs", () => {
    panel({ isPending: true, data: undefined, error: null, refetch: vi.fn() });
    expect(screen.getByRole("status", { name: "Loading boards" })).toBeTruthy();
  });

  it("says the load failed, with a retry, when there is nothing to show", () => {
    const refetch = vi.fn();
    panel({ isPending: false, data: undefined, error: new Error("offline"), refetch });
    expect(screen.getByRole("alert").textContent).toContain("Failed to load the boards.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("draws the data, and keeps drawing it when a later refresh fails", () => {
    const { rerender } = panel({ isPending: false, data: ["Stars"], error: null, refetch: vi.fn() });
    expect(screen.getByText("Stars")).toBeTruthy();
    rerender(
      <QueryPanel
        query={{ isPending: false, data: ["Stars", "Skulls"], error: new Error("503"), refetch: vi.fn() }}
        loading="Loading boards"
        failed="Failed to load the boards."
      >
        {(boards) => <p>{boards.join(", ")}</p>}
      </QueryPanel>,
    );
    expect(screen.getByText("Stars, Skulls")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
