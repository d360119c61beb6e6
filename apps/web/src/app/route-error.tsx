import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "../components/ui/button-styles";

/** Last-resort page when a route throws or its code chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "An unexpected error occurred while loading this page.";

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold text-stone-50">Something went wrong</h1>
      <p className="mt-3 max-w-md text-stone-300">{detail}</p>
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
