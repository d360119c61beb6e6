import { defaultServerSettings, type ServerTrigger, type TokenInfo, type TriggerList } from "@hearth/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { ConfirmProvider } from "../shared/confirm";
import { ToastProvider } from "../toasts/toast-context";
import { validateTrigger } from "./trigger-form";
import TriggersPage, { parseMemberLimit } from "./triggers-page";

const serverId = "123456789012345678";
const staffTrigger: ServerTrigger = {
  id: 1,
  keyword: "heist",
  match: "word",
  replyType: "text",
  response: "Heists start at 8pm",
  embedTitle: null,
  staff: true,
  createdBy: "111111111111111111",
  createdAt: 1,
  updatedAt: 1,
};
const memberTrigger: ServerTrigger = {
  ...staffTrigger,
  id: 2,
  keyword: "gg",
  match: "exact",
  replyType: "embed",
  response: "GG {user.name}!",
  embedTitle: "Nice",
  staff: false,
  createdBy: "222222222222222222",
};

function renderPage(permission: TokenInfo["permission"]) {
  const info: TokenInfo = {
    serverId,
    serverName: "Ember Hollow",
    serverIcon: null,
    permission,
    userName: "O",
  };
  renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <ToastProvider>
        <ConfirmProvider>
          <TriggersPage />
        </ConfirmProvider>
      </ToastProvider>
    </DashboardSessionContext.Provider>,
  );
}

/** A server that keeps triggers in memory, answering the page's calls as the API does. */
function fakeServer(initial: ServerTrigger[]) {
  let triggers = [...initial];
  let limit = 3;
  const calls: { method: string; path: string; body: unknown }[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === "/api/dashboard/channels" || url.pathname === "/api/dashboard/roles")
      return { body: [] };
    if (url.pathname === "/api/settings/fetch")
      return { body: { ...defaultServerSettings, memberTriggerLimit: limit } };
    if (url.pathname === "/api/settings/edit") {
      limit = body.memberTriggerLimit;
      return { body: { ...defaultServerSettings, memberTriggerLimit: limit } };
    }
    const base = `/api/triggers/${serverId}`;
    if (url.pathname === base && method === "GET") {
      const list: TriggerList = {
        triggers,
        memberLimit: limit,
        serverLimit: 200,
        names: { "222222222222222222": "Morgan" },
      };
      return { body: list };
    }
    if (url.pathname === `${base}/preview`) {
      if (body.response.includes("{nope}"))
        return {
          status: 400,
          body: {
            error: "Bad Request",
            message: "The response uses an unknown tag {nope}.",
            field: "response",
          },
        };
      return {
        body: {
          message: { content: body.response.replace("{user.name}", "Owner"), embeds: [], components: [] },
        },
      };
    }
    if (url.pathname === base && method === "POST") {
      if (triggers.some((t) => t.keyword === body.keyword))
        return {
          status: 409,
          body: {
            error: "Conflict",
            message: `There is already a trigger for “${body.keyword}”.`,
            field: "keyword",
          },
        };
      const created = { ...staffTrigger, ...body, id: 10 + triggers.length };
      triggers.push(created);
      return { status: 201, body: created };
    }
    const match = /\/(\d+)$/.exec(url.pathname);
    if (match && method === "PATCH") {
      const id = Number(match[1]);
      triggers = triggers.map((t) => (t.id === id ? { ...t, ...body } : t));
      return { body: triggers.find((t) => t.id === id) };
    }
    if (match && method === "DELETE") {
      triggers = triggers.filter((t) => t.id !== Number(match[1]));
      return { body: { deleted: Number(match[1]) } };
    }
    return undefined;
  });
  return { calls, triggers: () => triggers };
}

afterEach(() => vi.unstubAllGlobals());

