import type { DashboardMember, TokenInfo } from "@hearth/core";
import { defaultServerSettings } from "@hearth/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { ToastProvider } from "../toasts/toast-context";
import { SecurityCard } from "./security-card";

const serverId = "123456789012345678";
const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "Owner",
};
const member = (id: string, username: string, displayName: string, bot = false): DashboardMember => ({
  id,
  username,
  displayName,
  nick: null,
  avatarUrl: null,
  bot,
});
const members = [
  member("400000000000000001", "ashwyn", "Ash"),
  member("400000000000000002", "tally", "Tally", true),
];

afterEach(() => vi.unstubAllGlobals());

function serve() {
  return mockApi((url, init) => {
    if (url.pathname === "/api/dashboard/members") {
      const ids = url.searchParams.get("ids")?.split(",");
      const query = (url.searchParams.get("query") ?? "").toLowerCase();
      const found = ids
        ? members.filter((m) => ids.includes(m.id))
        : members.filter((m) => `${m.username} ${m.displayName}`.toLowerCase().includes(query));
      return { body: { members: found, nextCursor: null, note: null } };
    }
    if (url.pathname === "/api/settings/edit" && init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as { antiPoolShow: { poolManagerId: string } };
      const id = body.antiPoolShow.poolManagerId;
      return {
        body: {
          ...defaultServerSettings,
          antiPoolShow: {
            ...defaultServerSettings.antiPoolShow,
            poolManagerId: id || null,
            toggle: id !== "",
          },
        },
      };
    }
    return undefined;
  });
}

const edits = (api: ReturnType<typeof mockApi>) =>
  api.mock.calls
    .filter(([request]) => String(request).includes("/api/settings/edit"))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderCard(poolManagerId: string | null) {
  const api = serve();
  renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <ToastProvider>
        <SecurityCard
          serverId={serverId}
          settings={{
            ...defaultServerSettings,
            antiPoolShow: {
              ...defaultServerSettings.antiPoolShow,
              poolManagerId,
              toggle: poolManagerId !== null,
            },
          }}
        />
      </ToastProvider>
    </DashboardSessionContext.Provider>,
  );
  return api;
}

describe("the Settings tab's pool manager", () => {
  it("is picked by name among people (no bots) and saved as soon as it is chosen", async () => {
    const api = renderCard(null);
    const input = screen.getByRole("combobox", { name: "Pool Manager ID" });
    fireEvent.click(input);
    const list = await screen.findByRole("listbox", { name: "Pool Manager ID" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(1));
    expect(within(list).queryByText("Tally")).toBeNull();
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() =>
      expect(edits(api)).toEqual([{ antiPoolShow: { poolManagerId: "400000000000000001" } }]),
    );
    expect((input as HTMLInputElement).value).toBe("Ash (@ashwyn)");
  });

  it("shows the saved manager by name and clears it (turning protection off) with the clear button", async () => {
    const api = renderCard("400000000000000001");
    const input = screen.getByRole("combobox", { name: "Pool Manager ID" }) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe("Ash (@ashwyn)"));
    fireEvent.click(screen.getByRole("button", { name: "Clear Pool Manager ID" }));
    await waitFor(() => expect(edits(api)).toEqual([{ antiPoolShow: { poolManagerId: "" } }]));
  });
});
