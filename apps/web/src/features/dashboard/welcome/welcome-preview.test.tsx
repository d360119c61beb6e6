import { defaultWelcomeConfig, type TokenInfo, type WelcomeConfig, type WelcomePreview } from "@hearth/core";
import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { LivePreview } from "./welcome-preview";

const serverId = "123456789012345678";
const userId = "523456789012345678";
const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "O",
};

/** The API's rendering of a config for the dashboard user (tags filled in, as the bot sends it). */
function rendered(config: WelcomeConfig): WelcomePreview {
  const fill = (text: string) =>
    text.replaceAll("{user.mention}", `<@${userId}>`).replaceAll("{server.name}", "Ember Hollow");
  return {
    content: `<@${userId}>`,
    embed: {
      title: fill(config.embed.title),
      description: fill(config.embed.description),
      color: config.embed.color,
      thumbnail: "https://cdn.discordapp.com/embed/avatars/3.png",
      footer: null,
      timestamp: null,
    },
    button: {
      label: config.button.label,
      emoji: "👋",
      style: "secondary",
      customId: `welcome:wave:${userId}`,
    },
    allowedMentions: { users: [userId] },
    unknownTags: [],
    notes: config.embed.description.length > 40 ? ["The description was cut to Discord's limit."] : [],
  };
}

function serve() {
  const asked: WelcomeConfig[] = [];
  mockApi((url, init) => {
    if (url.pathname === "/api/dashboard/channels" || url.pathname === "/api/dashboard/roles")
      return { body: [] };
    if (url.pathname === "/api/dashboard/members")
      return {
        body: {
          members: [{ id: userId, username: "ember", displayName: "Ember", avatar: null, bot: false }],
        },
      };
    if (url.pathname === "/api/welcome/preview") {
      const { config } = JSON.parse(String(init?.body)) as { config: WelcomeConfig };
      asked.push(config);
      return { body: rendered(config) };
    }
    return undefined;
  });
  return asked;
}

function Harness() {
  const [config, setConfig] = useState<WelcomeConfig>({
    ...defaultWelcomeConfig,
    embed: { ...defaultWelcomeConfig.embed, title: "Welcome {user.mention}!", description: "Hi" },
  });
  return (
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <input
        aria-label="Title"
        value={config.embed.title}
        onChange={(event) => setConfig({ ...config, embed: { ...config.embed, title: event.target.value } })}
      />
      <input
        aria-label="Description"
        value={config.embed.description}
        onChange={(event) =>
          setConfig({ ...config, embed: { ...config.embed, description: event.target.value } })
        }
      />
      <LivePreview serverId={serverId} config={config} />
    </DashboardSessionContext.Provider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("greetings live preview", () => {
  it("draws the API's welcome with the shared renderer: the member's mention, the thumbnail, the wave button", async () => {
    serve();
    renderWithProviders(<Harness />);
    const preview = screen.getByTestId("welcome-preview");
    const embed = await within(preview).findByRole("article", { name: `Embed: Welcome <@${userId}>!` });
    // Discord shows a mention in a title as written; the content draws it with the member's name.
    expect(within(embed).queryByText("@Ember")).toBeNull();
    expect(await within(preview).findByText("@Ember")).toBeTruthy();
    expect(within(embed).getByRole("img", { name: "Default avatar" })).toBeTruthy();
    expect(within(preview).getByRole("button", { name: /Wave to say hi!/ })).toBeTruthy();
  });

  it("follows the form, lists what was changed so Discord accepts it, and pauses on an invalid field", async () => {
    const asked = serve();
    renderWithProviders(<Harness />);
    const preview = screen.getByTestId("welcome-preview");
    await within(preview).findByRole("article", { name: /^Embed:/ });

    fireEvent.change(screen.getByLabelText("Description"), {
      target: { value: "A much longer description than forty characters" },
    });
    await within(preview).findByText(
      "A much longer description than forty characters",
      {},
      { timeout: 3000 },
    );
    expect(asked.at(-1)?.embed.description).toBe("A much longer description than forty characters");
    expect(
      within(screen.getByRole("list", { name: "Changed so Discord accepts it" })).getByText(
        "The description was cut to Discord's limit.",
      ),
    ).toBeTruthy();

    const before = asked.length;
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "" } });
    const paused = await screen.findByText(/Preview paused: it shows the last valid version\./);
    expect(paused).toBeTruthy();
    // The last valid version stays on screen; nothing invalid is sent.
    expect(within(preview).getByText("A much longer description than forty characters")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(asked.length).toBe(before);
  });
});
