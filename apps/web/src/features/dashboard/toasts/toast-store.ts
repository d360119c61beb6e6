/** How long a toast stays (spec §9). */
export const TOAST_MS = 5000;

export type ToastTone = "success" | "error";

export interface Toast {
  id: number;
  tone: ToastTone;
  /** The spec's text, exactly. */
  title: string;
  /** The API's explanation, when there is one. */
  detail?: string;
}

type Listener = (toasts: readonly Toast[]) => void;

/**
 * The toasts on screen, each removed `TOAST_MS` after it appeared. Kept outside React so the
 * timing is plain to test and a toast survives the component that raised it unmounting.
 */
export function createToastStore(durationMs = TOAST_MS) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();

  const emit = () => {
    for (const listener of listeners) listener(toasts);
  };

  const dismiss = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    const next = toasts.filter((toast) => toast.id !== id);
    if (next.length === toasts.length) return;
    toasts = next;
    emit();
  };

  const show = (tone: ToastTone, title: string, detail?: string): number => {
    const id = nextId++;
    const toast: Toast = detail && detail !== title ? { id, tone, title, detail } : { id, tone, title };
    // At most four at once; the oldest gives way.
    toasts = [...toasts, toast].slice(-4);
    timers.set(
      id,
      setTimeout(() => dismiss(id), durationMs),
    );
    emit();
    return id;
  };

  return {
    show,
    success: (title: string, detail?: string) => show("success", title, detail),
    error: (title: string, detail?: string) => show("error", title, detail),
    dismiss,
    current: () => toasts,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Clears every toast and its timer (on logout). */
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      toasts = [];
      emit();
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
