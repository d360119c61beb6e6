import { Link } from "react-router";
import { Logo } from "../ui/logo";

export function BrandLink({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      className="inline-flex shrink-0 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-stone-50"
    >
      <Logo className="size-8" />
      {/* Between md and lg the inline navigation needs the room; the name stays for screen readers. */}
      <span className={compact ? "md:max-lg:sr-only" : undefined}>Hearth</span>
    </Link>
  );
}
