import { Link, NavLink } from "react-router";
import { config } from "../../config";
import { cn } from "../../lib/cn";
import { docsSections, docsSupportPage } from "./docs-nav";

export function DocsSidebar({ onNavigate }: { onNavigate: () => void }) {
  return (
    <div className="flex flex-col gap-8 px-4 py-6">
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 self-start rounded-lg px-3 py-1.5 text-sm font-medium text-stone-300 hover:bg-white/5 hover:text-stone-50"
      >
        <span aria-hidden="true">←</span> Back to home
      </Link>
      <nav aria-label="Documentation" className="space-y-7">
        {docsSections.map((section) => (
          <div key={section.title}>
            <h2 className="px-3 text-xs font-semibold uppercase tracking-widest text-stone-400">
              {section.title}
            </h2>
            <ul className="mt-2 space-y-0.5">
              {section.pages.map((entry) => (
                <li key={entry.path}>
                  <NavLink
                    to={entry.path}
                    end
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        "block rounded-lg border-l-2 px-3 py-1.5 text-sm transition-colors motion-reduce:transition-none",
                        isActive
                          ? "border-ember-400 bg-ember-500/10 font-medium text-ember-200"
                          : "border-transparent text-stone-300 hover:bg-white/5 hover:text-stone-50",
                      )
                    }
                  >
                    {entry.label ?? entry.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      <div className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
        <h2 className="text-sm font-semibold text-stone-100">Need help?</h2>
        <p className="mt-1 text-sm text-stone-300">Ask the community or read the support guide.</p>
        <div className="mt-3 flex flex-col gap-2 text-sm font-medium">
          <a
            href={config.supportServerUrl}
            target="_blank"
            rel="noreferrer"
            className="rounded text-ember-300 underline underline-offset-4 hover:text-ember-200"
          >
            Join Discord
          </a>
          <Link
            to={docsSupportPage.path}
            onClick={onNavigate}
            className="rounded text-ember-300 underline underline-offset-4 hover:text-ember-200"
          >
            {docsSupportPage.title}
          </Link>
        </div>
      </div>
    </div>
  );
}
