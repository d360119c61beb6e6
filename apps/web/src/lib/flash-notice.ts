/**
 * A message for the next page, when the current one is about to go away (the dashboard signs its
 * owner out after deleting the server's data: its own notifications go with it). Kept in the tab's
 * session storage, so it survives the navigation and is shown once.
 */
export interface FlashNotice {
  title: string;
  body: string;
}

const key = "hearthNotice";

export function showAfterNavigation(notice: FlashNotice): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(notice));
  } catch {
    // Storage refused (private mode, quota): the page goes on without the message.
  }
}

/** The notice left for this page, taken (a reload doesn't show it again); null when none. */
export function takeNotice(): FlashNotice | null {
  try {
    const stored = sessionStorage.getItem(key);
    if (stored === null) return null;
    sessionStorage.removeItem(key);
    const parsed = JSON.parse(stored) as Partial<FlashNotice>;
    return typeof parsed.title === "string" && typeof parsed.body === "string"
      ? { title: parsed.title, body: parsed.body }
      : null;
  } catch {
    return null;
  }
}
