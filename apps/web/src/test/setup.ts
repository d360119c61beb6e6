import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { clearLiveReads } from "../lib/use-live-read";

// findBy/waitFor wait for the UI rather than asserting on time: allow for a loaded CI machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout and complains about the scroll calls ScrollRestoration makes; make them no-ops.
window.scrollTo = () => {};

// Testing Library only auto-cleans when test globals are enabled; this project keeps them off.
afterEach(() => {
  cleanup();
  localStorage.clear();
  clearLiveReads();
  // Tests that stub fetch (src/test/api-mock.ts) or timers must not leak them into the next test.
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
