import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useLiveRead } from "./use-live-read";

describe("useLiveRead", () => {
  it("starts pending (like the prerendered HTML), then answers, and reads once for every user of a key", async () => {
    const load = vi.fn(async () => 42);
    const first = renderHook(() => useLiveRead("answer", load));
    expect(first.result.current).toEqual({ status: "pending" });
    await waitFor(() => expect(first.result.current).toEqual({ status: "success", data: 42 }));

    // Another page using the same figure within a minute gets the kept answer without a new read.
    const second = renderHook(() => useLiveRead("answer", load));
    await waitFor(() => expect(second.result.current).toEqual({ status: "success", data: 42 }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("reads again once the kept answer is older than staleMs", async () => {
    const load = vi.fn(async () => "fresh");
    const first = renderHook(() => useLiveRead("stale", load, 0));
    await waitFor(() => expect(first.result.current.status).toBe("success"));
    const second = renderHook(() => useLiveRead("stale", load, 0));
    await waitFor(() => expect(second.result.current.status).toBe("success"));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("reports a failed read as an error and asks again the next time instead of keeping the failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("up");
    const failed = renderHook(() => useLiveRead("flaky", load));
    await waitFor(() => expect(failed.result.current).toEqual({ status: "error" }));
    const retried = renderHook(() => useLiveRead("flaky", load));
    await waitFor(() => expect(retried.result.current).toEqual({ status: "success", data: "up" }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
