import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EXPIRY_KEY, TOKEN_KEY } from "../../../lib/session";
import { refreshedKeys } from "../shared/query-keys";
import { useBackgroundRefresh } from "./use-background-refresh";

const SERVER = "1085268610252800001";

describe("useBackgroundRefresh", () => {
  let queryClient: QueryClient;
  let element: HTMLDivElement;

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    localStorage.setItem(TOKEN_KEY, "a".repeat(56));
    localStorage.setItem(EXPIRY_KEY, new Date(Date.now() + 86_400_000).toISOString());
    queryClient = new QueryClient();
    element = document.createElement("div");
    element.append(document.createElement("input"));
    document.body.append(element);
  });

  afterEach(() => {
    vi.useRealTimers();
    element.remove();
  });

  function start(onSessionGone = vi.fn()) {
    const refetch = vi.spyOn(queryClient, "refetchQueries").mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => useBackgroundRefresh({ current: element }, SERVER, onSessionGone), {
      wrapper,
    });
    return { refetch, onSessionGone, hook };
  }

  it("reloads server info, grinders, stats and settings every 30 s", () => {
    const { refetch } = start();
    vi.advanceTimersByTime(29_999);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(refreshedKeys(SERVER));
  });

  it("skips a tick while the user typed in the last 3 s", () => {
    const { refetch } = start();
    vi.advanceTimersByTime(28_000);
    element.querySelector("input")?.dispatchEvent(new Event("input", { bubbles: true }));
    vi.advanceTimersByTime(2000);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(refetch).toHaveBeenCalled();
  });

  it("stops when unmounted (logout stops the timers)", () => {
    const { refetch, hook } = start();
    hook.unmount();
    vi.advanceTimersByTime(60_000);
    expect(refetch).not.toHaveBeenCalled();
  });

  it("ends the dashboard when the stored session has expired", () => {
    const { refetch, onSessionGone } = start();
    localStorage.setItem(EXPIRY_KEY, new Date(Date.now() + 1000).toISOString());
    vi.advanceTimersByTime(30_000);
    expect(onSessionGone).toHaveBeenCalledOnce();
    expect(refetch).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
