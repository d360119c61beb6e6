import type { BotMessagePreview, TimerPreview as TimerPreviewAnswer, TokenInfo } from "@hearth/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { emptyTimerForm, type TimerForm, timerPreviewBody } from "./timer-form";
import { TimerPreview } from "./timer-preview";

const serverId = "123456789012345678";
const channelId = "223456789012345678";
const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "owner",
  userName: "O",
};

/** What the route answers: the countdown and the end post built from the message it was sent. */
function answer(message: string): TimerPreviewAnswer {
  const countdown: BotMessagePreview = {
    content: "",
    embeds: [{ title: "⏳ Timer", description: `${message}\n\nEnds soon`, color: 0xf97316 }],
    components: [],
  };
  const announcement: BotMessagePreview = {
    content: `⏰ Timer ended: ${message}`,
    embeds: [],
    components: [[{ type: "button", style: "link", label: "Jump to timer", url: "https://discord.com/" }]],
  };
  return { countdown, announcement };
}

function serve(fail = false) {
  const bodies: unknown[] = [];
  mockApi((url, init) => {
    if (url.pathname === "/api/dashboard/channels" || url.pathname === "/api/dashboard/roles")
      return { body: [] };
    if (url.pathname === `/api/timers/${serverId}/preview`) {
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      if (fail)
        return {
          status: 400,
          body: { error: "Bad Request", message: "message: too long", field: "message" },
        };
      return { body: answer(body.message) };
    }
    return undefined;
  });
  return bodies;
}

/** The preview beside a message field, as the create form has it. */
function Harness({ initial }: { initial: TimerForm }) {
  const [form, setForm] = useState(initial);
  return (
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <input
        aria-label="Message"
        value={form.message}
        onChange={(e) => setForm({ ...form, message: e.target.value })}
      />
      <TimerPreview serverId={serverId} form={form} />
    </DashboardSessionContext.Provider>
  );
}

const show = (form: TimerForm) => renderWithProviders(<Harness initial={form} />);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("timer preview", () => {
  it("asks only for what the form can post: a message and a valid duration", () => {
    expect(timerPreviewBody(emptyTimerForm)).toBeNull();
    expect(timerPreviewBody({ ...emptyTimerForm, message: "Heist", duration: "0" })).toBeNull();
    expect(timerPreviewBody({ ...emptyTimerForm, message: "Heist", duration: "1.5" })).toBeNull();
    expect(timerPreviewBody({ ...emptyTimerForm, message: "  Heist  " })).toEqual({
      message: "Heist",
      duration: 3600,
    });
    expect(timerPreviewBody({ channelId, duration: "300", message: "Heist" })).toEqual({
      message: "Heist",
      duration: 300,
      channelId,
    });
  });

  it("says what to fill in while the message is empty, and asks nothing", () => {
    const bodies = serve();
    show(emptyTimerForm);
    expect(within(screen.getByTestId("timer-countdown-preview")).getByText(/Write the message/)).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it("shows both posts from the server and follows the form once typing pauses", async () => {
    const bodies = serve();
    show({ channelId, duration: "300", message: "Heist starts" });
    const countdown = screen.getByTestId("timer-countdown-preview");
    await within(countdown).findByText(/Heist starts/);
    expect(within(countdown).getByRole("article", { name: "Embed: ⏳ Timer" })).toBeTruthy();
    const end = screen.getByTestId("timer-end-preview");
    expect(within(end).getByText(/Timer ended: Heist starts/)).toBeTruthy();
    expect(within(end).getByText("Jump to timer")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Heist moved to 9pm" } });
    await within(countdown).findByText(/Heist moved to 9pm/, {}, { timeout: 3000 });
    expect(bodies.at(-1)).toEqual({ channelId, duration: 300, message: "Heist moved to 9pm" });
  });

  it("says why when the server refuses to render it", async () => {
    serve(true);
    show({ channelId, duration: "300", message: "Heist" });
    await waitFor(() =>
      expect(within(screen.getByTestId("timer-countdown-preview")).getByRole("alert").textContent).toMatch(
        /too long/,
      ),
    );
    expect(within(screen.getByTestId("timer-end-preview")).getByText(/see the error above/)).toBeTruthy();
  });
});
