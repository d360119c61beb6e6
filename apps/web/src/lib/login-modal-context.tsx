import { createContext, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from "react";

export interface LoginModalState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

/** The open flag, outside React's state so that changing it re-renders only the components that read it. */
interface LoginModalStore {
  isOpen: () => boolean;
  subscribe: (listener: () => void) => () => void;
  open: () => void;
  close: () => void;
}

function createLoginModalStore(): LoginModalStore {
  let isOpen = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (next === isOpen) return;
    isOpen = next;
    for (const listener of listeners) listener();
  };
  return {
    isOpen: () => isOpen,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open: () => set(true),
    close: () => set(false),
  };
}

const LoginModalContext = createContext<LoginModalStore | null>(null);

/**
 * Holds the "Dashboard Access" modal's open flag at the root, so the header button and the
 * dashboard guard can both open it (spec: site-and-docs §2, dashboard-and-api §2).
 *
 * The context carries a store that never changes, not the flag itself: a changed context value
 * reaches every part of the page below, and a prerendered page whose code is still hydrating would
 * then throw away its HTML and render it again from scratch (an empty flash and a layout shift when
 * the Dashboard button is pressed early). The store re-renders only the components that read it.
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createLoginModalStore);
  return <LoginModalContext.Provider value={store}>{children}</LoginModalContext.Provider>;
}

const closedOnTheServer = () => false;

export function useLoginModal(): LoginModalState {
  const store = useContext(LoginModalContext);
  if (!store) throw new Error("useLoginModal must be used inside <LoginModalProvider>");
  // While a prerendered page hydrates, the flag is what the server rendered (closed), even when the
  // Dashboard button was pressed early and the store is already open: hydrating a component with the
  // open flag would not match its HTML, and React would then drop the page's HTML and render it again
  // (an empty flash and a layout shift). React renders the open flag once hydration is done.
  const isOpen = useSyncExternalStore(store.subscribe, store.isOpen, closedOnTheServer);
  return useMemo(() => ({ isOpen, open: store.open, close: store.close }), [isOpen, store]);
}
