import type { Channel, DashboardMember, Role, TokenInfo } from "@hearth/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../../test/api-mock";
import { renderWithProviders } from "../../../../test/render";
import { DashboardSessionContext } from "../../session/session-context";
import { ChannelPicker } from "./channel-picker";
import { insertMention, MarkupTextarea, mentionAt } from "./markup-textarea";
import { MemberPicker } from "./member-picker";
import { RoleMultiPicker, RolePicker } from "./role-pickers";

const serverId = "123456789012345678";
const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "Owner",
};

const channel = (id: string, name: string, type = 0, parentName: string | null = null): Channel => ({
  id,
  name,
  type,
  parentId: null,
  parentName,
  position: 0,
});
const channels = [
  channel("200000000000000001", "Info", 4),
  channel("200000000000000002", "general", 0, "Info"),
  channel("200000000000000003", "announcements", 5, "Info"),
  channel("200000000000000004", "Lounge", 2),
  channel("200000000000000005", "giveaways", 0),
];
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
  role("300000000000000003", "Giveaway Ping"),
];
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

function serve() {
  return mockApi((url) => {
    if (url.pathname === "/api/dashboard/channels") return { body: channels };
    if (url.pathname === "/api/dashboard/roles") return { body: roles };
    if (url.pathname === "/api/dashboard/members") {
      const ids = url.searchParams.get("ids");
      if (ids)
        return {
          body: {
            members: members.filter((m) => ids.split(",").includes(m.id)),
            nextCursor: null,
            note: null,
          },
        };
      const query = (url.searchParams.get("query") ?? "").toLowerCase();
      const found = members.filter((m) => `${m.username} ${m.displayName}`.toLowerCase().includes(query));
      return { body: { members: found, nextCursor: null, note: null } };
    }
    return undefined;
  });
}

function renderInSession(element: React.ReactNode) {
  serve();
  return renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      {element}
    </DashboardSessionContext.Provider>,
  );
}

function Controlled<T>({
  initial,
  render,
}: {
  initial: T;
  render: (value: T, set: (value: T) => void) => React.ReactNode;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {render(value, setValue)}
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId("value").textContent ?? "null") as unknown;

describe("ChannelPicker", () => {
  it("keeps a hidden label for screen readers (a table cell under its column header)", () => {
    renderInSession(<ChannelPicker label="Channel of row 1" hideLabel value={null} onChange={() => {}} />);
    const input = screen.getByRole("combobox", { name: "Channel of row 1" });
    const label = document.querySelector(`label[for="${input.id}"]`);
    expect(label?.className).toContain("sr-only");
  });

  it("offers text channels only by default, filters as one types, and chooses with the keyboard", async () => {
    renderInSession(
      <Controlled<string | null>
        initial={null}
        render={(v, set) => <ChannelPicker label="Welcome channel" value={v} onChange={set} />}
      />,
    );
    const input = screen.getByRole("combobox", { name: "Welcome channel" });
    fireEvent.click(input);
    const list = await screen.findByRole("listbox", { name: "Welcome channel" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(2));
    expect(within(list).queryByText("Lounge")).toBeNull();
    fireEvent.change(input, { target: { value: "GIVE" } });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(1));
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(value()).toBe("200000000000000005");
    expect((input as HTMLInputElement).value).toBe("#giveaways");
    fireEvent.click(screen.getByRole("button", { name: "Clear Welcome channel" }));
    expect(value()).toBeNull();
  });

  it("says when nothing matches", async () => {
    renderInSession(<ChannelPicker label="Log channel" value={null} onChange={() => {}} kinds={["voice"]} />);
    const input = screen.getByRole("combobox", { name: "Log channel" });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: "zzz" } });
    expect(await screen.findByText("No channels match “zzz”.")).toBeTruthy();
  });
});

