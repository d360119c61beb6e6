import { act, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { showAfterNavigation, takeNotice } from "../../lib/flash-notice";
import { FlashNoticeBanner } from "./flash-notice-banner";

afterEach(() => sessionStorage.clear());

const inRouter = (children: ReactNode) => <MemoryRouter>{children}</MemoryRouter>;

describe("FlashNoticeBanner", () => {
  it("shows the notice the last page left, once, until dismissed", async () => {
    showAfterNavigation({ title: "All of Ember Hollow's data is deleted", body: "You are signed out." });
    const { unmount } = render(inRouter(<FlashNoticeBanner />));
    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("All of Ember Hollow's data is deleted");
    expect(status.textContent).toContain("You are signed out.");
    // Taken: the next page (or a reload) doesn't show it again.
    expect(takeNotice()).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    });
    expect(screen.queryByRole("status")).toBeNull();
    unmount();
    render(inRouter(<FlashNoticeBanner />));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("ignores what isn't a notice", () => {
    sessionStorage.setItem("hearthNotice", "{not json");
    expect(takeNotice()).toBeNull();
    sessionStorage.setItem("hearthNotice", JSON.stringify({ title: 3 }));
    expect(takeNotice()).toBeNull();
  });
});
