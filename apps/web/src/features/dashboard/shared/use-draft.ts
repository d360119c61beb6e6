import { useCallback, useMemo, useState } from "react";

/**
 * A form's working copy of server data. Until the user edits, it follows the server (a background
 * refresh shows through); after an edit it is theirs until saved or reset, so a refresh never
 * overwrites what they typed.
 */
export function useDraft<S, F extends object>(source: S | undefined, toForm: (source: S) => F) {
  const [draft, setDraft] = useState<F | null>(null);
  // toForm is expected to be a module-level function; the memo keys on the data only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: toForm is stable by contract
  const base = useMemo(() => (source === undefined ? null : toForm(source)), [source]);
  const value = draft ?? base;

  const update = useCallback(
    (patch: Partial<F>) => {
      setDraft((current) => {
        const from = current ?? base;
        return from ? { ...from, ...patch } : current;
      });
    },
    [base],
  );
  const reset = useCallback(() => setDraft(null), []);
  return { value, dirty: draft !== null, update, reset };
}
