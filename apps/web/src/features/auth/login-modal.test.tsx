import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, useParams } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DashboardButton } from "../../components/layout/dashboard-button";
import { EXPIRY_KEY, SESSION_LIFETIME_MS, TOKEN_KEY } from "../../lib/session";
import { type MockAnswer, mockApi } from "../../test/api-mock";
import { renderRouter } from "../../test/render";
import { LoginModal } from "./login-modal";

const TOKEN = "ab".repeat(28);
const SERVER_ID = "1085281409813676032";
const tokenInfo = {
  serverId: SERVER_ID,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "emberkeeper",
};

function DashboardStub() {
  return <h1>Dashboard for {useParams().serverId}</h1>;
}

function renderModal() {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <DashboardButton />
            <button type="button">Elsewhere</button>
            <LoginModal />
          </>
        ),
      },
      { path: "/dashboard/:serverId", element: <DashboardStub /> },
    ],
    { initialEntries: ["/"] },
  );
  renderRouter(router);
  const opener = screen.getByRole("button", { name: "Dashboard" });
  opener.focus();
  fireEvent.click(opener);
  return { router, opener, dialog: screen.getByRole("dialog", { name: "Dashboard Access" }) };
}

const field = () => screen.getByLabelText("Dashboard Token") as HTMLInputElement;
const authorize = () => screen.getByRole("button", { name: /^Authoriz/ }) as HTMLButtonElement;
const type = (value: string) => fireEvent.change(field(), { target: { value } });

let tokenInfoAnswer: MockAnswer | (() => Promise<MockAnswer>);
let accessAnswer: MockAnswer;

beforeEach(() => {
  tokenInfoAnswer = { body: tokenInfo };
  accessAnswer = { status: 204 };
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

function api() {
  return mockApi(async (url) => {
    if (url.pathname === "/api/dashboard/token-info") {
      return typeof tokenInfoAnswer === "function" ? tokenInfoAnswer() : tokenInfoAnswer;
    }
    if (url.pathname === "/api/dashboard/access") return accessAnswer;
    return undefined;
  });
}

describe("LoginModal: content and controls", () => {
  it("opens as 'Dashboard Access' with the token field focused and the info box", () => {
    api();
    const { dialog } = renderModal();

    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(field());
    expect(field().type).toBe("password");
    expect(field().placeholder).toBe("Enter your dashboard token...");
    // The info box describes the field until there is an error.
    const info = document.getElementById(field().getAttribute("aria-describedby") ?? "");
    expect(info && dialog.contains(info)).toBe(true);
    expect(info?.firstElementChild?.textContent).toBe("Secure Authentication");
    expect(info?.textContent).toMatch(/instead of Discord OAuth2 for security and control/);
    const cancel = screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement;
    expect(cancel.type).toBe("button");
    expect(cancel.disabled).toBe(false);
    expect(authorize().textContent).toBe("Authorize");
  });

  it("shows and hides the token", () => {
    api();
    renderModal();
    fireEvent.click(screen.getByRole("button", { name: "Show token" }));
    expect(field().type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide token" }));
    expect(field().type).toBe("password");
  });

  it("disables Authorize while the field is empty", () => {
    api();
    renderModal();
    expect(authorize().disabled).toBe(true);
    type("x");
    expect(authorize().disabled).toBe(false);
  });
});

describe("LoginModal: validation and errors", () => {
  it("rejects a whitespace-only token and clears the error on typing", () => {
    const fetch = api();
    renderModal();
    type("   ");
    fireEvent.click(authorize());

    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid token");
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(fetch).not.toHaveBeenCalledWith("/api/dashboard/token-info", expect.anything());

    type("   a");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the API's message for a refused token and stays open", async () => {
    tokenInfoAnswer = {
      status: 401,
      body: { error: "Unauthorized", message: "The dashboard token is invalid or has been revoked" },
    };
    api();
    renderModal();
    type("wrong");
    fireEvent.click(authorize());

    expect((await screen.findByRole("alert")).textContent).toBe(
      "The dashboard token is invalid or has been revoked",
    );
    expect(screen.queryByRole("dialog")).not.toBeNull();
    expect(field().value).toBe("wrong");
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("rejects an answer without a server id", async () => {
    tokenInfoAnswer = { body: { ...tokenInfo, serverId: "" } };
    api();
    renderModal();
    type(TOKEN);
    fireEvent.click(authorize());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Invalid token or missing server information",
    );
  });

  it("falls back to the generic message for a non-standard failure", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    renderModal();
    type(TOKEN);
    fireEvent.click(authorize());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Authorization failed. Please check your token.",
    );
  });
});

describe("LoginModal: success", () => {
  it("reads 'Authorizing...' while busy, stores the session for 7 days, notifies access and opens the server's dashboard", async () => {
    let release: (answer: MockAnswer) => void = () => {};
    tokenInfoAnswer = () => new Promise<MockAnswer>((resolve) => (release = resolve));
    const fetch = api();
    const { router } = renderModal();
    type(`  ${TOKEN}  `);
    const before = Date.now();
    fireEvent.click(authorize());

    await waitFor(() => expect(authorize().textContent).toBe("Authorizing..."));
    expect(authorize().disabled).toBe(true);
    await act(async () => release({ body: tokenInfo }));

    await screen.findByRole("heading", { name: `Dashboard for ${SERVER_ID}` });
    expect(router.state.location.pathname).toBe(`/dashboard/${SERVER_ID}`);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(TOKEN);
    const expiry = Date.parse(localStorage.getItem(EXPIRY_KEY) ?? "");
    expect(expiry - before).toBeGreaterThanOrEqual(SESSION_LIFETIME_MS);
    expect(expiry - Date.now()).toBeLessThanOrEqual(SESSION_LIFETIME_MS);

    const calls = fetch.mock.calls.map(([url, init]) => [
      String(url),
      init?.method ?? "GET",
      (init?.headers as Record<string, string>)?.authorization,
    ]);
    expect(calls).toContainEqual(["/api/dashboard/token-info", "GET", TOKEN]);
    expect(calls).toContainEqual(["/api/dashboard/access", "POST", TOKEN]);
  });

  it("only warns when the access notification fails", async () => {
    accessAnswer = { status: 500, body: { message: "boom" } };
    api();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { router } = renderModal();
    type(TOKEN);
    fireEvent.click(authorize());

    await screen.findByRole("heading", { name: `Dashboard for ${SERVER_ID}` });
    expect(router.state.location.pathname).toBe(`/dashboard/${SERVER_ID}`);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(TOKEN);
    expect(warn).toHaveBeenCalledWith("Could not record dashboard access", expect.anything());
  });
});

describe("LoginModal: closing and focus", () => {
  it("closes on Escape and returns focus to the Dashboard button", () => {
    api();
    const { opener } = renderModal();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on a backdrop click but not on a click inside", () => {
    api();
    const { dialog } = renderModal();
    fireEvent.click(dialog);
    expect(screen.queryByRole("dialog")).toBe(dialog);
    fireEvent.click(screen.getByTestId("dialog-backdrop"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Cancel closes and clears the field and error", () => {
    api();
    renderModal();
    type("   ");
    fireEvent.click(authorize());
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Dashboard" }));
    expect(field().value).toBe("");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("traps Tab inside the dialog", () => {
    api();
    renderModal();
    type(TOKEN);
    const last = authorize();
    last.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(field());

    field().focus();
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it("makes the page behind it inert while open", () => {
    api();
    const { opener } = renderModal();
    const pageRoot = opener.closest("body > div") as HTMLElement;
    expect(pageRoot.inert).toBe(true);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(pageRoot.inert).toBe(false);
  });
});
