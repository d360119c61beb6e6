import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, TOAST_MS } from "./toast-store";

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps a toast for exactly five seconds", () => {
    const store = createToastStore();
    store.success("Grinder added successfully");

    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(store.current().map((toast) => toast.title)).toEqual(["Grinder added successfully"]);
    vi.advanceTimersByTime(1);
    expect(store.current()).toEqual([]);
    expect(TOAST_MS).toBe(5000);
  });

  it("carries the tone and the API's explanation, but not a repeat of the title", () => {
    const store = createToastStore();
    store.error("Failed to add tier", "a tier named Gold already exists");
    store.error("Failed to add grinder", "Failed to add grinder");

    expect(store.current()).toEqual([
      { id: 1, tone: "error", title: "Failed to add tier", detail: "a tier named Gold already exists" },
      { id: 2, tone: "error", title: "Failed to add grinder" },
    ]);
  });

  it("notifies subscribers and lets a toast be dismissed early", () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.success("Timer created successfully");
    store.dismiss(id);

    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.current()).toEqual([]);
  });

  it("shows at most four, dropping the oldest", () => {
    const store = createToastStore();
    for (const n of [1, 2, 3, 4, 5]) store.success(`Toast ${n}`);
    expect(store.current().map((toast) => toast.title)).toEqual(["Toast 2", "Toast 3", "Toast 4", "Toast 5"]);
  });

  it("clears everything at once", () => {
    const store = createToastStore();
    store.success("a");
    store.error("b");
    store.clear();
    vi.advanceTimersByTime(TOAST_MS);
    expect(store.current()).toEqual([]);
  });
});