describe("the Triggers page", () => {
  it("checks the form with the server's limits", () => {
    const form = {
      keyword: " ",
      match: "word" as const,
      replyType: "text" as const,
      embedTitle: "",
      response: "",
    };
    expect(validateTrigger(form)).toEqual({
      keyword: "Enter the keyword members type.",
      response: "Enter what Hearth answers.",
    });
    expect(validateTrigger({ ...form, keyword: "k".repeat(101), response: "x".repeat(2001) })).toEqual({
      keyword: "The keyword can be at most 100 characters.",
      response: "A text reply can be at most 2,000 characters.",
    });
    // An embed's text may be longer; its title has a limit of its own.
    expect(
      validateTrigger({
        ...form,
        keyword: "ok",
        replyType: "embed",
        response: "x".repeat(2001),
        embedTitle: "t".repeat(257),
      }),
    ).toEqual({ embedTitle: "The title can be at most 256 characters." });
    expect(parseMemberLimit("5")).toBe(5);
    expect(parseMemberLimit("0")).toBeNull();
    expect(parseMemberLimit("101")).toBeNull();
    expect(parseMemberLimit("2.5")).toBeNull();
    expect(parseMemberLimit("")).toBeNull();
  });

  it("lists staff and members' triggers, filters them, and shows the limits", async () => {
    fakeServer([staffTrigger, memberTrigger]);
    renderPage("admin");
    const list = await screen.findByRole("list", { name: "Triggers" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("span")?.textContent),
    ).toEqual(["heist", "gg"]);
    expect(within(list).getByText("By Morgan")).toBeTruthy();
    expect(screen.getByText(/2 of 200/).textContent).toContain("each member may own 3");
    fireEvent.click(screen.getByRole("button", { name: "Members' (1)" }));
    expect(within(screen.getByRole("list", { name: "Triggers" })).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Members' (1)" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("adds a trigger with a live preview from the server, and shows a refusal under its field", async () => {
    const server = fakeServer([staffTrigger]);
    renderPage("admin");
    fireEvent.click(await screen.findByRole("button", { name: "New Trigger" }));
    const form = screen.getByRole("form", { name: "New trigger" });
    fireEvent.change(within(form).getByLabelText("Keyword"), { target: { value: "heist" } });
    fireEvent.change(within(form).getByLabelText("Reply"), { target: { value: "Hi {user.name}" } });
    const preview = screen.getByTestId("message-preview");
    await waitFor(() => expect(preview.textContent).toContain("Hi Owner"), { timeout: 3000 });
    await act(async () => {
      fireEvent.click(within(form).getByRole("button", { name: "Add Trigger" }));
    });
    // The keyword is taken: the server's 409 shows under the keyword field.
    await waitFor(() => expect(within(form).getByRole("alert").textContent).toContain("already a trigger"));
    expect(within(form).getByLabelText("Keyword").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(within(form).getByLabelText("Keyword"), { target: { value: "raid" } });
    fireEvent.change(within(form).getByLabelText("Matches"), { target: { value: "contains" } });
    await act(async () => {
      fireEvent.click(within(form).getByRole("button", { name: "Add Trigger" }));
    });
    await waitFor(() => expect(screen.queryByRole("form", { name: "New trigger" })).toBeNull());
    expect(server.calls.filter((c) => c.method === "POST" && c.path.endsWith(serverId)).at(-1)?.body).toEqual(
      {
        keyword: "raid",
        response: "Hi {user.name}",
        match: "contains",
        replyType: "text",
        embedTitle: null,
      },
    );
    expect(await screen.findByText("raid")).toBeTruthy();
  });

  it("shows the server's refusal of a reply in the preview", async () => {
    fakeServer([]);
    renderPage("admin");
    fireEvent.click(await screen.findByRole("button", { name: "Add a Trigger" }));
    fireEvent.change(screen.getByLabelText("Reply"), { target: { value: "{nope}" } });
    const preview = screen.getByTestId("message-preview");
    await waitFor(() => expect(preview.textContent).toContain("unknown tag {nope}"), { timeout: 3000 });
  });

  it("edits a member's trigger and deletes one after confirming", async () => {
    const server = fakeServer([staffTrigger, memberTrigger]);
    renderPage("owner");
    fireEvent.click(await screen.findByRole("button", { name: "Edit the trigger “gg”" }));
    const form = screen.getByRole("form", { name: "Edit “gg”" });
    expect((within(form).getByLabelText("Embed title") as HTMLInputElement).value).toBe("Nice");
    fireEvent.change(within(form).getByLabelText("Embed text"), { target: { value: "Well played" } });
    await act(async () => {
      fireEvent.click(within(form).getByRole("button", { name: "Save Trigger" }));
    });
    await waitFor(() => expect(server.triggers().find((t) => t.id === 2)?.response).toBe("Well played"));
    expect(server.calls.find((c) => c.method === "PATCH")?.path).toBe(`/api/triggers/${serverId}/2`);

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Delete the trigger “heist”" }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Delete Trigger" }));
    });
    await waitFor(() => expect(server.triggers().map((t) => t.id)).toEqual([2]));
  });

  it("saves the member limit, refusing numbers out of range", async () => {
    const server = fakeServer([]);
    renderPage("admin");
    const input = await screen.findByLabelText("Triggers each member may own");
    fireEvent.change(input, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Limit" }));
    expect(screen.getByRole("alert").textContent).toBe("Enter a whole number from 1 to 100.");
    fireEvent.change(input, { target: { value: "7" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save Limit" }));
    });
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === "/api/settings/edit")?.body).toEqual({
        memberTriggerLimit: 7,
      }),
    );
  });

  it("is read-only below admin, saying why", async () => {
    fakeServer([staffTrigger]);
    renderPage("manager");
    await screen.findByRole("list", { name: "Triggers" });
    expect(
      (screen.getByRole("button", { name: "Edit the trigger “heist”" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByRole("button", { name: "New Trigger" }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen
        .getAllByRole("note")
        .map((note) => note.textContent)
        .join(" "),
    ).toContain("needs the admin permission");
    expect(
      (screen.getByLabelText("Triggers each member may own") as HTMLInputElement).closest("fieldset")
        ?.disabled,
    ).toBe(true);
  });
});
