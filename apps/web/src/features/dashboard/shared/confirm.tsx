import { createContext, type ReactNode, useCallback, useContext, useId, useRef, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";

export interface ConfirmRequest {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /**
   * The button that leaves things as they are: "Cancel" unless the action is itself a cancel, where
   * "Cancel" beside "Cancel timer" would be ambiguous ("Keep timer").
   */
  dismissLabel?: string;
  /** Red confirm button for what can't be undone. */
  destructive?: boolean;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Destructive actions ask first (spec §5): `if (await confirm({...})) remove()`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const ids = { title: useId(), body: useId() };

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={request !== null}
        onClose={() => answer(false)}
        labelledBy={ids.title}
        describedBy={ids.body}
        initialFocus={cancelButton}
      >
        {request && (
          <div className="p-6">
            <h2 id={ids.title} className="text-lg font-semibold text-stone-50">
              {request.title}
            </h2>
            <div id={ids.body} className="mt-2 text-sm leading-relaxed text-stone-300">
              {request.body}
            </div>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button
                ref={cancelButton}
                type="button"
                className={buttonClass("secondary")}
                onClick={() => answer(false)}
              >
                {request.dismissLabel ?? "Cancel"}
              </button>
              <button
                type="button"
                className={cn(
                  buttonClass("primary"),
                  request.destructive && "bg-red-500 text-white shadow-red-500/20 hover:bg-red-400",
                )}
                onClick={() => answer(true)}
              >
                {request.confirmLabel}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm must be used inside <ConfirmProvider>");
  return confirm;
}
