import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/api-mock";
import { renderApp } from "../test/render";

const permissions = [
  "Send Messages",
  "Manage Messages",
  "Embed Links",
  "Read Message History",
  "Use Slash Commands",
];
const url =
  "https://discord.com/oauth2/authorize?client_id=123&permissions=2147576832&scope=bot+applications.commands";

function invite(body: unknown) {
  mockApi((request) => (request.pathname === "/api/invite" ? { body } : undefined));
}

describe("Invite page", () => {
  it("announces the redirect with a live 5-second countdown and a manual link", async () => {
    invite({ url, clientId: "123", permissions, permissionBits: "2147576832" });
    renderApp("/invite");

    expect((await screen.findByTestId("invite-countdown")).textContent).toBe("5 seconds");
    const announcement = screen.getByTestId("invite-countdown").closest("p");
    expect(announcement?.textContent).toBe("Redirecting you to Discord to add Hearth in 5 seconds...");
    expect(announcement?.getAttribute("aria-live")).toBe("polite");
    expect(screen.getByRole("link", { name: "Continue to Invite" }).getAttribute("href")).toBe(url);
    expect(screen.queryByText(/Not redirected after/)?.textContent).toBe(
      "Not redirected after 5 seconds? Use Continue to Invite.",
    );
  });

  it("lists the five permissions the API names", async () => {
    invite({ url, clientId: "123", permissions, permissionBits: "2147576832" });
    renderApp("/invite");
    await screen.findByTestId("invite-countdown");
    const list = screen.getByRole("heading", { name: "Permissions Hearth asks for" })
      .parentElement as HTMLElement;
    const names = within(list)
      .getAllByRole("listitem")
      .map((item) => item.querySelector("p")?.textContent);
    expect(names).toEqual(permissions);
  });

  it("can be cancelled", async () => {
    invite({ url, clientId: "123", permissions, permissionBits: "2147576832" });
    renderApp("/invite");
    fireEvent.click(await screen.findByRole("button", { name: "Stay on this page" }));
    expect(screen.queryByText(/Redirect cancelled/)?.textContent).toBe(
      "Redirect cancelled. Use the button below when you're ready.",
    );
    expect(screen.queryByTestId("invite-countdown")).toBeNull();
    expect(screen.queryByRole("button", { name: "Stay on this page" })).toBeNull();
    expect(screen.getByRole("link", { name: "Continue to Invite" }).getAttribute("href")).toBe(url);
  });

  it("says the link isn't configured when the instance has no client id, and doesn't redirect", async () => {
    invite({ url: null, clientId: null, permissions, permissionBits: "2147576832" });
    renderApp("/invite");
    const heading = await screen.findByRole("heading", {
      name: "The invite link isn't configured on this instance",
    });
    expect(heading.nextElementSibling?.textContent).toContain("DISCORD_CLIENT_ID");
    expect(screen.getByRole("link", { name: "Read the setup guide" }).getAttribute("href")).toBe(
      "/docs/setup",
    );
    expect(screen.queryByRole("link", { name: "Continue to Invite" })).toBeNull();
    expect(screen.queryByTestId("invite-countdown")).toBeNull();
  });

  it("offers Try Again when the call fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi(() => ({ status: 500, body: {} }));
    renderApp("/invite");
    const retry = await screen.findByRole("button", { name: "Try Again" });
    expect(retry.closest('[role="alert"]')?.querySelector("h2")?.textContent).toBe(
      "Couldn't load the invite link",
    );
  });
});
