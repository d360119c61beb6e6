import type { DashboardMember, TokenInfo, TriggerList } from "@hearth/core";
import { defaultServerSettings } from "@hearth/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { ConfirmProvider } from "../shared/confirm";
import { ToastProvider } from "../toasts/toast-context";
import { GameHelpersCard, heistImageProblem } from "./game-helpers-card";
import { TriggersCard } from "./triggers-card";

const serverId = "123456789012345678";
const list: TriggerList = {
  memberLimit: 3,
  serverLimit: 200,
  names: { "222222222222222222": "Morgan" },
  triggers: [
    {
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
    },
    {
      id: 2,
      keyword: "gg",
      match: "exact",
      replyType: "embed",
      response: "GG {user.name}!",
      embedTitle: "Nice",
      staff: false,
      createdBy: "222222222222222222",
      createdAt: 2,
      updatedAt: 2,
    },
  ],
};

const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "Owner",
};

const render = (node: ReactNode) =>
  renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <ToastProvider>
        <ConfirmProvider>{node}</ConfirmProvider>
      </ToastProvider>
    </DashboardSessionContext.Provider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe("the Settings tab's trigger list", () => {
  it("lists triggers with their mode, reply type and owner, and deletes one after confirming", async () => {
    let triggers = list.triggers;
    const api = mockApi((url, init) => {
      if (url.pathname === `/api/triggers/${serverId}`) return { body: { ...list, triggers } };
      if (url.pathname === `/api/triggers/${serverId}/2` && init?.method === "DELETE") {
        triggers = triggers.filter((t) => t.id !== 2);
        return { body: { deleted: 2 } };
      }
      return undefined;
    });
    render(<TriggersCard serverId={serverId} />);
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "heistWhole wordTextStaffHeists start at 8pmDelete",
      "ggExact messageEmbedBy MorganNice: GG {user.name}!Delete",
    ]);
    expect(screen.getByText(/2 of 200/).textContent).toBe(
      "2 of 200 · each member may own 3; staff triggers are unlimited.",
    );
    const remove = screen.getByRole("button", { name: "Delete the trigger “gg”" });
    remove.focus();
    expect(document.activeElement).toBe(remove);
    await act(async () => {
      fireEvent.click(remove);
    });
    expect((await screen.findByRole("dialog")).textContent).toContain("Delete the trigger “gg”?");
    expect(api.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Delete Trigger" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(api.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(1);
  });

  it("shows channel mentions by name, as Discord does", async () => {
    const channelId = "333333333333333333";
    mockApi((url) => {
      if (url.pathname === `/api/triggers/${serverId}`) {
        const [first] = list.triggers;
        return { body: { ...list, triggers: [{ ...first, response: `Heists are in <#${channelId}>` }] } };
      }
      if (url.pathname === "/api/dashboard/channels") {
        return {
          body: [{ id: channelId, name: "heists", type: 0, parentId: null, parentName: null, position: 0 }],
        };
      }
      return undefined;
    });
    render(<TriggersCard serverId={serverId} />);
    await waitFor(() => expect(screen.getByRole("listitem").textContent).toContain("Heists are in #heists"));
    expect(screen.getByRole("listitem").textContent).not.toContain(channelId);
  });

  it("shows the end of a member's id when Discord can't name them", async () => {
    mockApi((url) =>
      url.pathname === `/api/triggers/${serverId}` ? { body: { ...list, names: {} } } : undefined,
    );
    render(<TriggersCard serverId={serverId} />);
    const items = await screen.findAllByRole("listitem");
    expect(items[1]?.textContent).toContain("By member …2222");
    expect(items[1]?.textContent).not.toContain("222222222222222222");
  });

  it("says when there are none, and offers a retry when loading fails", async () => {
    mockApi((url) =>
      url.pathname === `/api/triggers/${serverId}` ? { body: { ...list, triggers: [] } } : undefined,
    );
    render(<TriggersCard serverId={serverId} />);
    expect((await screen.findByText("No triggers yet")).textContent).toBe("No triggers yet");
    vi.unstubAllGlobals();
    mockApi(() => ({ status: 500, body: { error: "Internal Server Error", message: "boom" } }));
    render(<TriggersCard serverId="223456789012345678" />);
    const alert = await screen.findByRole("alert", {}, { timeout: 4000 });
    expect(alert.textContent).toContain("Failed to load triggers.");
  });
});

