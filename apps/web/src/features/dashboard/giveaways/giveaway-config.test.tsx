import type { GiveawayConfig, Role, TokenInfo } from "@hearth/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { ConfirmProvider } from "../shared/confirm";
import { ToastProvider } from "../toasts/toast-context";
import { GiveawayConfigCard } from "./giveaway-config";

const serverId = "123456789012345678";
const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "Owner",
};
const role = (id: string, name: string, unsafeReason: string | null = null): Role => ({
  id,
  name,
  color: 0xff8800,
  position: 1,
  managed: false,
  unsafeReason,
});
const roles = [
  role("300000000000000001", "Admin", "@Admin: it has Administrator"),
  role("300000000000000002", "Grinder"),
  role("300000000000000003", "Muted"),
];

afterEach(() => vi.unstubAllGlobals());

describe("the giveaway configuration's role lists", () => {
  it("are searchable role pickers that offer every role (none is given) and never one twice", async () => {
    const saved: GiveawayConfig = {
      bypassRoles: [],
      blacklistRoles: ["300000000000000003"],
      multiplierRoles: [],
    };
    const api = mockApi((url, init) => {
      if (url.pathname === "/api/dashboard/roles") return { body: roles };
      if (url.pathname === `/api/giveaways/y/config/${serverId}`)
        return { body: init?.method === "PUT" ? JSON.parse(String(init.body)) : saved };
      return undefined;
    });
    renderWithProviders(
      <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
        <ToastProvider>
          <ConfirmProvider>
            <GiveawayConfigCard serverId={serverId} roles={roles} />
          </ConfirmProvider>
        </ToastProvider>
      </DashboardSessionContext.Provider>,
    );
    const bypass = await screen.findByRole("combobox", { name: "Bypass roles" });
    fireEvent.click(bypass);
    const list = await screen.findByRole("listbox", { name: "Bypass roles" });
    // Muted is a blacklist role already, so it isn't offered here; Admin isn't given, so it may be chosen.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Admin", "Grinder"]),
    );
    expect(within(list).getByRole("option", { name: "Admin" }).getAttribute("aria-disabled")).not.toBe(
      "true",
    );
    fireEvent.change(bypass, { target: { value: "grin" } });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(1));
    fireEvent.keyDown(bypass, { key: "ArrowDown" });
    fireEvent.keyDown(bypass, { key: "Enter" });
    const chosen = await screen.findByRole("list", { name: "Bypass roles: chosen" });
    expect(chosen.textContent).toBe("Grinder");

    fireEvent.click(screen.getByRole("button", { name: "Save Configuration" }));
    await waitFor(() => {
      const put = api.mock.calls.find(([, init]) => init?.method === "PUT");
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({
        bypassRoles: ["300000000000000002"],
        blacklistRoles: ["300000000000000003"],
        multiplierRoles: [],
      });
    });
  });
});
