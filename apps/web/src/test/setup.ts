import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom has no layout, so it logs "not implemented" for the scroll calls ScrollRestoration makes.
window.scrollTo = () => {};

// Testing Library only auto-cleans when test globals are enabled; this project keeps them off.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
