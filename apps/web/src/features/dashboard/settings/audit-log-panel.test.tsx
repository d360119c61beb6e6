import type { TokenInfo } from "@hearth/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { RequirePermission } from "../session/permission";
import { DashboardSessionContext } from "../session/session-context";
import { ConfirmProvider } from "../shared/confirm";
import { ToastProvider } from "../toasts/toast-context";
import { AuditLogPanel } from "./audit-log-panel";
import { TokensPanel } from "./tokens-panel";

const serverId = "123456789012345678";
const member = "700000000000000001";

function render(node: React.ReactNode, permission: TokenInfo["permission"] = "owner") {
  const info = { serverId, serverName: "Ember Hollow", serverIcon: null, permission, userName: "Owner" };
  renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <ToastProvider>
        <ConfirmProvider>{node}</ConfirmProvider>
      </ToastProvider>
    </DashboardSessionContext.Provider>,
  );
}

const entry = (id: number, action: string) => ({
  id,
  action,
  feature: action.split(".")[0],
  summary: { memberTriggerLimit: 7 },
  createdAt: 1_700_000_000_000 + id,
  actor: { id: member, name: "Morgan" },
  via: "dashboard",
  address: "192.0.2.44",
});

afterEach(() => vi.unstubAllGlobals());

describe("the audit log viewer", () => {
  it("names members, channels and roles, and labels setting keys (issue 24 §6)", async () => {
    const alice = "300000000000000001";
    const general = "400000000000000001";
    const gold = "500000000000000001";
    mockApi((url) => {
      if (url.pathname === "/api/dashboard/channels")
        return { body: [{ id: general, name: "general", type: 0 }] };
      if (url.pathname === "/api/dashboard/roles")
        return {
          body: [{ id: gold, name: "Gold", color: 0, position: 1, managed: false, unsafeReason: null }],
        };
      if (url.pathname !== "/api/dashboard/audit") return undefined;
      return {
        body: {
          entries: [
            {
              ...entry(7, "grinders.hire"),
              summary: { userId: alice, channelId: general, tierRoleId: gold, paymentPeriod: "weekly" },
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
          features: ["grinders"],
          members: [],
          names: { [alice]: "Alice" },
        },
      };
    });
    render(<AuditLogPanel serverId={serverId} />);
    const list = await screen.findByRole("list", { name: "Audit log entries" });
    await waitFor(() =>
      expect(within(list).getByRole("listitem").textContent).toContain(
        "Member: Alice · Channel: #general · Tier role: @Gold · Payment period: weekly",
      ),
    );
    expect(list.textContent).not.toMatch(/\d{17}|userId|tierRoleId/);
  });

  it("writes changes as before → after and nested values without JSON", async () => {
    mockApi((url) =>
      url.pathname === "/api/dashboard/audit"
        ? {
            body: {
              entries: [
                {
                  ...entry(4, "settings.edit"),
                  summary: {
                    heistImageUrl: { before: null, after: "https://cdn.example.com/heist.png" },
                    rumbleTrackerEnabled: { before: false, after: true },
                    gameBotIds: { before: ["1"], after: ["1", "2"] },
                  },
                },
                { ...entry(5, "timers.create"), summary: { after: { id: 2, message: "Double XP" } } },
                {
                  ...entry(6, "heist.announce"),
                  summary: { startsAt: 1_700_000_000_000, amount: 250_000_000 },
                },
              ],
              total: 3,
              page: 1,
              pageSize: 20,
              features: ["settings", "timers"],
              members: [],
            },
          }
        : undefined,
    );
    render(<AuditLogPanel serverId={serverId} />);
    const list = await screen.findByRole("list", { name: "Audit log entries" });
    const [edit, timer, heist] = within(list).getAllByRole("listitem");
    expect(edit?.textContent).toContain(
      "Heist image: none → https://cdn.example.com/heist.png · Rumble tracker enabled: false → true · Game bots: 1 → 1, 2",
    );
    expect(timer?.textContent).toContain("After: (record 2, message Double XP)");
    // A time reads as a date, not epoch milliseconds; other numbers stay as they are.
    expect(heist?.textContent).not.toContain("1700000000000");
    expect(heist?.textContent).toMatch(/Starts at: \w{3} \d{1,2}, .* · Amount: 250000000/);
    expect(list.textContent).not.toMatch(/[{}"]/);
  });

  it("shows who changed what, when and from where; a filter asks the server again from page 1", async () => {
    const api = mockApi((url) => {
      if (url.pathname !== "/api/dashboard/audit") return undefined;
      const feature = url.searchParams.get("feature");
      const entries = feature === "grinders" ? [entry(3, "grinders.hire")] : [entry(2, "settings.edit")];
      return {
        body: {
          entries,
          total: feature ? 1 : 45,
          page: Number(url.searchParams.get("page")),
          pageSize: 20,
          features: ["grinders", "settings"],
          members: [{ id: member, name: "Morgan" }],
        },
      };
    });
    render(<AuditLogPanel serverId={serverId} />);
    const list = await screen.findByRole("list", { name: "Audit log entries" });
    const item = within(list).getByRole("listitem");
    expect(item.textContent).toContain("Edit by Morgan");
    expect(item.textContent).toContain("Dashboard · from 192.0.2.44");
    expect(item.textContent).toContain("Member trigger limit: 7");
    expect(screen.getByText("Page 1 of 3 · 45 entries").textContent).toBe("Page 1 of 3 · 45 entries");

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(([url]) => String(url).includes("/api/dashboard/audit?page=2&pageSize=20")),
      ).toBe(true),
    );
    fireEvent.change(screen.getByLabelText("Feature"), { target: { value: "grinders" } });
    await waitFor(() => expect(screen.getByRole("listitem").textContent).toContain("Hire by Morgan"));
    expect(api.mock.calls.some(([url]) => String(url).includes("page=1&pageSize=20&feature=grinders"))).toBe(
      true,
    );
    // The Member filter is a picker of the members the log names, chosen by name.
    const who = screen.getByRole("combobox", { name: "Member" });
    fireEvent.change(who, { target: { value: "morg" } });
    fireEvent.click(await screen.findByRole("option", { name: "Morgan" }));
    expect((who as HTMLInputElement).value).toBe("Morgan");
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).includes(`feature=grinders&member=${member}`))).toBe(
        true,
      ),
    );
  });

  it("says when nothing is recorded", async () => {
    mockApi((url) =>
      url.pathname === "/api/dashboard/audit"
        ? { body: { entries: [], total: 0, page: 1, pageSize: 20, features: [], members: [] } }
        : undefined,
    );
    render(<AuditLogPanel serverId={serverId} />);
    expect((await screen.findByText("Nothing recorded yet")).textContent).toBe("Nothing recorded yet");
  });
});