describe("RolePicker and RoleMultiPicker", () => {
  it("shows roles the safety rule refuses disabled, with the reason, unless unsafe roles are allowed", async () => {
    const { unmount } = renderInSession(<RolePicker label="Tier role" value={null} onChange={() => {}} />);
    fireEvent.click(screen.getByRole("combobox", { name: "Tier role" }));
    const admin = await screen.findByRole("option", { name: /Admin/ });
    expect(admin.getAttribute("aria-disabled")).toBe("true");
    expect(admin.textContent).toContain("it has Administrator");
    unmount();
    renderInSession(<RolePicker label="Ping role" value={null} onChange={() => {}} allowUnsafe />);
    fireEvent.click(screen.getByRole("combobox", { name: "Ping role" }));
    expect((await screen.findByRole("option", { name: /Admin/ })).getAttribute("aria-disabled")).not.toBe(
      "true",
    );
  });

  it("takes the field's own rule in place of the safety rule's verdict when given one", async () => {
    renderInSession(
      <RoleMultiPicker
        label="Combined reward roles"
        value={[]}
        onChange={() => {}}
        refuse={(candidate) => (candidate.name === "Grinder" ? "Hearth can't give it" : undefined)}
      />,
    );
    fireEvent.click(screen.getByRole("combobox", { name: "Combined reward roles" }));
    const grinder = await screen.findByRole("option", { name: /Grinder/ });
    expect(grinder.getAttribute("aria-disabled")).toBe("true");
    expect(grinder.textContent).toContain("Hearth can't give it");
    // The safety rule's reason is the field's to give: Admin is not refused by this rule.
    const admin = screen.getByRole("option", { name: /Admin/ });
    expect(admin.getAttribute("aria-disabled")).not.toBe("true");
    expect(admin.textContent).not.toContain("it has Administrator");
  });

  it("adds roles as chips, never twice, and removes them", async () => {
    renderInSession(
      <Controlled<string[]>
        initial={[]}
        render={(v, set) => <RoleMultiPicker label="Blocked roles" value={v} onChange={set} max={2} />}
      />,
    );
    const input = screen.getByRole("combobox", { name: "Blocked roles" });
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole("option", { name: /Grinder/ }));
    expect(value()).toEqual(["300000000000000002"]);
    await waitFor(() => expect(screen.queryByRole("option", { name: /Grinder/ })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Remove Grinder from Blocked roles" }));
    expect(value()).toEqual([]);
  });
});

describe("MemberPicker", () => {
  it("searches the server's members and shows the chosen one's name", async () => {
    renderInSession(
      <Controlled<string | null>
        initial={null}
        render={(v, set) => <MemberPicker label="Member" value={v} onChange={set} />}
      />,
    );
    const input = screen.getByRole("combobox", { name: "Member" });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: "ash" } });
    const option = await screen.findByRole("option", { name: /Ash/ });
    expect(option.textContent).toContain("@ashwyn");
    fireEvent.click(option);
    expect(value()).toBe("400000000000000001");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("Ash (@ashwyn)"));
  });

  it("offers bots alone when asked", async () => {
    renderInSession(<MemberPicker label="Game bot" value={null} onChange={() => {}} bots="only" />);
    fireEvent.click(screen.getByRole("combobox", { name: "Game bot" }));
    expect(await screen.findByRole("option", { name: /Tally/ })).toBeTruthy();
    expect(screen.queryByRole("option", { name: /Ash/ })).toBeNull();
  });
});

describe("MarkupTextarea", () => {
  it("reads the mention being typed and inserts markup in its place", () => {
    expect(mentionAt("Welcome! See #gen", 17)).toEqual({ trigger: "#", query: "gen", start: 13 });
    expect(mentionAt("mail me@home", 12)).toBeNull();
    expect(mentionAt("@", 1)).toEqual({ trigger: "@", query: "", start: 0 });
    const token = mentionAt("Hi #gen and bye", 7);
    if (!token) throw new Error("no token");
    expect(insertMention("Hi #gen and bye", token, 7, "<#1>")).toEqual({ text: "Hi <#1> and bye", caret: 8 });
  });

  it("offers channels after # and members and roles after @, inserting their markup", async () => {
    renderInSession(
      <Controlled<string>
        initial=""
        render={(v, set) => <MarkupTextarea label="Welcome text" value={v} onChange={set} />}
      />,
    );
    const area = screen.getByRole("combobox", { name: "Welcome text" }) as HTMLTextAreaElement;
    area.focus();
    fireEvent.change(area, { target: { value: "Read #gen", selectionStart: 9, selectionEnd: 9 } });
    const option = await screen.findByRole("option", { name: /general/ });
    expect(area.getAttribute("aria-expanded")).toBe("true");
    expect(area.getAttribute("aria-activedescendant")).toBe(option.id);
    fireEvent.keyDown(area, { key: "Enter" });
    expect(value()).toBe("Read <#200000000000000002> ");

    await act(async () => {
      fireEvent.change(area, { target: { value: "Hi @gi", selectionStart: 6, selectionEnd: 6 } });
    });
    const ping = await screen.findByRole("option", { name: /Giveaway Ping/ });
    expect(ping).toBeTruthy();
    fireEvent.keyDown(area, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("option")).toBeNull());
    expect(value()).toBe("Hi @gi");
  });
});
