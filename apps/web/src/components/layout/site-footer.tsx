import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { config } from "../../config";
import { BrandLink } from "./brand-link";
import { footerNavGroups } from "./nav-items";
import { StatusLine } from "./status-line";

export function SiteFooter() {
  return (
    <footer className="border-t border-white/5 bg-ink-900/40">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 md:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
        <div className="max-w-sm">
          <BrandLink />
          <p className="mt-4 text-sm leading-relaxed text-stone-300">
            A powerful automation bot for communities that want effortless server management.
          </p>
          <p className="mt-4 text-sm text-stone-300">
            Contact:{" "}
            <a
              href={`mailto:${config.supportEmail}`}
              className="rounded font-medium text-ember-300 underline underline-offset-4 hover:text-ember-200"
            >
              {config.supportEmail}
            </a>
          </p>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8">
          {footerNavGroups.map((group) => (
            <div key={group.heading}>
              <h2 className="text-xs font-semibold uppercase tracking-widest text-stone-400">
                {group.heading}
              </h2>
              <ul className="mt-4 space-y-3">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className="rounded text-sm text-stone-300 transition-colors hover:text-ember-300 motion-reduce:transition-none"
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>

      <div className="border-t border-white/5">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-sm text-stone-400">
            © <CurrentYear /> Hearth. All rights reserved.
          </p>
          <StatusLine />
        </div>
      </div>
    </footer>
  );
}

const noChange = () => () => {};

/**
 * This year, from the visitor's clock. The prerendered page (and its hydration) has no year, in
 * space kept for one, so a page built last year never shows last year's date.
 */
function CurrentYear() {
  const year = useSyncExternalStore(
    noChange,
    () => new Date().getFullYear(),
    () => null,
  );
  return <span className="inline-block min-w-[4ch] tabular-nums">{year}</span>;
}
