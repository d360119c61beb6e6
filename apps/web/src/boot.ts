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

document.addEventListener("click", keepEarlyPress, true);
const prerendered = document.getElementById("root")?.hasChildNodes() ?? false;
if (prerendered && document.visibilityState === "visible") {
  // After the next frame has been painted: a task queued from inside the frame runs once it is done.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
