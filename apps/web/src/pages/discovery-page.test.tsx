import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/api-mock";
import { renderApp } from "../test/render";

function server(n: number, overrides: Record<string, unknown> = {}) {
  const id = `10000000000000000${n}`.slice(-18);
  return {
    _id: id,
    id,
    name: `Server ${n}`,
    description: `Description of server ${n}`,
    icon: null,
    tags: ["gaming"],
    invite: `https://discord.gg/s${n}`,
    premium: false,
    advertised: false,
    memberCount: 100 + n,
    ...overrides,
  };
}

const long = `${"A long description. ".repeat(10)}The end.`;
const directory = [
  server(1, {
    advertised: true,
    name: "Ad One",
    description: long,
    tags: ["gaming", "anime", "art", "music", "chill"],
  }),
  server(2, { advertised: true, name: "Ad Two" }),
  server(3, { advertised: true, name: "Ad Three" }),
  server(4, { advertised: true, name: "Ad Four" }),
  server(5, { premium: true, name: "Pro Five" }),
  server(6, { name: "Plain Six", icon: "https://cdn.discordapp.com/icons/1/broken.png" }),
];

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
});

function api(
  overrides: {
    list?: () => { status?: number; body?: unknown };
    search?: () => { status?: number; body?: unknown };
  } = {},
) {
  mockApi((url) => {
    if (url.pathname.startsWith("/api/discovery")) requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === "/api/discovery") return overrides.list?.() ?? { body: directory };
    if (url.pathname === "/api/discovery/search")
      return overrides.search?.() ?? { body: directory.slice(4, 5) };
    if (url.pathname === "/api/discovery/tags")
      return {
        body: [
          { tag: "gaming", count: 6 },
          { tag: "anime", count: 1 },
        ],
      };
    return undefined;
  });
}

const group = (name: string) =>
  screen.getByRole("heading", { level: 2, name }).closest("section") as HTMLElement;

