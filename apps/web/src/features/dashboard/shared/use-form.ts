import { useCallback, useState } from "react";

/**
 * A new-item form's fields. A change merges into the latest state (a picker answering late never
 * undoes a keystroke made since), and the reset after a save only clears the form if nothing was
 * changed since the save was sent: a save answered while the user is already filling the next
 * item (the toast is up, the list still refreshing) keeps what they typed.
 */
export function useForm<F extends object>(initial: F) {
  const [form, setForm] = useState<F>(initial);
  const update = useCallback((patch: Partial<F>) => setForm((current) => ({ ...current, ...patch })), []);
  const resetIfUnchanged = useCallback(
    (sent: F, next: F) => setForm((current) => (current === sent ? next : current)),
    [],
  );
  return { form, update, resetIfUnchanged };
}
