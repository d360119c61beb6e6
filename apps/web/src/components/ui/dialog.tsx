import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { createPortal } from "react-dom";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hasAttribute("inert"),
  );
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** Receives focus when the dialog opens; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** `right`: a full-height drawer on the right edge (full width on phones). Centered by default. */
  placement?: "center" | "right";
  children: ReactNode;
}

/**
 * A modal dialog: the page behind it is inert, Tab cycles inside it, Escape and a click on the
 * backdrop close it, and focus goes back to where it was when it closes.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  placement = "center",
  children,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = panel.current?.closest<HTMLElement>("[data-dialog-host]") ?? null;

    // Everything outside the dialog becomes inert: no clicks, no focus, hidden from screen readers.
    const madeInert: HTMLElement[] = [];
    for (const child of document.body.children) {
      if (child === host || !(child instanceof HTMLElement) || child.inert) continue;
      child.inert = true;
      madeInert.push(child);
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    const target = initialFocus?.current ?? (panel.current ? focusableIn(panel.current)[0] : undefined);
    (target ?? panel.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab" || !panel.current) return;
      const items = focusableIn(panel.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);

    return () => {
      document.removeEventListener("keydown", onKeyDown);
      for (const element of madeInert) element.inert = false;
      document.body.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return createPortal(
    <div data-dialog-host="">
      {/* The backdrop is a mouse convenience; keyboard users close with Escape or Cancel. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: backdrop click mirrors the Escape key */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document */}
      <div
        data-testid="dialog-backdrop"
        className={
          placement === "right"
            ? "fixed inset-0 z-50 flex justify-end bg-black/70 backdrop-blur-sm"
            : "fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 backdrop-blur-sm sm:items-center"
        }
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          tabIndex={-1}
          className={
            placement === "right"
              ? "h-dvh w-full max-w-lg overflow-y-auto border-l border-white/10 bg-ink-900 shadow-2xl shadow-black/60 outline-none"
              : "max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl border border-white/10 bg-ink-900 shadow-2xl shadow-black/60 outline-none"
          }
        >
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
