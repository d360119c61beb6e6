import { commandCatalogue, commandCategories, findCommand } from "@hearth/core/commands";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/api-mock";
import { renderApp } from "../test/render";

const cards = () => document.querySelectorAll("[data-command]");

beforeEach(() => {
  mockApi(() => undefined);
});

async function open(path = "/commands") {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Commands" }, { timeout: 4000 });
  return view;
}

// Rendering all the cards in jsdom takes a few seconds on a busy machine.
describe("Commands page", { timeout: 20_000 }, () => {
  it("lists every catalogue command with All and one filter per category", async () => {
    await open();
    expect(cards()).toHaveLength(commandCatalogue.length);
    for (const label of ["All", ...commandCategories]) {
      expect(screen.getByRole("button", { name: label })).toBeDefined();
    }
    expect(screen.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("shows a card's name, description, usage, permissions and examples", async () => {
    await open();
    const card = document.querySelector('[data-command="mod ban"]') as HTMLElement;
    expect(within(card).getByRole("heading", { name: "/mod ban" })).toBeDefined();
    expect(
      within(card).getByText("Ban a member, for good or for a duration; the case is logged."),
    ).toBeDefined();
    expect(within(card).getByText(findCommand("mod ban")?.usage ?? "?")).toBeDefined();
    expect(within(card).getByText("Moderate Members")).toBeDefined();
    expect(within(card).getByText("/mod ban user:@Spammer reason:Scam links")).toBeDefined();
  });

  it("marks developer tools without listing a permission", async () => {
    await open();
    const card = document.querySelector('[data-command="dev eval"]') as HTMLElement;
    expect(within(card).getByText("Bot developers only")).toBeDefined();
    expect(within(card).queryByText("Permissions")).toBeNull();
  });

  it("searches names and descriptions, case-insensitively", async () => {
    await open();
    fireEvent.change(screen.getByLabelText("Search commands"), { target: { value: "GRINDER PAY" } });
    expect(await screen.findByText("1 of", { exact: false })).toBeDefined();
    expect([...cards()].map((card) => card.getAttribute("data-command"))).toEqual(["grinder payments"]);
  });

  it("filters by category and combines with the search", async () => {
    await open();
    fireEvent.click(screen.getByRole("button", { name: "Moderation" }));
    expect(screen.getByRole("button", { name: "Moderation" }).getAttribute("aria-pressed")).toBe("true");
    expect([...cards()].every((card) => card.textContent?.includes("Moderation"))).toBe(true);
    fireEvent.change(screen.getByLabelText("Search commands"), { target: { value: "timeout" } });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
  });

  it("reads its search and category from the address", async () => {
    await open("/commands?category=Grinder%20Management&q=put%20a%20grinder");
    expect(screen.getByRole("button", { name: "Grinder Management" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect([...cards()].map((card) => card.getAttribute("data-command"))).toEqual(["grinder break"]);
  });

  it("shows the empty text when nothing matches", async () => {
    await open();
    fireEvent.change(screen.getByLabelText("Search commands"), { target: { value: "nothing matches this" } });
    expect(await screen.findByText("No commands found matching your search.")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Clear search and filters" }));
    expect(cards()).toHaveLength(commandCatalogue.length);
  });

  it("copies usage with a copied state", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy usage of /setup" }));
    });
    expect(writeText).toHaveBeenCalledWith(findCommand("setup")?.usage);
    expect(screen.getByRole("button", { name: "Copied: Copy usage of /setup" })).toBeDefined();
  });
});
