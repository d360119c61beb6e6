import { type RefObject, useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";

export interface RouteDisclosure {
  isOpen: boolean;
  toggle: () => void;
  close: () => void;
}

/**
 * Open/closed state for a menu that belongs to the current page: it closes by itself when the
 * path changes (the state remembers which path it was opened on) and when Escape is pressed,
 * returning focus to the trigger so keyboard users are not stranded.
 */
export function useRouteDisclosure(trigger?: RefObject<HTMLElement | null>): RouteDisclosure {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;

  const toggle = useCallback(
    () => setOpenOn((current) => (current === pathname ? null : pathname)),
    [pathname],
  );
  const close = useCallback(() => setOpenOn(null), []);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      trigger?.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isOpen, trigger]);

  return { isOpen, toggle, close };
}