describe("permission levels in the dashboard", () => {
  it("a manager sees an admin-only part read-only, with the reason", () => {
    render(
      <RequirePermission required="admin" what="Setup">
        <button type="button">Save All</button>
      </RequirePermission>,
      "manager",
    );
    expect(screen.getByRole("note").textContent).toBe(
      "Setup is read-only for your manager token: changing it needs the admin permission.",
    );
    expect(screen.getByRole("button", { name: "Save All" }).closest("fieldset")?.disabled).toBe(true);
  });

  it("an admin gets the same part enabled, without a note", () => {
    render(
      <RequirePermission required="admin" what="Setup">
        <button type="button">Save All</button>
      </RequirePermission>,
      "admin",
    );
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.getByRole("button", { name: "Save All" }).closest("fieldset")).toBeNull();
  });

  it("the owner revokes a member's token from the token panel", async () => {
    const token = (id: string, userName: string, current: boolean) => ({
      id,
      userId: member,
      userName,
      permission: current ? "owner" : "admin",
      createdAt: 1,
      lastUsedAt: null,
      revokedAt: null,
      revokedReason: null,
      current,
    });
    const api = mockApi((url, init) => {
      if (url.pathname === "/api/dashboard/tokens")
        return { body: [token("aaaaaaaaaaaa", "Owner", true), token("bbbbbbbbbbbb", "Morgan", false)] };
      if (url.pathname === "/api/dashboard/tokens/bbbbbbbbbbbb" && init?.method === "DELETE")
        return { status: 204 };
      return undefined;
    });
    render(<TokensPanel />);
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Morgan's token" }));
    fireEvent.click(await screen.findByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([url, init]) => String(url).endsWith("/tokens/bbbbbbbbbbbb") && init?.method === "DELETE",
        ),
      ).toBe(true),
    );
  });
});
