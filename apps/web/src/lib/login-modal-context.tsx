import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

export interface LoginModalState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

const LoginModalContext = createContext<LoginModalState | null>(null);

/**
 * Holds the "Dashboard Access" modal's open flag at the root, so the header button and the
 * dashboard guard can both open it (spec: site-and-docs §2, dashboard-and-api §2).
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const value = useMemo<LoginModalState>(
    () => ({ isOpen, open: () => setIsOpen(true), close: () => setIsOpen(false) }),
    [isOpen],
  );
  return <LoginModalContext.Provider value={value}>{children}</LoginModalContext.Provider>;
}

export function useLoginModal(): LoginModalState {
  const state = useContext(LoginModalContext);
  if (!state) throw new Error("useLoginModal must be used inside <LoginModalProvider>");
  return state;
}
