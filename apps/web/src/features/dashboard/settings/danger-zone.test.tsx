import type { TokenInfo } from "@hearth/core";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { takeNotice } from "../../../lib/flash-notice";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { ConfirmProvider } from "../shared/confirm";
import { ToastProvider } from "../toasts/toast-context";
import { DangerZone, nameMatches } from "./danger-zone";

const serverId = "123456789012345678";
const info = (permission: TokenInfo["permission"]): TokenInfo => ({
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission,
  userName: "Owner",
});

function renderZone(permission: TokenInfo["permission"], logout = vi.fn()) {
  renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info: info(permission), logout }}>
      <ToastProvider>
        <ConfirmProvider>
          <DangerZone />
        </ConfirmProvider>
      </ToastProvider>
    </DashboardSessionContext.Provider>,
  );
  return logout;
}

afterEach(() => vi.unstubAllGlobals());

describe("the dashboard's Danger zone", () => {
  it("matches the server's name exactly, bar spaces around it", () => {
    expect(nameMatches("Ember Hollow", "Ember Hollow")).toBe(true);
    expect(nameMatches("  Ember Hollow ", "Ember Hollow")).toBe(true);
    expect(nameMatches("ember hollow", "Ember Hollow")).toBe(false);
    expect(nameMatches("", "Ember Hollow")).toBe(false);
  });

  it("names the event and economy data it deletes too", () => {
    renderZone("owner");
    const section = screen.getByRole("heading", { name: "Danger zone" }).parentElement;
    for (const kind of [
      "lotteries",
      "raffles",
      "tournaments",
      "birthdays",
      "triggers",
      "the price list",
      "rumble wins",
    ]) {
      expect(section?.textContent).toContain(kind);
    }
  });

  it("is not shown to admin or manager tokens", () => {
    renderZone("admin");
    expect(screen.queryByRole("heading", { name: "Danger zone" })).toBeNull();
  });

  it("deletes only once the exact name is typed and confirmed, then ends the session", async () => {
    const api = mockApi((url, init) =>
      url.pathname === `/api/servers/${serverId}/purge` && init?.method === "POST"
        ? { body: { serverName: "Ember Hollow", rows: 412, tables: [], tokensRevoked: 2 } }
        : undefined,
    );
    const logout = renderZone("owner");
    const input = screen.getByLabelText("Type the server's name to confirm");
    const button = screen.getByRole("button", { name: "Delete all server data" });
    expect(button.hasAttribute("disabled")).toBe(true);
    fireEvent.change(input, { target: { value: "ember hollow" } });
    expect(button.hasAttribute("disabled")).toBe(true);
    fireEvent.change(input, { target: { value: "Ember Hollow" } });
    expect(button.hasAttribute("disabled")).toBe(false);

    // Enter in the field submits (keyboard only); the confirmation dialog asks first.
    await act(async () => {
      fireEvent.submit(input.closest("form") as HTMLFormElement);
    });
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Delete all of Ember Hollow's data?");
    expect(api.mock.calls.filter(([request]) => String(request).includes("/purge"))).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Delete everything" }));

    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    // Signing out leaves the dashboard: the site's next page says what happened.
    expect(takeNotice()).toEqual({
      title: "All of Ember Hollow's data is deleted",
      body: "412 records removed and 2 dashboard tokens revoked. You are signed out.",
    });
    const call = api.mock.calls.find(([request]) => String(request).includes("/purge"));
    expect(call?.[1]?.method).toBe("POST");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ confirmName: "Ember Hollow" });
  });

  it("says why when the server refuses, and keeps the session", async () => {
    mockApi((url) =>
      url.pathname === `/api/servers/${serverId}/purge`
        ? {
            status: 400,
            body: {
              error: "Bad Request",
              message: "The name doesn't match. Type the server's name exactly: Ember Hollow",
              field: "confirmName",
            },
          }
        : undefined,
    );
    const logout = renderZone("owner");
    fireEvent.change(screen.getByLabelText("Type the server's name to confirm"), {
      target: { value: "Ember Hollow" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Delete all server data" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete everything" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("The name doesn't match. Type the server's name exactly: Ember Hollow");
    expect(logout).not.toHaveBeenCalled();
  });

  it("does nothing when the confirmation is cancelled", async () => {
    const api = mockApi(() => undefined);
    const logout = renderZone("owner");
    fireEvent.change(screen.getByLabelText("Type the server's name to confirm"), {
      target: { value: "Ember Hollow" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Delete all server data" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.mock.calls.filter(([request]) => String(request).includes("/purge"))).toHaveLength(0);
    expect(logout).not.toHaveBeenCalled();
  });
});
