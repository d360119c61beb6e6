import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearLiveReads } from "../../lib/use-live-read";
import { mockApi } from "../../test/api-mock";
import { renderWithProviders } from "../../test/render";
import { SandboxInvite } from "./sandbox-invite";

const stats = { servers: 1, users: 3, commands: 9, commandsRun: 0, uptimeSeconds: 5, uptimePercent: 100 };

afterEach(() => clearLiveReads());

describe("SandboxInvite", () => {
  it("points newcomers to /sandbox while the live figures say this Hearth is the sandbox", async () => {
    mockApi((url) => (url.pathname === "/api/stats" ? { body: { ...stats, sandbox: true } } : undefined));
    renderWithProviders(<SandboxInvite />);
    const link = await screen.findByRole("link", { name: /open the sandbox/ });
    expect(link.getAttribute("href")).toBe("/sandbox");
    await waitFor(() => expect(link.closest("p")?.className).not.toContain("invisible"));
  });

  it("hides itself, keeping its space, where Hearth runs with a real bot token", async () => {
    mockApi((url) => (url.pathname === "/api/stats" ? { body: { ...stats, sandbox: false } } : undefined));
    const { container } = renderWithProviders(<SandboxInvite />);
    await waitFor(() => expect(container.querySelector("p")?.className).toContain("invisible"));
    expect(screen.queryByRole("link", { name: /open the sandbox/ })).toBeNull();
  });
});
