import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../app/providers";
import { AppRoutes } from "../app/routes";

/** A query client for tests: no retries, so errors show at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

type Router = ReturnType<typeof createMemoryRouter>;

/** A router (e.g. a test's own route table) inside the app's providers, with a fresh test query client. */
export function renderRouter(router: Router) {
  const client = testQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>,
  );
  return { router, client, ...view };
}

/** The whole app at `path`, with the real routes and providers. */
export function renderApp(path: string) {
  return renderRouter(
    createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] }),
  );
}

/** One element with the providers and a router around it. */
export function renderWithProviders(element: ReactNode, path = "/") {
  return renderRouter(createMemoryRouter([{ path: "*", element }], { initialEntries: [path] }));
}
