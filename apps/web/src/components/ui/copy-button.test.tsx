import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { COPIED_MS, CopyButton } from "./copy-button";

describe("CopyButton", () => {
  it("copies the text and says so for 2 seconds", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<CopyButton text="/setup" label="Copy usage of /setup" />);

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy usage of /setup" }));
    });
    expect(writeText).toHaveBeenCalledWith("/setup");
    const button = screen.getByRole("button", { name: "Copied: Copy usage of /setup" });
    expect(button.textContent).toContain("Copied");

    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(button.dataset.state).toBe("copied");
    act(() => vi.advanceTimersByTime(1));
    expect(button.dataset.state).toBe("idle");
    expect(COPIED_MS).toBe(2000);
  });

  it("says when copying failed", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error("no")) },
    });
    render(<CopyButton text="x" label="Copy x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy x" }));
    });
    expect(screen.getByRole("button", { name: "Copy x" }).dataset.state).toBe("failed");
  });
});
