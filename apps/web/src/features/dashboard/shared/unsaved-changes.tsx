import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
} from "react";
import { useNavigate } from "react-router";
import { useConfirm } from "./confirm";

/** Answers whether the user may leave: at once when nothing is unsaved, else after asking. */
type LeaveCheck = () => Promise<boolean>;

interface UnsavedChanges {
  mark(id: string, dirty: boolean): void;
  confirmLeave: LeaveCheck;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

export const leaveTexts = {
  title: "Leave without saving?",
  body: "You have unsaved changes on this tab. If you leave now, they are lost.",
  leave: "Leave without saving",
  stay: "Stay",
} as const;

/**
 * Knows whether any form of the open tab has unsaved changes, and asks before they are lost: on a
 * tab change (the shell asks `confirmLeave`), on a link out of the dashboard (clicks are checked
 * before the router sees them) and on closing or reloading the page (the browser's own prompt).
 * The site routes with React Router's declarative mode, which has no navigation blocker, so the
 * checks sit where navigation starts.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const dirty = useRef(new Set<string>());
  const asking = useRef(false);

  const mark = useCallback((id: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(id);
    else dirty.current.delete(id);
  }, []);

  const confirmLeave = useCallback<LeaveCheck>(async () => {
    if (dirty.current.size === 0) return true;
    if (asking.current) return false;
    asking.current = true;
    try {
      const leave = await confirm({
        title: leaveTexts.title,
        body: leaveTexts.body,
        confirmLabel: leaveTexts.leave,
        dismissLabel: leaveTexts.stay,
        destructive: true,
      });
      if (leave) dirty.current.clear();
      return leave;
    } finally {
      asking.current = false;
    }
  }, [confirm]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current.size === 0) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      if (dirty.current.size === 0 || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || link.hasAttribute("download")) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      // Stop the router's own handler; go once the user agrees.
      event.preventDefault();
      event.stopPropagation();
      void confirmLeave().then((leave) => {
        if (leave) navigate(`${url.pathname}${url.search}${url.hash}`);
      });
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [confirmLeave, navigate]);

  const value = useMemo(() => ({ mark, confirmLeave }), [mark, confirmLeave]);
  return <UnsavedChangesContext.Provider value={value}>{children}</UnsavedChangesContext.Provider>;
}

/** Declares whether this form has unsaved changes (forgotten when it unmounts). */
export function useUnsavedChanges(dirty: boolean): void {
  const context = useContext(UnsavedChangesContext);
  const id = useId();
  useEffect(() => {
    context?.mark(id, dirty);
  }, [context, id, dirty]);
  useEffect(() => () => context?.mark(id, false), [context, id]);
}

/** The check the shell runs before switching tabs. Outside the provider, leaving is always fine. */
export function useConfirmLeave(): LeaveCheck {
  const context = useContext(UnsavedChangesContext);
  return context?.confirmLeave ?? (async () => true);
}
