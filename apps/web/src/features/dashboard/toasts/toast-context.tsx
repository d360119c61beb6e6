import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { cn } from "../../../lib/cn";
import { createToastStore, type ToastStore } from "./toast-store";

const ToastContext = createContext<ToastStore | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  useEffect(() => () => store.clear(), [store]);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <Toaster store={store} />
    </ToastContext.Provider>
  );
}

/** `toast.success(text)` / `toast.error(text, detail)`; each disappears after 5 s. */
export function useToast(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error("useToast must be used inside <ToastProvider>");
  return store;
}

function Toaster({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.current, store.current);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end sm:p-6"
    >
      {/* Errors interrupt (alert); successes wait their turn (status). */}
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === "error" ? "alert" : "status"}
          className={cn(
            "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 shadow-2xl shadow-black/50 backdrop-blur",
            toast.tone === "error"
              ? "border-red-400/30 bg-red-950/90 text-red-100"
              : "border-emerald-400/30 bg-emerald-950/90 text-emerald-100",
          )}
        >
          <span aria-hidden="true" className="mt-0.5 text-base leading-none">
            {toast.tone === "error" ? "✕" : "✓"}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{toast.title}</p>
            {toast.detail && <p className="mt-0.5 text-sm break-words opacity-90">{toast.detail}</p>}
          </div>
          <button
            type="button"
            onClick={() => store.dismiss(toast.id)}
            className="-m-1 rounded-md p-1 text-current opacity-70 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );
}
