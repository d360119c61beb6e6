import type { CreateGiveawayBody, GiveawayPreviewResponse, GiveawaySchedule, TokenInfo } from "@hearth/core";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { GiveawayPreview } from "./giveaway-preview";
import { schedulePreviewBody } from "./schedule-list";

const serverId = "123456789012345678";
const channelId = "223456789012345678";
const pingRole = "323456789012345678";
const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "O",
};
const body: CreateGiveawayBody = { channelId, prize: "Nitro", winnerCount: 2, duration: 3600 };

/** The route's answer for a body: the post the giveaway would make, pinging `pingRoleId` or no one. */
function answer(sent: CreateGiveawayBody): GiveawayPreviewResponse {
  const ping = sent.pingRoleId === null ? null : pingRole;
  const description = `Winners: **${sent.winnerCount}**\nEnds in 1 hour`;
  return {
    pingRoleId: ping,
    pingRoleName: ping ? "Giveaway Ping" : null,
    content: ping ? `<@&${ping}>` : null,
    embed: { title: `🎉 ${sent.prize}`, description, footer: null, color: 0xf97316 },
    buttonLabel: "Enter",
    message: {
      content: ping ? `<@&${ping}>` : "",
      embeds: [{ title: `🎉 ${sent.prize}`, description, color: 0xf97316 }],
      components: [
        [{ type: "button", style: "primary", label: "Enter", emoji: "🎉", customId: "giveaway:enter" }],
      ],
    },
  };
}

function serve(status = 200) {
  const bodies: CreateGiveawayBody[] = [];
  mockApi((url, init) => {
    if (url.pathname === "/api/dashboard/channels") return { body: [] };
    if (url.pathname === "/api/dashboard/roles")
      return {
        body: [{ id: pingRole, name: "Giveaway Ping", color: 0xfda4af, position: 3, managed: false }],
      };
    if (url.pathname === "/api/giveaways/preview") {
      const sent = JSON.parse(String(init?.body)) as CreateGiveawayBody;
      bodies.push(sent);
      if (status !== 200)
        return { status, body: { error: "Bad Request", message: "prize: too long", field: "prize" } };
      return { body: answer(sent) };
    }
    return undefined;
  });
  return bodies;
}

const show = (shown: CreateGiveawayBody | null) =>
  renderWithProviders(
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <GiveawayPreview serverId={serverId} body={shown} />
    </DashboardSessionContext.Provider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("giveaway preview", () => {
  it("draws the server's post with the shared Discord renderer and says whom it pings", async () => {
    serve();
    show(body);
    const region = screen.getByRole("region", { name: "Message preview" });
    const embed = await within(region).findByRole("article", { name: "Embed: 🎉 Nitro" });
    expect(within(embed).getByText("2").tagName).toBe("STRONG");
    expect(within(region).getByRole("button", { name: /Enter/ })).toBeTruthy();
    await waitFor(() =>
      expect(within(region).getByTestId("ping-line").textContent).toBe(
        "Pings @Giveaway Ping when it is posted",
      ),
    );
  });

  it("says it pings no one when the ping is turned off", async () => {
    serve();
    show({ ...body, pingRoleId: null });
    const region = screen.getByRole("region", { name: "Message preview" });
    await within(region).findByText("Pings no one when it is posted");
  });

  it("waits for a valid form, and says the giveaway can still be made when the preview fails", async () => {
    const bodies = serve();
    const first = show(null);
    expect(screen.getByText("Fill in the prize, channel and duration to see the message.")).toBeTruthy();
    expect(bodies).toEqual([]);
    first.unmount();

    serve(400);
    show(body);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/could not be loaded .*The giveaway can still be created\./);
  });
});

describe("the schedule editor's preview body", () => {
  const schedule = {
    id: "s1",
    status: "scheduled",
    recurrence: null,
    nextRunAt: Date.now() + 3_600_000,
    runs: 0,
    createdBy: "423456789012345678",
    createdAt: 1,
    settings: { channelId, prize: "Old prize", winnerCount: 1, duration: 7200, pingRoleId: null },
    pingRoleId: null,
    pastRuns: [],
  } as GiveawaySchedule;

  it("is the next run's settings with the edited prize and winners", () => {
    expect(schedulePreviewBody(schedule, "  New prize ", "3")).toEqual({
      channelId,
      prize: "New prize",
      winnerCount: 3,
      duration: 7200,
      pingRoleId: null,
    });
  });

  it("starts at the edited start when it is ahead, so the end shown counts from it", () => {
    const now = Date.UTC(2026, 10, 27, 12, 0);
    expect(schedulePreviewBody(schedule, "Prize", "1", now + 7_200_000, now)).toMatchObject({
      startsAt: now + 7_200_000,
    });
    expect(schedulePreviewBody(schedule, "Prize", "1", now - 60_000, now)).not.toHaveProperty("startsAt");
    expect(schedulePreviewBody(schedule, "Prize", "1", Number.NaN, now)).not.toHaveProperty("startsAt");
  });

  it("is null while the prize or the winners would be refused", () => {
    expect(schedulePreviewBody(schedule, "   ", "3")).toBeNull();
    expect(schedulePreviewBody(schedule, "x".repeat(257), "3")).toBeNull();
    expect(schedulePreviewBody(schedule, "Prize", "0")).toBeNull();
    expect(schedulePreviewBody(schedule, "Prize", "51")).toBeNull();
    expect(schedulePreviewBody(schedule, "Prize", "1.5")).toBeNull();
    expect(schedulePreviewBody(schedule, "Prize", "")).toBeNull();
  });
});
