import "./styles.css";

/**
 * The page's first script: a few kilobytes, so the prerendered HTML and its inlined styles have the
 * connection to themselves, and the app's code (`main.tsx`) is only asked for once the page has
 * painted. On a slow phone the text is up a network round trip and a download earlier; the page
 * hydrates a frame later. The dashboard and unknown paths arrive as an empty shell: nothing to show
 * until the code runs, so it starts at once, as it does in a tab opened in the background (where no
 * frame is painted until it is shown).
 *
 * A press made before the code is in (the header's Dashboard button, the docs' Menu) would do
 * nothing: the last one is kept and made again once the app has started, so the dialog or the menu
 * still opens. Links are left alone: they work without the code.
 */
let earlyPress: HTMLElement | null = null;

function keepEarlyPress(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest("button, [role='button']") : null;
  if (target instanceof HTMLElement) earlyPress = target;
}

function start(): void {
  void import("./main").then(({ startApp }) => {
    document.removeEventListener("click", keepEarlyPress, true);
    startApp();
    const pressed = earlyPress;
    earlyPress = null;
    // After hydration has begun: React hydrates the part of the page the press is in first and
    // handles the press there (a press on a part not yet hydrated is replayed by React itself).
    if (pressed) setTimeout(() => pressed.isConnected && pressed.click(), 0);
  });
}

/** How long to wait for the first contentful paint before starting anyway (a browser that reports none). */
const paintWaitMs = 1000;

/**
 * Starts the app once the browser has painted the page's content: its `first-contentful-paint`
 * entry, not merely the next frame (which can come before the text is painted; Lighthouse then
 * counts the app's download before the paint). Where paint timing is missing, the next frame.
 */
function startAfterFirstContentfulPaint(): void {
  if (
    typeof PerformanceObserver !== "function" ||
    !PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  const observer = new PerformanceObserver(() => {
    if (painted()) startOnce();
  });
  const fallback = setTimeout(() => startOnce(), paintWaitMs);
  let started = false;
  function startOnce(): void {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(fallback);
    // A task after the paint's frame, so the download and the app's first work don't delay it.
    setTimeout(start, 0);
  }
  if (painted()) startOnce();
  else observer.observe({ type: "paint", buffered: true });
}

document.addEventListener("click", keepEarlyPress, true);
const prerendered = document.getElementById("root")?.hasChildNodes() ?? false;
if (prerendered && document.visibilityState === "visible") {
  startAfterFirstContentfulPaint();
} else {
  start();
}
