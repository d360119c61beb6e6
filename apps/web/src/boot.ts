import "./styles.css";

/**
 * The page's first script: a few hundred bytes, so the prerendered HTML and its inlined styles have
 * the connection to themselves, and the app's code (`main.tsx`) is only asked for once the page has
 * painted. On a slow phone the text is up a network round trip and a download earlier; the page
 * hydrates a frame later. The dashboard and unknown paths arrive as an empty shell: nothing to show
 * until the code runs, so it starts at once, as it does in a tab opened in the background (where no
 * frame is painted until it is shown).
 */
function start(): void {
  void import("./main");
}

const prerendered = document.getElementById("root")?.hasChildNodes() ?? false;
if (prerendered && document.visibilityState === "visible") {
  // After the next frame has been painted: a task queued from inside the frame runs once it is done.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