describe("Discovery page", () => {
  it("shows 'Loading servers...' and then the three groups", async () => {
    api();
    renderApp("/discovery");
    // Announced as a status while the list loads.
    expect((await screen.findByText("Loading servers...")).closest('[role="status"]')).not.toBeNull();

    await screen.findByRole("heading", { name: "Featured Communities" });
    expect(
      within(group("Featured Communities"))
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual(["Ad One", "Ad Two", "Ad Three"]);
    expect(
      within(group("Premium Servers"))
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual(["Pro Five"]);
    expect(within(group("Premium Servers")).getAllByText("PRO").length).toBeGreaterThan(0);
    expect(
      within(group("Community Servers"))
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual(["Ad Four", "Plain Six"]);
  });

  it("truncates long descriptions at 120 characters with Read more / Show less", async () => {
    api();
    renderApp("/discovery");
    const card = await screen.findByRole("article", { name: "Ad One" });
    const readMore = within(card).getByRole("button", { name: "Read more" });
    expect(readMore.getAttribute("aria-expanded")).toBe("false");
    // The toggle controls the description it shortens.
    const description = document.getElementById(readMore.getAttribute("aria-controls") ?? "");
    expect(description && card.contains(description)).toBe(true);
    expect(description?.textContent).toBe(`${long.slice(0, 120).trimEnd()}...`);

    fireEvent.click(readMore);
    expect(description?.textContent).toBe(long);
    const toggle = within(card).getByRole("button", { name: "Show less" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(within(card).getByRole("button", { name: "Read more" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    expect(description?.textContent).toBe(`${long.slice(0, 120).trimEnd()}...`);
  });

  it("shows three tags and '+N more', an icon with fallback, and Join Server in a new tab", async () => {
    api();
    renderApp("/discovery");
    const card = await screen.findByRole("article", { name: "Ad One" });
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["gaming", "anime", "art", "+2 more"]);
    const join = within(card).getByRole("link", { name: /Join Server/ });
    expect(join.getAttribute("href")).toBe("https://discord.gg/s1");
    expect(join.getAttribute("target")).toBe("_blank");
    expect(join.getAttribute("rel")).toContain("noopener");

    const broken = (await screen.findByRole("article", { name: "Plain Six" })).querySelector(
      "img",
    ) as HTMLImageElement;
    expect(broken.getAttribute("src")).toBe("https://cdn.discordapp.com/icons/1/broken.png");
    fireEvent.error(broken);
    expect(broken.getAttribute("src")).toBe("/images/default-server.svg");
    // A server without an icon shows the default straight away.
    expect(card.querySelector("img")?.getAttribute("src")).toBe("/images/default-server.svg");
  });

  it("searches on Enter and with the Search button, and filters by tag", async () => {
    api();
    renderApp("/discovery");
    await screen.findByRole("heading", { name: "Featured Communities" });

    const box = screen.getByLabelText("Search servers");
    fireEvent.change(box, { target: { value: "  pro  " } });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    await screen.findByRole("heading", { name: "Premium Servers" });
    expect(requests).toContain("/api/discovery/search?q=pro&limit=24");

    const tags = screen.getByLabelText("Filter by tag") as HTMLSelectElement;
    await waitFor(() => expect(tags.options).toHaveLength(3));
    expect([...tags.options].map((option) => option.textContent)).toEqual([
      "All Tags",
      "gaming (6)",
      "anime (1)",
    ]);
    fireEvent.change(tags, { target: { value: "anime" } });
    await waitFor(() => expect(requests).toContain("/api/discovery/search?q=pro&tag=anime&limit=24"));

    fireEvent.change(box, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(requests).toContain("/api/discovery?tag=anime&limit=24"));
  });

  it("refreshes the list and the tags", async () => {
    api();
    renderApp("/discovery");
    await screen.findByRole("heading", { name: "Featured Communities" });
    const before = requests.length;
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() =>
      expect(requests.slice(before)).toEqual(
        expect.arrayContaining(["/api/discovery?limit=24", "/api/discovery/tags"]),
      ),
    );
  });

  it("shows the load error with Try Again", async () => {
    let fail = true;
    api({ list: () => (fail ? { status: 500, body: {} } : { body: directory }) });
    renderApp("/discovery");
    expect(
      (await screen.findByText("Failed to load servers. Please try again.")).closest('[role="alert"]'),
    ).not.toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await screen.findByRole("heading", { name: "Featured Communities" });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(within(group("Featured Communities")).getAllByRole("article")).toHaveLength(3);
  });

  it("shows the search error", async () => {
    api({ search: () => ({ status: 500, body: {} }) });
    renderApp("/discovery");
    await screen.findByRole("heading", { name: "Featured Communities" });
    fireEvent.change(screen.getByLabelText("Search servers"), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(
      (await screen.findByText("Search failed. Please try again.")).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(screen.queryByText("Failed to load servers. Please try again.")).toBeNull();
  });

  it("loads 24 servers at a time; Load more appends the next page in order and focuses its first server", async () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      server(n + 10, { name: `Server ${String(n + 10).padStart(2, "0")}`, advertised: n < 2 }),
    );
    api({
      list: () => {
        const last = requests.at(-1) ?? "";
        const offset = Number(new URL(last, "http://hearth.test").searchParams.get("cursor") ?? 0);
        const items = many.slice(offset, offset + 24);
        const headers: Record<string, string> = { "x-total-count": String(many.length) };
        if (offset + items.length < many.length) headers["x-next-cursor"] = String(offset + items.length);
        return { body: items, headers };
      },
    });
    renderApp("/discovery");
    await screen.findByRole("heading", { name: "Featured Communities" });
    expect(screen.getAllByRole("article")).toHaveLength(24);
    expect(screen.getByText("30 servers found")).not.toBeNull();
    expect(screen.getByText("Showing 24 of 30")).not.toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Load more servers" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    expect(requests).toContain("/api/discovery?limit=24&cursor=24");
    await waitFor(() => expect(document.activeElement?.textContent).toContain("Server 34"));
    expect(screen.queryByRole("button", { name: "Load more servers" })).toBeNull();
    expect(
      within(group("Community Servers"))
        .getAllByRole("article")
        .map((card) => card.querySelector("h3")?.textContent),
    ).toHaveLength(28);
  });

  it("shows the empty state", async () => {
    api({ list: () => ({ body: [] }) });
    renderApp("/discovery");
    const empty = await screen.findByRole("heading", { name: "No servers found" });
    expect(empty.closest('[role="status"]')).not.toBeNull();
    expect(empty.nextElementSibling?.textContent).toBe(
      "Try adjusting your search or filters to discover more communities",
    );
    expect(screen.queryAllByRole("article")).toHaveLength(0);
  });
});
