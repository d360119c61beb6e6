import "./app/zod-csp";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";

/** Renders the app (`boot.ts` calls this once the code is in). */
export function startApp(): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");

  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );

  // Public pages arrive prerendered (scripts/prerender.ts): hydrate their HTML. The dashboard and
  // unknown paths get the empty shell and render from scratch.
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
