import type { Grinder } from "@hearth/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeGrinder } from "../shared/fixtures";
import { dashboardKeys } from "../shared/query-keys";
import { ToastProvider } from "../toasts/toast-context";
import { useDmGrinders, useRemoveGrinder, useToggleBreak } from "./api";

const SERVER = "1085268610252800001";

function setup(reply: (input?: RequestInfo | URL) => Promise<Response>) {
  const fetchMock = vi.fn(reply);
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "error").mockImplementation(() => {});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const roster = [makeGrinder({ _id: "1573464553866514458" }), makeGrinder({ _id: "1573464553866514459" })];
  queryClient.setQueryData(dashboardKeys.grinders(SERVER), roster);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  const cached = () => queryClient.getQueryData<Grinder[]>(dashboardKeys.grinders(SERVER)) ?? [];
  return { fetchMock, wrapper, cached, roster };
}

const never = () => new Promise<Response>(() => {});
const failing = async () => new Response("{}", { status: 500, statusText: "Internal Server Error" });

describe("grinder mutations", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows a break at once, before the server answers", async () => {
    const { wrapper, cached, roster } = setup(never);
    const { result } = renderHook(() => useToggleBreak(SERVER), { wrapper });
    act(() => result.current.mutate(roster[0]?._id ?? ""));
    await waitFor(() => expect(cached()[0]?.onBreak).toBe(true));
  });

  it("puts the break back and says so when the server refuses", async () => {
    const { wrapper, cached, roster } = setup(failing);
    const { result } = renderHook(() => useToggleBreak(SERVER), { wrapper });
    act(() => result.current.mutate(roster[0]?._id ?? ""));
    // An error toast (role alert), not a success one.
    expect(
      (await screen.findByText("Failed to update break status")).closest('[role="alert"]'),
    ).not.toBeNull();
    expect(cached()[0]?.onBreak).toBe(false);
  });

  it("brings a removed grinder back when the removal fails", async () => {
    const { wrapper, cached, roster } = setup(failing);
    const { result } = renderHook(() => useRemoveGrinder(SERVER), { wrapper });
    act(() => result.current.mutate(roster[1]?._id ?? ""));
    expect((await screen.findByText("Failed to remove grinder")).closest('[role="alert"]')).not.toBeNull();
    expect(cached().map((grinder) => grinder._id)).toEqual(roster.map((grinder) => grinder._id));
  });

  it("sends DM All to the route that reaches paid and unpaid grinders", async () => {
    const { wrapper, fetchMock } = setup(
      async () => new Response(JSON.stringify({ sent: 41, failed: 1, total: 42 }), { status: 200 }),
    );
    const { result } = renderHook(() => useDmGrinders(SERVER), { wrapper });
    act(() => result.current.mutate({ target: "all", message: "Hi" }));
    const title = await screen.findByText("DM sent to all grinders successfully");
    expect(title.closest('[role="status"]')).not.toBeNull();
    // The delivery count is the same toast's detail line.
    expect(title.nextElementSibling?.textContent).toBe("Delivered to 41 of 42 (1 have DMs closed or left).");
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(
      new RegExp(`/api/grinders/${SERVER}/grinders/dm-all$`),
    );
  });
});
