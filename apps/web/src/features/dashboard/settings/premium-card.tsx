import type { ServerSettings } from "@hearth/core";
import { buttonClass } from "../../../components/ui/button-styles";
import { CrownIcon } from "../shared/icons";

/** The purchase button's only effect, word for word (spec §1). */
export const PREMIUM_UNAVAILABLE = "Feature Unavailable for now**";

export function PremiumCard({ settings }: { settings: ServerSettings }) {
  const active = settings.pro.status;
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
              Pinned placement in Server Discovery and the premium-only features.
              {active && settings.pro.activatedBy ? ` Activated by ${settings.pro.activatedBy}.` : ""}
            </p>
          </div>
        </div>
        {!active && (
          <button
            type="button"
            className={buttonClass("primary", "sm")}
            onClick={() => window.alert(PREMIUM_UNAVAILABLE)}
          >
            Purchase Premium
          </button>
        )}
      </div>
    </section>
  );
}
