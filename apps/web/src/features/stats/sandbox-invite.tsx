import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { useStats } from "./api";

/**
 * The newcomer's first step on the landing page: the demo server, live, at /sandbox. Shown in the
 * page's HTML (where `npm start` serves it, the sandbox is there); hidden, in the space it keeps so
 * nothing moves, once the live figures say this Hearth runs with a real bot token.
 */
export function SandboxInvite({ className }: { className?: string }) {
  const stats = useStats();
  const absent = stats.status === "success" && stats.data.sandbox === false;
  return (
    <p className={cn("text-stone-300", absent && "invisible", className)} aria-hidden={absent || undefined}>
      New here? Try every feature first on a live demo server:{" "}
      <Link
        to="/sandbox"
        tabIndex={absent ? -1 : undefined}
        className="font-semibold text-ember-300 underline decoration-ember-400/40 underline-offset-4 hover:text-ember-200"
      >
        open the sandbox <span aria-hidden="true">→</span>
      </Link>
    </p>
  );
}
