import type { ReactNode } from "react";
import { LoginModalProvider } from "../lib/login-modal-context";

/**
 * Everything the routes expect above them; tests wrap their routers in the same providers. The
 * query client is not here: pages get it from <WithQueries> (with-queries.tsx), loaded with them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <LoginModalProvider>{children}</LoginModalProvider>;
}
