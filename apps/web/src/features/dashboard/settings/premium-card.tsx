import type { ServerSettings } from "@hearth/core";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { CrownIcon } from "../shared/icons";

/**
 * What "Purchase Premium" answers, in the page (issue 24 §5: no browser alert, no stray asterisks):
 * premium can't be bought yet, and nothing was charged.
 */
export const PREMIUM_UNAVAILABLE =
  "Premium can't be bought yet: there is nothing to pay, and nothing was charged.";

export function PremiumCard({ settings }: { settings: ServerSettings }) {
  const active = settings.pro.status;
  const [asked, setAsked] = useState(false);
  return (
    <section
      aria-labelledby="premium-heading"
      className="relative overflow-hidden rounded-2xl border border-ember-400/30 bg-gradient-to-br from-ember-500/15 via-ink-900 to-ink-900 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-start gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-ember-500/20 text-ember-200">
            <CrownIcon className="size-5" />
          </span>
          <div>
            <h2 id="premium-heading" className="flex items-center gap-2 text-lg font-semibold text-stone-50">
              Hearth Premium
              <span
                className={
                  active
                    ? "rounded-full border border-emerald-400/40 bg-emerald-400/15 px-2 py-0.5 text-xs font-bold text-emerald-200"
                    : "rounded-full border border-white/10 bg-white/5 px-2 py-0.5 text-xs font-semibold text-stone-300"
                }
              >
                {active ? "ACTIVE" : "Free plan"}
              </span>
            </h2>
            <p className="mt-1 max-w-xl text-sm text-stone-300">
              Premium servers are pinned in Server Discovery. No other feature needs premium today.
              {active && settings.pro.activatedBy ? ` Activated by ${settings.pro.activatedBy}.` : ""}
            </p>
          </div>
        </div>
        {!active && (
          <button
            type="button"
            className={buttonClass("primary", "sm")}
            aria-expanded={asked}
            aria-controls="premium-unavailable"
            onClick={() => setAsked(true)}
          >
            Purchase Premium
          </button>
        )}
      </div>
      {!active && (
        <div id="premium-unavailable" role="status" aria-live="polite">
          {asked && (
            <p className="mt-4 rounded-xl border border-white/10 bg-ink-950/60 px-4 py-3 text-sm text-stone-200">
              {PREMIUM_UNAVAILABLE}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
