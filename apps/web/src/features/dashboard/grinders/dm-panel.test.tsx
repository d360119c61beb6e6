import type { TokenInfo } from "@hearth/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { ConfirmProvider } from "../shared/confirm";
import { ToastProvider } from "../toasts/toast-context";
import { DmPanel } from "./dm-panel";

const serverId = "123456789012345678";
const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "O",
};

function serve(fail = false) {
  const previews: string[] = [];
  const sent: string[] = [];
  mockApi((url, init) => {
    if (url.pathname === "/api/dashboard/channels" || url.pathname === "/api/dashboard/roles")
      return { body: [] };
    const base = `/api/grinders/${serverId}/grinders`;
    if (url.pathname === `${base}/dm-preview`) {
      const { message } = JSON.parse(String(init?.body));
      previews.push(message);
      if (fail) return { status: 503, body: { error: "Service Unavailable", message: "Discord is down" } };
      return {
        body: {
          content: "",
          embeds: [
            { author: { name: "Ember Hollow · grinder team" }, description: message, color: 0xf97316 },
          ],
          components: [],
        },
      };
    }
    if (url.pathname.startsWith(`${base}/dm-`) && init?.method === "POST") {
      sent.push(url.pathname);
      return { body: { sent: 1, failed: 0, total: 1 } };
    }
    return undefined;
  });
  return { previews, sent };
}

/** The panel, once its preview (loaded lazily, as on the dashboard) is shown. */
async function show(
  counts: Record<"paid" | "unpaid" | "all", number> | null = { paid: 1, unpaid: 2, all: 3 },
) {
  renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <ToastProvider>
        <ConfirmProvider>
          <DmPanel serverId={serverId} counts={counts} />
        </ConfirmProvider>
      </ToastProvider>
    </DashboardSessionContext.Provider>,
  );
  return screen.findByTestId("grinder-dm-preview", {}, { timeout: 3000 });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("grinder DM preview", () => {
  it("is empty until a message is written, then shows the DM the server builds, and follows the text", async () => {
    const { previews, sent } = serve();
    const preview = await show();
    expect(within(preview).getByText("Write the message to see the DM grinders will get.")).toBeTruthy();
    expect(previews).toEqual([]);

    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "  Payday is **Sunday**  " } });
    await within(preview).findByText("Ember Hollow · grinder team", {}, { timeout: 3000 });
    expect(within(preview).getByText("Sunday").tagName).toBe("STRONG");
    expect(previews).toEqual(["Payday is **Sunday**"]);

    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Payday moved to Monday" } });
    await within(preview).findByText("Payday moved to Monday", {}, { timeout: 3000 });
    // A preview sends nothing.
    expect(sent).toEqual([]);
  });

  it("says why when the preview can't be rendered", async () => {
    serve(true);
    const preview = await show();
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hi" } });
    await waitFor(
      () => expect(within(preview).getByRole("alert").textContent).toMatch(/couldn't answer|Discord is down/),
      {
        timeout: 3000,
      },
    );
  });

  it("waits for the roster: no counts and no 'nobody to message' claim while it loads", async () => {
    serve();
    await show(null);
    for (const name of [/^DM Paid Members/, /^DM Unpaid Members/, /^DM All Members/]) {
      const button = screen.getByRole("button", { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.textContent).toContain("…");
    }
    expect(screen.queryByText(/^No .* to message/)).toBeNull();
  });
});
