import type { TokenInfo } from "@hearth/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { ConfirmProvider } from "../shared/confirm";
import { makeGrinder } from "../shared/fixtures";
import { ToastProvider } from "../toasts/toast-context";
import { GrinderTable } from "./grinder-table";

const serverId = "123456789012345678";
const grinder = makeGrinder({ _id: "900000000000000001", userId: "700000000000000001", displayName: "Ash" });
const base = `/api/grinders/${serverId}/grinders/${grinder._id}`;

function payment(id: number, amount: number) {
  return {
    id,
    action: "add",
    amount,
    periodStart: 0,
    periodTotal: amount,
    recordedBy: null,
    createdAt: 1_700_000_000_000 + id,
  };
}

function render(permission: TokenInfo["permission"]) {
  const info = { serverId, serverName: "Ember Hollow", serverIcon: null, permission, userName: "Someone" };
  renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <ToastProvider>
        <ConfirmProvider>
          <GrinderTable grinders={[grinder]} serverId={serverId} />
        </ConfirmProvider>
      </ToastProvider>
    </DashboardSessionContext.Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("a grinder's history drawer", () => {
  it("names who recorded a payment and who started a break, or shows the end of an unnamed id", async () => {
    mockApi((url) => {
      if (url.pathname === `${base}/history/payments`) {
        const items = [
          { ...payment(2, 2000), recordedBy: "700000000000000009" },
          { ...payment(1, 1000), recordedBy: "700000000000004321" },
        ];
        return {
          body: { items, total: 2, page: 1, pageSize: 10, names: { "700000000000000009": "Morgan" } },
        };
      }
      if (url.pathname === `${base}/history/breaks`) {
        const items = [
          { id: 5, kind: "start", at: 1_700_000_000_000, until: null, by: "700000000000000009" },
        ];
        return {
          body: { items, total: 1, page: 1, pageSize: 10, names: { "700000000000000009": "Morgan" } },
        };
      }
      return undefined;
    });
    render("manager");
    fireEvent.click(screen.getByRole("button", { name: "History of Ash" }));
    const dialog = await screen.findByRole("dialog", { name: "Ash's history" });
    const list = await within(dialog).findByRole("list", { name: "Payments" });
    const [named, unnamed] = within(list).getAllByRole("listitem");
    expect(named?.textContent).toContain("by Morgan");
    expect(unnamed?.textContent).toContain("by …4321");
    fireEvent.click(within(dialog).getByRole("button", { name: "Breaks" }));
    const breaks = await within(dialog).findByRole("list", { name: "Breaks" });
    expect(within(breaks).getByRole("listitem").textContent).toContain("by Morgan");
  });

  it("opens from the row, pages the payments, shows breaks, and closes with Escape back to the row", async () => {
    mockApi((url) => {
      if (url.pathname === `${base}/history/payments`) {
        const page = Number(url.searchParams.get("page"));
        const items =
          page === 1
            ? Array.from({ length: 10 }, (_, i) => payment(12 - i, 1000 * (12 - i)))
            : [payment(2, 2000), payment(1, 1000)];
        return { body: { items, total: 12, page, pageSize: 10 } };
      }
      if (url.pathname === `${base}/history/breaks`) {
        return { body: { items: [], total: 0, page: 1, pageSize: 10 } };
      }
      return undefined;
    });
    render("manager");
    const open = screen.getByRole("button", { name: `History of Ash` });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Ash's history" });
    const list = await within(dialog).findByRole("list", { name: "Payments" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(within(dialog).getByText("Page 1 of 2 · 12 entries").textContent).toBe("Page 1 of 2 · 12 entries");
    // A manager reads the history but records no payment.
    expect(within(dialog).queryByRole("button", { name: "Record payment" })).toBeNull();

    fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(within(dialog).getByText("Page 2 of 2 · 12 entries")).not.toBeNull());
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole("list", { name: "Payments" })).getAllByRole("listitem"),
      ).toHaveLength(2),
    );
    expect(within(dialog).getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);

    fireEvent.click(within(dialog).getByRole("button", { name: "Breaks" }));
    expect((await within(dialog).findByText("No breaks yet")).textContent).toBe("No breaks yet");

    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it("says when the history can't be loaded, and retries", async () => {
    let fail = true;
    mockApi((url) =>
      url.pathname === `${base}/history/payments`
        ? fail
          ? { status: 500, body: { error: "Internal Server Error", message: "boom" } }
          : { body: { items: [payment(1, 500)], total: 1, page: 1, pageSize: 10 } }
        : undefined,
    );
    render("admin");
    fireEvent.click(screen.getByRole("button", { name: "History of Ash" }));
    const alert = await screen.findByRole("alert", {}, { timeout: 4000 });
    expect(alert.querySelector("p")?.textContent).toBe("Failed to load payments.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    const list = await screen.findByRole("list", { name: "Payments" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  });

  it("an admin records a payment, sent to the payments route", async () => {
    const api = mockApi((url, init) => {
      if (url.pathname === `${base}/history/payments`)
        return { body: { items: [], total: 0, page: 1, pageSize: 10 } };
      if (url.pathname === `${base}/payments` && init?.method === "POST") return { body: grinder };
      return undefined;
    });
    render("admin");
    fireEvent.click(screen.getByRole("button", { name: "History of Ash" }));
    const dialog = await screen.findByRole("dialog");
    expect((await within(dialog).findByText("No payments yet")).textContent).toBe("No payments yet");
    fireEvent.change(within(dialog).getByLabelText("Amount"), { target: { value: "250k" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record payment" }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([url, init]) => String(url).endsWith(`${base}/payments`) && init?.method === "POST",
        ),
      ).toBe(true),
    );
    const call = api.mock.calls.find(([url]) => String(url).endsWith(`${base}/payments`));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ action: "add", amount: "250k" });
  });
});
