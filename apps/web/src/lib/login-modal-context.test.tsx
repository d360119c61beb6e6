import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LoginModalProvider, useLoginModal } from "./login-modal-context";

describe("LoginModalProvider", () => {
  it("starts closed, then opens and closes", () => {
    const { result } = renderHook(() => useLoginModal(), { wrapper: LoginModalProvider });
    expect(result.current.isOpen).toBe(false);

    act(() => result.current.open());
    expect(result.current.isOpen).toBe(true);

    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
  });

  it("refuses to be used outside the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useLoginModal())).toThrow(/LoginModalProvider/);
    vi.restoreAllMocks();
  });
});
