import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoginModalProvider } from "../lib/login-modal-context";

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything the routes expect above them; tests wrap their routers in the same providers. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LoginModalProvider>{children}</LoginModalProvider>
    </QueryClientProvider>
  );
}
