import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { INVITE_REDIRECT_MS, useRedirectCountdown } from "./use-redirect-countdown";

describe("useRedirectCountdown", () => {
  it("waits the same 5 seconds it announces, counting down every second", () => {
    vi.useFakeTimers();
    const go = vi.fn();
    const { result } = renderHook(() =>
      useRedirectCountdown("https://discord.com/oauth2/authorize?client_id=1", go),
    );

    expect(INVITE_REDIRECT_MS).toBe(5000);
    expect(result.current.secondsLeft).toBe(5);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(4);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.secondsLeft).toBe(1);
    expect(go).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(999));
    expect(go).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(go).toHaveBeenCalledExactlyOnceWith("https://discord.com/oauth2/authorize?client_id=1");
    expect(result.current.secondsLeft).toBe(0);
  });

  it("never redirects without a target", () => {
    vi.useFakeTimers();
    const go = vi.fn();
    renderHook(() => useRedirectCountdown(null, go));
    act(() => vi.advanceTimersByTime(60_000));
    expect(go).not.toHaveBeenCalled();
  });

  it("stops for good when cancelled", () => {
    vi.useFakeTimers();
    const go = vi.fn();
    const { result } = renderHook(() => useRedirectCountdown("https://x.test", go));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.cancel());
    act(() => vi.advanceTimersByTime(10_000));
    expect(go).not.toHaveBeenCalled();
    expect(result.current.cancelled).toBe(true);
  });
});
