import type { ModerationAction, ModerationDmPreviewBody, TokenInfo } from "@hearth/core";
import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderWithProviders } from "../../../test/render";
import { DashboardSessionContext } from "../session/session-context";
import { ModerationDmPreview, moderationDmPreviewBody } from "./dm-preview";

const serverId = "123456789012345678";
const info: TokenInfo = {
  serverId,
  serverName: "Ember Hollow",
  serverIcon: null,
  permission: "admin",
  userName: "O",
};

/** The route's answer, worded as the service words it. */
function dmFor(body: ModerationDmPreviewBody): string {
  const because = body.reason ? `: ${body.reason}` : ".";
  if (body.action === "warn") return `⚠️ You received a warning in **Ember Hollow**${because}`;
  if (body.action === "kick") return `You were kicked from **Ember Hollow**${because}`;
  return `You were banned from **Ember Hollow**${because}`;
}

function serve() {
  const asked: ModerationDmPreviewBody[] = [];
  mockApi((url, init) => {
    if (url.pathname === "/api/dashboard/channels" || url.pathname === "/api/dashboard/roles")
      return { body: [] };
    if (url.pathname === `/api/moderation/${serverId}/dm-preview`) {
      const body = JSON.parse(String(init?.body)) as ModerationDmPreviewBody;
      asked.push(body);
      return { body: { message: { content: dmFor(body), embeds: [], components: [] } } };
    }
    return undefined;
  });
  return asked;
}

function Harness() {
  const [form, setForm] = useState<{ action: ModerationAction; reason: string; duration: string }>({
    action: "warn",
    reason: "",
    duration: "",
  });
  return (
    <DashboardSessionContext.Provider value={{ serverId, info, logout: vi.fn() }}>
      <input
        aria-label="Reason"
        value={form.reason}
        onChange={(e) => setForm({ ...form, reason: e.target.value })}
      />
      <button type="button" onClick={() => setForm({ ...form, action: "timeout" })}>
        Time out
      </button>
      <button type="button" onClick={() => setForm({ ...form, action: "kick" })}>
        Kick
      </button>
      <ModerationDmPreview serverId={serverId} form={form} />
    </DashboardSessionContext.Provider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("moderation DM preview", () => {
  it("asks for a DM only when the action sends one", () => {
    expect(moderationDmPreviewBody({ action: "timeout", reason: "spam", duration: "10m" })).toBeNull();
    expect(moderationDmPreviewBody({ action: "warn", reason: "  ", duration: "" })).toBeNull();
    expect(moderationDmPreviewBody({ action: "warn", reason: " Be kind ", duration: "7d" })).toEqual({
      action: "warn",
      reason: "Be kind",
    });
    expect(moderationDmPreviewBody({ action: "ban", reason: "", duration: " 7d " })).toEqual({
      action: "ban",
      reason: null,
      duration: "7d",
    });
    expect(moderationDmPreviewBody({ action: "kick", reason: "", duration: "" })).toEqual({
      action: "kick",
      reason: null,
    });
  });

  it("shows the server's DM as the reason is typed, and says a timeout sends none", async () => {
    const asked = serve();
    renderWithProviders(<Harness />);
    const preview = screen.getByTestId("moderation-dm-preview");
    expect(
      within(preview).getByText("Give the warning's reason to see the DM the member gets."),
    ).toBeTruthy();
    expect(asked).toEqual([]);

    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Keep memes in #memes" } });
    await within(preview).findByText(/You received a warning in/, {}, { timeout: 3000 });
    expect(within(preview).getByText("Ember Hollow").tagName).toBe("STRONG");
    expect(asked.at(-1)).toEqual({ action: "warn", reason: "Keep memes in #memes" });

    fireEvent.click(screen.getByRole("button", { name: "Kick" }));
    await within(preview).findByText(/You were kicked from/, {}, { timeout: 3000 });

    fireEvent.click(screen.getByRole("button", { name: "Time out" }));
    await within(preview).findByText(/A timeout sends no DM/, {}, { timeout: 3000 });
  });
});
