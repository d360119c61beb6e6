import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dashboardRequest } from "../../../lib/api-client";
import { LoginModalProvider, useLoginModal } from "../../../lib/login-modal-context";
import { EXPIRY_KEY, TOKEN_KEY } from "../../../lib/session";
import { useDashboardSession } from "./session-context";
import { LOAD_FAILURE_MESSAGE, SessionGuard } from "./session-guard";

const SERVER = "1085268610252800001";
const TOKEN = "a".repeat(56);
const info = {
  serverId: SERVER,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "Ember Keeper",
};

type Reply = { status: number; body?: unknown } | Promise<never>;

function stubApi(routes: Record<string, Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const reply = routes[path];
    if (!reply)
      return new Response(JSON.stringify({ message: "not stubbed" }), {
        status: 404,
        statusText: "Not Found",
      });
    const { status, body } = await reply;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      statusText: status === 401 ? "Unauthorized" : status === 500 ? "Internal Server Error" : "OK",
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function storeSession(expiresInMs = 60_000) {
  localStorage.setItem(TOKEN_KEY, TOKEN);
  localStorage.setItem(EXPIRY_KEY, new Date(Date.now() + expiresInMs).toISOString());
}

function Where() {
  const { pathname, search } = useLocation();
  const { isOpen } = useLoginModal();
  return (
    <p data-testid="where">
      {pathname}
      {search} modal:{isOpen ? "open" : "closed"}
    </p>
  );
}

function Inside() {
  const session = useDashboardSession();
  return <p>inside {session.serverId}</p>;
}

/** A dashboard child whose own first load fails. */
function FailingChild() {
  useQuery({
    queryKey: ["dashboard", SERVER, "grinders"],
    queryFn: () => dashboardRequest("/api/grinders"),
    retry: false,
  });
  return <p>child</p>;
}

function renderAt(path: string, child: ReactNode = <Inside />) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <Where /> },
      {
        path: "/dashboard/:serverId?",
        element: (
          <>
            <Where />
            <SessionGuard>{child}</SessionGuard>
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LoginModalProvider>
        <RouterProvider router={router} />
      </LoginModalProvider>
    </QueryClientProvider>,
  );
  return router;
}

const where = () => screen.getByTestId("where").textContent;

describe("SessionGuard", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends a visitor without a token to the root and opens the login modal", async () => {
    const fetchMock = stubApi({});
    renderAt("/dashboard");
    await waitFor(() => expect(where()).toBe("/ modal:open"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("removes an expired token on read and counts as signed out", async () => {
    stubApi({});
    storeSession(-1);
    renderAt(`/dashboard/${SERVER}`);
    await waitFor(() => expect(where()).toBe("/ modal:open"));
    expect([localStorage.getItem(TOKEN_KEY), localStorage.getItem(EXPIRY_KEY)]).toEqual([null, null]);
  });

  it("renders nothing of the dashboard before the check passes", async () => {
    stubApi({ "/api/dashboard/token-info": new Promise<never>(() => {}) });
    storeSession();
    renderAt(`/dashboard/${SERVER}`);
    expect((await screen.findByRole("status")).textContent).toBe("Checking your dashboard access…");
    expect(screen.queryByText(/inside/)).toBeNull();
  });

  it("sends the token as the raw Authorization header and shows the token's server", async () => {
    const fetchMock = stubApi({ "/api/dashboard/token-info": { status: 200, body: info } });
    storeSession();
    renderAt(`/dashboard/${SERVER}`);
    expect((await screen.findByText(/^inside /)).textContent).toBe(`inside ${SERVER}`);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe(TOKEN);
  });

  it("redirects /dashboard and another server's id to the token's server, keeping the tab", async () => {
    stubApi({ "/api/dashboard/token-info": { status: 200, body: info } });
    storeSession();
    renderAt("/dashboard/222222222222222222?tab=timers");
    await waitFor(() => expect(where()).toBe(`/dashboard/${SERVER}?tab=timers modal:closed`));
    expect((await screen.findByText(/^inside /)).textContent).toBe(`inside ${SERVER}`);
  });

  it("logs out on a 401 while loading: token cleared, back to the root, no modal", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubApi({ "/api/dashboard/token-info": { status: 401, body: { message: "revoked" } } });
    storeSession();
    renderAt(`/dashboard/${SERVER}`);
    await waitFor(() => expect(where()).toBe("/ modal:closed"));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    vi.restoreAllMocks();
  });

  it("logs out when a dashboard load fails with 403", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubApi({
      "/api/dashboard/token-info": { status: 200, body: info },
      "/api/grinders": { status: 403, body: {} },
    });
    storeSession();
    renderAt(`/dashboard/${SERVER}`, <FailingChild />);
    await waitFor(() => expect(where()).toBe("/ modal:closed"));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    vi.restoreAllMocks();
  });

  it("shows the spec's load failure for other errors and keeps the session", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stubApi({ "/api/dashboard/token-info": { status: 500, body: {} } });
    storeSession();
    renderAt(`/dashboard/${SERVER}`);
    // A server error is retried once before it shows.
    const alert = await screen.findByRole("alert", {}, { timeout: 4000 });
    expect(alert.querySelector("h2")?.textContent).toBe("Dashboard unavailable");
    expect(alert.textContent).toContain(LOAD_FAILURE_MESSAGE);
    expect(LOAD_FAILURE_MESSAGE).toBe("Failed to load dashboard data. Please try again.");
    expect(screen.queryByText(/inside/)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(TOKEN);
    vi.restoreAllMocks();
  });
});