describe("the Game Helpers fields", () => {
  it("checks heist image links like embed images", () => {
    expect(heistImageProblem("")).toBeNull();
    expect(heistImageProblem("https://cdn.example.com/heist.gif?size=2")).toBeNull();
    expect(heistImageProblem("ftp://x/y.png")).toMatch(/http:\/\/ or https:\/\//);
    expect(heistImageProblem("https://x.com/a.exe")).toMatch(/“\.exe” isn't one of those formats/);
  });

  it("lists the game bots by name, adds one picked among the server's bots and removes one", async () => {
    const member = (id: string, username: string, bot: boolean): DashboardMember => ({
      id,
      username,
      displayName: username[0]?.toUpperCase() + username.slice(1),
      nick: null,
      avatarUrl: null,
      bot,
    });
    const members = [
      member("270904126974590976", "dank", true),
      member("555555555555555555", "karuta", true),
      member("666666666666666666", "morgan", false),
    ];
    const api = mockApi((url, init) => {
      if (url.pathname === "/api/dashboard/members") {
        const ids = url.searchParams.get("ids")?.split(",");
        const found = ids ? members.filter((m) => ids.includes(m.id)) : members;
        return { body: { members: found, nextCursor: null, note: null } };
      }
      if (url.pathname === "/api/settings/edit" && init?.method === "PUT")
        return { body: { ...defaultServerSettings, ...JSON.parse(String(init.body)) } };
      return undefined;
    });
    const edits = () =>
      api.mock.calls
        .filter(([request]) => String(request).includes("/api/settings/edit"))
        .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    const { unmount } = render(
      <GameHelpersCard
        settings={{ ...defaultServerSettings, gameBotIds: ["270904126974590976"] }}
        serverId={serverId}
      />,
    );
    const chosen = screen.getByRole("list", { name: "Game bots" });
    // The avatar (an initial, no picture), the name, the @username.
    await waitFor(() => expect(within(chosen).getByRole("listitem").textContent).toBe("DDank@dank"));
    // The last bot can't be removed: the Event helper needs one.
    fireEvent.click(screen.getByRole("button", { name: "Remove Dank" }));
    expect(screen.getByRole("alert").textContent).toMatch(/Keep at least one game bot/);
    expect(edits()).toEqual([]);

    const input = screen.getByRole("combobox", { name: "Add a game bot" });
    fireEvent.click(input);
    const offered = await screen.findByRole("listbox", { name: "Add a game bot" });
    // Only bots, and not the one already listed.
    await waitFor(() =>
      expect(
        within(offered)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["KKaruta@karutaAPP"]),
    );
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() =>
      expect(edits()).toEqual([{ gameBotIds: ["270904126974590976", "555555555555555555"] }]),
    );
    await waitFor(() =>
      expect((screen.getByRole("combobox", { name: "Add a game bot" }) as HTMLInputElement).value).toBe(""),
    );

    // Saved with two bots, either may go.
    unmount();
    render(
      <GameHelpersCard
        settings={{ ...defaultServerSettings, gameBotIds: ["270904126974590976", "555555555555555555"] }}
        serverId={serverId}
      />,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Remove Dank" }));
    await waitFor(() => expect(edits()).toHaveLength(2));
    expect(edits()[1]).toEqual({ gameBotIds: ["555555555555555555"] });
  });

  it("previews the heist image only from hosts the site may load, and names any other", () => {
    const cdn = "https://cdn.discordapp.com/attachments/1/2/heist.png";
    const { unmount } = render(
      <GameHelpersCard
        settings={{ ...defaultServerSettings, heist_image: true, heistImageUrl: cdn }}
        serverId={serverId}
      />,
    );
    expect(screen.getByAltText("The heist image, as announcements show it").getAttribute("src")).toBe(cdn);
    unmount();
    render(
      <GameHelpersCard
        settings={{
          ...defaultServerSettings,
          heist_image: true,
          heistImageUrl: "https://i.imgur.com/vault.png",
        }}
        serverId={serverId}
      />,
    );
    // An <img> from another host would be a blocked load (and a CSP violation) on the dashboard.
    expect(screen.queryByAltText("The heist image, as announcements show it")).toBeNull();
    expect(screen.getByText(/The image comes from i\.imgur\.com; Discord shows it/)).toBeTruthy();
  });

  it("saves the heist link on blur and refuses a bad one without sending it", async () => {
    const api = mockApi((url, init) =>
      url.pathname === "/api/settings/edit" && init?.method === "PUT"
        ? { body: { ...defaultServerSettings, ...JSON.parse(String(init.body)), heist_image: true } }
        : undefined,
    );
    render(<GameHelpersCard settings={defaultServerSettings} serverId={serverId} />);
    const field = screen.getByLabelText("Heist image link");
    fireEvent.change(field, { target: { value: "https://x.com/a.txt" } });
    fireEvent.blur(field);
    expect(screen.getByRole("alert").textContent).toMatch(/“\.txt”/);
    expect(api.mock.calls.some(([request]) => String(request).includes("/api/settings/edit"))).toBe(false);
    fireEvent.change(field, { target: { value: "https://x.com/vault.png" } });
    fireEvent.blur(field);
    await waitFor(() =>
      expect(
        api.mock.calls.filter(([request]) => String(request).includes("/api/settings/edit")),
      ).toHaveLength(1),
    );
    const call = api.mock.calls.find(([request]) => String(request).includes("/api/settings/edit"));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ heistImageUrl: "https://x.com/vault.png" });
  });
});
