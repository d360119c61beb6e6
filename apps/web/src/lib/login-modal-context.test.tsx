import { act, renderHook } from "@testing-library/react";
import { Suspense } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { LoginModalProvider, useLoginModal } from "./login-modal-context";

function Opener() {
  const { open } = useLoginModal();
  return (
    <button type="button" onClick={open}>
      Dashboard
    </button>
  );
}

function Slot() {
  const { isOpen } = useLoginModal();
  return isOpen ? <p role="dialog">Dashboard Access</p> : null;
}

/** A prerendered page: the header's button, and further down a part that hydrates on its own. */
function Page() {
  return (
    <LoginModalProvider>
      <Suspense fallback={null}>
        <Opener />
      </Suspense>
      <Suspense fallback={null}>
        <main>
          <h1>Hearth</h1>
          <Slot />
        </main>
      </Suspense>
    </LoginModalProvider>
  );
}

describe("LoginModalProvider", () => {
  it("starts closed, then opens and closes", () => {
    const { result } = renderHook(() => useLoginModal(), { wrapper: LoginModalProvider });
    expect(result.current.isOpen).toBe(false);

    act(() => result.current.open());
    expect(result.current.isOpen).toBe(true);

    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
  });

  it("hydrates a prerendered page pressed early without a mismatch, then opens", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const main = container.querySelector("main");
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
      // Pressed while the page is hydrating: React hydrates the button first and replays the press.
      container.querySelector("button")?.click();
    });
    expect(errors).toEqual([]);
    // The page's HTML was kept (not rendered again from scratch), and the form is open.
    expect(container.querySelector("main")).toBe(main);
    expect(container.querySelector('[role="dialog"]')?.textContent).toBe("Dashboard Access");
    container.remove();
  });

  it("refuses to be used outside the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useLoginModal())).toThrow(/LoginModalProvider/);
    vi.restoreAllMocks();
  });
});
