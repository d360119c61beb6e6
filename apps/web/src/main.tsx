import "./app/zod-csp";
import { StrictMode, startTransition } from "react";
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
  // Hydration as a transition: React works through it in slices of a few milliseconds, yielding
  // to the browser between them, instead of one long task (a press still interrupts it).
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
