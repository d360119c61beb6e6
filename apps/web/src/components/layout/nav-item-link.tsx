import { NavLink } from "react-router";
import { cn } from "../../lib/cn";
import type { NavItem } from "./nav-items";

interface NavItemLinkProps extends NavItem {
  onNavigate?: () => void;
}

/** A main-navigation link whose underline grows in when its route is active. */
export function NavItemLink({ to, label, onNavigate }: NavItemLinkProps) {
  return (
    <NavLink
      to={to}
      // Without `end`, Home would match every route.
      end={to === "/"}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          "group flex rounded-lg px-3 py-2.5 text-base font-medium transition-colors md:px-2 md:py-2 md:text-sm lg:px-3",
          "motion-reduce:transition-none",
          isActive ? "text-stone-50" : "text-stone-300 hover:bg-white/5 hover:text-stone-50",
        )
      }
    >
      {({ isActive }) => (
        <span className="relative">
          {label}
          <span
            aria-hidden="true"
            className={cn(
              "absolute inset-x-0 -bottom-1 h-0.5 origin-left rounded-full transition-transform duration-300 ease-out",
              "motion-reduce:transition-none",
              isActive ? "scale-x-100 bg-ember-400" : "scale-x-0 bg-ember-400/50 group-hover:scale-x-100",
            )}
          />
        </span>
      )}
    </NavLink>
  );
}
