import { commandCatalogue, commandCategories, findCommand } from "@hearth/core/commands";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, routesOf } from "../test/api-mock";
import { renderApp } from "../test/render";

const cards = () => document.querySelectorAll("[data-command]");
/**
 * The status line's count ("N commands", "N of M commands"): how many cards the list holds. A
 * selector, not getByRole: waitFor polls this, and computing roles over ~140 cards on every poll
 * took the main thread from the very rendering being waited for.
 */
const statusText = () => document.querySelector('[role="status"]')?.textContent ?? "";
const statusCount = () => Number(/^\d+/.exec(statusText())?.[0] ?? Number.NaN);
/** A category's toggle, found within the filters (roles over the whole page take long to compute). */
function categoryButton(label: string) {
  const filters = screen.getByText("Category", { selector: "legend" }).parentElement;
  if (!filters) throw new Error("no category filters");
  return within(filters).getByRole("button", { name: label });
}

/**
 * The search field, by its label, within the search landmark: getByLabelText over the whole page
 * weighs every card's labelled copy buttons and took seconds.
 */
function searchField() {
  const landmark = document.querySelector<HTMLElement>("search");
  if (!landmark) throw new Error("no search landmark");
  return within(landmark).getByLabelText("Search commands");
}

/** The cards once they are all in: a long list is rendered a few cards at a time. */
async function allCards() {
  await vi.waitFor(() => expect(cards()).toHaveLength(statusCount()), { timeout: 15_000 });
  return cards();
}

const registered = commandCatalogue.map((entry) => entry.name);

beforeEach(() => {
  // The server's handler registry: every catalogued command has a handler.
  mockApi(routesOf({ "/api/commands": { body: { commands: registered } } }));
});

async function open(path = "/commands") {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Commands" }, { timeout: 4000 });
  await screen.findByText(/^\d+( of \d+)? commands?$/, {}, { timeout: 4000 });
  await allCards();
  return view;
}

// Rendering all the cards in jsdom takes a few seconds on a busy machine.
describe("Commands page", { timeout: 40_000 }, () => {
  it("lists every catalogue command with All and one filter per category", async () => {
    await open();
    expect(cards()).toHaveLength(commandCatalogue.length);
    // Toggle buttons: All pressed, each category not.
    for (const label of ["All", ...commandCategories]) {
      expect(categoryButton(label).getAttribute("aria-pressed")).toBe(label === "All" ? "true" : "false");
    }
  });

  it("lists only the commands the server has handlers for", async () => {
    const spy = mockApi(
      routesOf({ "/api/commands": { body: { commands: registered.filter((name) => name !== "mod ban") } } }),
    );
    await open();
    expect(spy.mock.calls.some(([url]) => String(url).endsWith("/api/commands"))).toBe(true);
    expect(cards()).toHaveLength(commandCatalogue.length - 1);
    expect(document.querySelector('[data-command="mod ban"]')).toBeNull();
    expect(screen.getByText(/^\d+ commands$/).textContent).toBe(`${commandCatalogue.length - 1} commands`);
  });

  it("puts a long list in a few cards at a time, the first at once", async () => {
    renderApp("/commands");
    await screen.findByText(`${commandCatalogue.length} commands`, {}, { timeout: 4000 });
    expect(cards().length).toBeGreaterThan(0);
    expect(cards().length).toBeLessThan(commandCatalogue.length);
    expect(await allCards()).toHaveLength(commandCatalogue.length);
  });

  it("shows an error with Try again when the list can't be loaded", async () => {
    let fail = true;
    mockApi(
      routesOf({
        "/api/commands": () =>
          fail
            ? { status: 503, body: { error: "Unavailable", message: "down" } }
            : { body: { commands: ["mod ban"] } },
      }),
    );
    renderApp("/commands");
    const alert = await screen.findByRole("alert", {}, { timeout: 8000 });
    expect(alert.querySelector("p")?.textContent).toBe("Failed to load the commands. Please try again.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect((await screen.findByText("1 command", {}, { timeout: 4000 })).getAttribute("role")).toBe("status");
    expect(cards()).toHaveLength(1);
  });

  it("shows a card's name, description, usage, permissions and examples", async () => {
    await open();
    const card = document.querySelector('[data-command="mod ban"]') as HTMLElement;
    // The card is an article named by its heading.
    expect(screen.getByRole("article", { name: "/mod ban" })).toBe(card);
    expect(card.querySelector("p")?.textContent).toBe(
      "Ban a member, for good or for a duration; the case is logged.",
    );
    const code = [...card.querySelectorAll("code")].map((line) => line.textContent);
    expect(code[0]).toBe(findCommand("mod ban")?.usage);
    const permissions = within(card).getByText("Permissions").nextElementSibling;
    expect(permissions?.textContent).toContain("Moderate Members");
    expect(code.slice(1)).toContain("/mod ban user:@Spammer reason:Scam links");
  });

  it("marks developer tools without listing a permission", async () => {
    await open();
    const card = document.querySelector('[data-command="dev eval"]') as HTMLElement;
    expect(within(card).queryByText("Bot developers only")).not.toBeNull();
    expect(within(card).queryByText("Permissions")).toBeNull();
  });

  it("searches names and descriptions, case-insensitively", async () => {
    await open();
    fireEvent.change(searchField(), { target: { value: "GRINDER PAY" } });
    await vi.waitFor(() => expect(statusText()).toBe(`1 of ${commandCatalogue.length} commands`), {
      timeout: 15_000,
    });
    expect([...cards()].map((card) => card.getAttribute("data-command"))).toEqual(["grinder payments"]);
  });

  it("filters by category and combines with the search", async () => {
    await open();
    fireEvent.click(categoryButton("Moderation"));
    expect(categoryButton("Moderation").getAttribute("aria-pressed")).toBe("true");
    expect([...cards()].every((card) => card.textContent?.includes("Moderation"))).toBe(true);
    fireEvent.change(searchField(), { target: { value: "timeout" } });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
  });

  it("reads its search and category from the address", async () => {
    await open("/commands?category=Grinder%20Management&q=put%20a%20grinder");
    expect(categoryButton("Grinder Management").getAttribute("aria-pressed")).toBe("true");
    expect([...cards()].map((card) => card.getAttribute("data-command"))).toEqual(["grinder break"]);
  });

  it("shows the empty text when nothing matches", async () => {
    await open();
    fireEvent.change(searchField(), { target: { value: "nothing matches this" } });
    await screen.findByText("No commands found matching your search.");
    expect(cards()).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toBe(`0 of ${commandCatalogue.length} commands`);
    fireEvent.click(screen.getByRole("button", { name: "Clear search and filters" }));
    expect(await allCards()).toHaveLength(commandCatalogue.length);
  });

  it("copies usage with a copied state", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    await open();
    const card = document.querySelector<HTMLElement>('[data-command="setup"]');
    if (!card) throw new Error("no /setup card");
    await act(async () => {
      fireEvent.click(within(card).getByRole("button", { name: "Copy usage of /setup" }));
    });
    expect(writeText).toHaveBeenCalledWith(findCommand("setup")?.usage);
    expect(
      within(card).getByRole("button", { name: "Copied: Copy usage of /setup" }).getAttribute("data-state"),
    ).toBe("copied");
    expect(screen.queryByRole("button", { name: "Copy usage of /setup" })).toBeNull();
  });
});
