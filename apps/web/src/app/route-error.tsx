import { Component, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../components/ui/button-styles";

/** Last-resort page when a page throws or its code chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold text-stone-50">Something went wrong</h1>
      <p className="mt-3 max-w-md text-stone-300">An unexpected error occurred while loading this page.</p>
      <div className="mt-8 flex gap-3">
        <button type="button" className={buttonClass("primary")} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={buttonClass("secondary")}>
          Back to home
        </Link>
      </div>
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** The current path: moving to another page clears the error. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failedAt: string | null;
}

/** Shows <RouteError> instead of a page that threw while rendering or loading, until the path changes. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failedAt: "" };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    // Record where the error happened, and forget it once the visitor goes elsewhere.
    if (state.failedAt === "") return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}
